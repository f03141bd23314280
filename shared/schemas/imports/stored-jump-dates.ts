import { z } from 'zod';
import { LIMITS } from '../../limits';
import { text } from '../text';
import { IMPORT_LIMITS } from './limits';

/** The jump dates bookings already have, by external id: what the wizard's Check compares a file with. */

/** POST /api/desk/imports/stored-jump-dates: the jump dates bookings already have (the wizard's Check). */
export const storedJumpDatesQuery = z.strictObject({
  external_ids: z
    .array(text(LIMITS.externalIdMaxLength))
    .max(IMPORT_LIMITS.maxLookups, { error: `must have at most ${IMPORT_LIMITS.maxLookups} ids` }),
});

/** POST /api/desk/imports/stored-jump-dates → external id → stored jump_on (null: no such booking, or no date). */
export const storedJumpDates = z.object({
  jump_dates: z.record(z.string(), z.string().nullable()),
  /** Ids the remote did not answer for (proxy mode): ask again at the next check. */
  not_answered: z.array(z.string()),
});
export type StoredJumpDates = z.infer<typeof storedJumpDates>;
