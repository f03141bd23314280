import { z } from 'zod';
import { isObject } from '../objects';
import { SYNC_OUTCOMES } from '../outcomes';
import { bookingListItem, bookingShow } from './booking';
import { product, productList, upgrade, upgradeList } from './catalogue';
import { errorBody, pagination } from './common';
import { filmer } from './filmer';

/**
 * The spec's own response shapes, as the proxy's contract check holds a remote server to them.
 * They are cut from the desk's wire schemas (so each field's type has one home) down to what the
 * spec requires: fields the desk adds or always sends (`mobile`, `product_id`,
 * `locked_attributes`…) are optional here but still type-checked when present. Objects are
 * loose: a field the spec does not know is never a deviation.
 */

export const syncOutcome = z.enum(SYNC_OUTCOMES, { error: `one of the spec's outcomes (${SYNC_OUTCOMES.join(', ')})` });

const carriesMessage = (body: { error?: unknown; errors?: unknown }) =>
  body.error !== undefined || body.errors !== undefined;
/** Runs even when other fields failed, so every deviation is reported at once. */
const MESSAGE_REQUIRED = {
  error: 'an "error" string or an "errors" array of strings',
  path: ['error'],
  when: (payload: { value: unknown }) => isObject(payload.value),
};

/** Spec 4.1: list rows carry "at least" these fields. */
export const specBookingListItem = bookingListItem.partial().required({
  id: true,
  uuid: true,
  link: true,
  external_id: true,
  name: true,
  email: true,
  jump_on: true,
  show_publicly: true,
});
export const specBookingList = z.object({ bookings: z.array(specBookingListItem), pagination });

/** Spec 4.1 "Get booking": the booking with `album_status_raw`, `jump` and `finance_events` (2.1, 2.5). */
export const specBookingShow = bookingShow.partial().required({
  id: true,
  uuid: true,
  link: true,
  external_id: true,
  name: true,
  email: true,
  jump_on: true,
  show_publicly: true,
  album_status_raw: true,
  jump: true,
  finance_events: true,
});

/** Spec 4.1 create sample: `id`, `external_id`, `name`, `status`. */
export const specBookingCreated = bookingListItem
  .partial()
  .required({ id: true })
  .extend({ external_id: z.string(), status: z.literal('created') });
export const specBookingUpdated = bookingListItem
  .partial()
  .required({ id: true })
  .extend({ external_id: z.string(), status: z.literal('ok') });
export const specBookingPartialUpdate = z.looseObject({
  external_id: z.string(),
  status: z.literal('partial_update'),
  warning: z.string(),
});

/** Spec 4.2: filmer objects carry these (external_id may be null: it is optional on create). */
export const specFilmer = filmer.partial().required({
  id: true,
  external_id: true,
  name: true,
  email: true,
  tandem_instructor: true,
  videographer: true,
  active: true,
});
export const specFilmerList = z.array(specFilmer);
export const specFilmerCreated = filmer
  .partial()
  .required({ id: true, name: true })
  .extend({ status: z.literal('created') });
export const specFilmerUpdated = specFilmer.extend({ status: z.literal('ok') });

export const specProductList = productList;
export const specProduct = product;
export const specUpgradeList = upgradeList;
export const specUpgrade = upgrade;

/** Spec 7: an error or refused outcome of a Sync API operation. */
export const specOutcomeError = errorBody.extend({ status: syncOutcome }).refine(carriesMessage, MESSAGE_REQUIRED);
/** An HTTP-level error the spec does not show (401, 413, 5xx…): `status` plus a message, any status name. */
export const specHttpError = errorBody.refine(carriesMessage, MESSAGE_REQUIRED);

const OUTCOMES_WITH_MESSAGE = new Set<string>(['unprocessable_content', 'not_acceptable', 'conflict', 'not_found']);

/** Spec 4.1/4.2 batches: one entry per element, each with its own outcome. */
export const specBatchEntry = errorBody
  .extend({ status: syncOutcome, warning: z.string().optional() })
  .superRefine((entry, ctx) => {
    if (OUTCOMES_WITH_MESSAGE.has(entry.status) && !carriesMessage(entry)) {
      ctx.addIssue({
        code: 'custom',
        path: ['error'],
        message: `an "error" string or an "errors" array of strings (status is ${entry.status})`,
      });
    }
    if (entry.status === 'partial_update' && entry.warning === undefined) {
      ctx.addIssue({ code: 'custom', path: ['warning'], message: 'a "warning" string (status is partial_update)' });
    }
  });
export const specBatchResults = z.object({ results: z.array(specBatchEntry) });
