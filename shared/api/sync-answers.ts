import { z } from 'zod';
import { isoDateTime } from '../schemas/common';
import { specBatchEntry, specBookingList, specBookingListItem, specBookingShow, specFilmer } from '../schemas/contract';

/**
 * The Sync API's answers as the desk's page reads them: the spec's shapes (what a remote server
 * promises, shared/schemas/contract.ts), with each field the spec leaves out read as none (null,
 * or no locks) when it is absent. So a page typed by these works against any Sync API server,
 * and shows "none" rather than "undefined" (or a crash on an absent date) in proxy mode.
 */

const noneIfAbsent = <S extends z.ZodType>(schema: S) => schema.nullable().default(null);

/** Booking fields the spec's list rows need not carry (spec 4.1 "at least" lists the others). */
const bookingExtras = {
  external_service: noneIfAbsent(z.string()),
  mobile: noneIfAbsent(z.string()),
  language: noneIfAbsent(z.string()),
  reference: noneIfAbsent(z.string()),
  camera_package: noneIfAbsent(z.string()),
};

export const bookingListItemAnswer = specBookingListItem.extend(bookingExtras);
export type BookingListItemAnswer = z.output<typeof bookingListItemAnswer>;

export const bookingListAnswer = specBookingList.extend({ bookings: z.array(bookingListItemAnswer) });

export const bookingShowAnswer = specBookingShow.extend({
  ...bookingExtras,
  product_id: noneIfAbsent(z.number().int()),
  locked_attributes: z.array(z.string()).default([]),
  created_at: noneIfAbsent(isoDateTime),
  updated_at: noneIfAbsent(isoDateTime),
});
export type BookingShowAnswer = z.output<typeof bookingShowAnswer>;

export const filmerAnswer = specFilmer.extend({ external_service: noneIfAbsent(z.string()) });
export type FilmerAnswer = z.output<typeof filmerAnswer>;
export const filmerListAnswer = z.array(filmerAnswer);

/**
 * A batch's answer: the spec's, one result per element, where an element that failed inside the
 * desk (a bug; rolled back alone, spec 4.5) says `internal_error` rather than taking the batch down.
 */
export const batchAnswer = z.object({
  results: z.array(
    z.union([specBatchEntry, z.looseObject({ status: z.literal('internal_error'), error: z.string() })]),
  ),
});
