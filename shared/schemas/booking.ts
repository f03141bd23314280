import { z } from 'zod';
import { LIMITS } from '../limits';
import { isoDate, isoDateTime, pagination } from './common';
import { financeEvent } from './finance';
import { text, wellFormedString } from './text';

/**
 * The writable fields of a booking (spec 4.1), strict: an unknown or read-only key is an error,
 * never silently dropped, and no value is coerced.
 */
export const bookingWrite = z.strictObject(
  {
    external_id: text(LIMITS.externalIdMaxLength).nullable().optional(),
    external_service: text().nullable().optional(),
    name: text().nullable().optional(),
    email: text().nullable().optional(),
    mobile: text().nullable().optional(),
    jump_on: wellFormedString({ error: 'must be a date in the form YYYY-MM-DD' })
      .refine((s) => isoDate.safeParse(s).success, { error: 'must be a date in the form YYYY-MM-DD' })
      .nullable()
      .optional(),
    language: text().nullable().optional(),
    reference: text(LIMITS.referenceMaxLength).nullable().optional(),
    camera_package: text().nullable().optional(),
    show_publicly: z.boolean({ error: 'must be true or false' }).optional(),
  },
  { error: 'must be a booking object' },
);
export type BookingWrite = z.infer<typeof bookingWrite>;
export type BookingWritableField = keyof BookingWrite;
export const BOOKING_WRITABLE_FIELDS = Object.keys(bookingWrite.shape) as BookingWritableField[];

/** Fields every list row carries (spec: "at least" these, plus the writable ones here). */
export const bookingListItem = z.looseObject({
  id: z.number().int(),
  uuid: z.string(),
  link: z.string(),
  external_id: z.string().nullable(),
  external_service: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  jump_on: isoDate.nullable(),
  language: z.string().nullable(),
  reference: z.string().nullable(),
  camera_package: z.string().nullable(),
  show_publicly: z.boolean(),
});
export type BookingListItem = z.infer<typeof bookingListItem>;

/**
 * `jump` of the show response: the spec's `id` and `camera`; `filmer_id`, `second_filmer_id` (the
 * videographer of a `both` jump) and `jumped_on` are desk additions (the remote service may omit them).
 */
export const bookingJump = z.looseObject({
  id: z.number().int(),
  camera: z.string().nullable(),
  filmer_id: z.number().int().nullable().optional(),
  second_filmer_id: z.number().int().nullable().optional(),
  jumped_on: isoDate.nullable().optional(),
});

/** The show response: the list fields plus album status, product, jump and the ledger. */
export const bookingShow = bookingListItem.extend({
  album_status_raw: z.string().nullable(),
  product_id: z.number().int().nullable(),
  locked_attributes: z.array(z.string()),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  jump: bookingJump.nullable(),
  finance_events: z.array(financeEvent),
});
export type BookingShow = z.infer<typeof bookingShow>;

export const bookingList = z.object({ bookings: z.array(bookingListItem), pagination });
export type BookingList = z.infer<typeof bookingList>;

/** Query parameters of `GET /bookings`, as the query string carries them. */
export const BOOKING_FILTERS = [
  'q[name_cont]',
  'q[email_cont]',
  'q[jump_on_gteq]',
  'q[jump_on_lteq]',
  'q[jump_on_lt]',
  'q[jump_on_gt]',
] as const;
export type BookingFilterKey = (typeof BOOKING_FILTERS)[number];
