import { z } from 'zod';
import { BOOKING_WRITABLE_FIELDS, bookingShow, bookingWrite } from './booking';

/**
 * The desk's own booking edits (/api/desk/bookings/:external_id): a person at the desk changes a
 * booking by hand, and each field they change is locked against the booking system's next sync
 * (spec: attributes "changed by hand" lock). docs/desk-api.md describes the endpoints.
 */

/** PATCH body: the booking's writable fields except its external_id, which names it in the path. */
export const handEdit = bookingWrite.omit({ external_id: true });
export type HandEdit = z.infer<typeof handEdit>;

const lockableField = z.enum(BOOKING_WRITABLE_FIELDS.filter((f) => f !== 'external_id') as [string, ...string[]], {
  error: `must be one of ${BOOKING_WRITABLE_FIELDS.filter((f) => f !== 'external_id').join(', ')}`,
});

/** POST …/unlock body: hand the named fields back to the booking system. */
export const unlockFields = z.strictObject({
  fields: z
    .array(lockableField, { error: 'must be an array of field names' })
    .min(1, { error: 'must name at least one field' }),
});
export type UnlockFields = z.infer<typeof unlockFields>;

/**
 * What a hand edit and an unlock answer: the booking's record (its fields, product and locks, as a
 * sync create or update answers it; no jump, no ledger) with `status: "ok"`.
 */
export const handEditAnswer = bookingShow
  .omit({ jump: true, finance_events: true })
  .extend({ status: z.literal('ok') });
export type HandEditAnswer = z.infer<typeof handEditAnswer>;
