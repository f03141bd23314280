import { z } from 'zod';
import { importKind } from './kinds';
import { importRowStatus } from './row-outcomes';
import { IMPORT_SHOWN_STATES } from './states';

/**
 * How far a send has come: what the progress stream carries (GET /api/desk/imports/events) and a
 * running import's summary holds. `counts` are this send's outcomes so far.
 */
export const importProgress = z.object({
  id: z.number().int(),
  kind: importKind,
  state: z.enum(IMPORT_SHOWN_STATES),
  /** Rows this send goes through (a retry sends only some of the import's rows). */
  to_send: z.number().int(),
  /** Of those, rows with an answer (or recorded as not sent) so far. */
  sent: z.number().int(),
  /** Cancel was asked for: the batch on its way finishes, the rest is recorded as not sent. */
  cancelling: z.boolean(),
  counts: z.partialRecord(importRowStatus, z.number().int()),
  stop_reason: z.string().nullable(),
});
export type ImportProgress = z.infer<typeof importProgress>;

/** The progress stream's events: every import the desk is sending when it opens, then each change. */
export const importEvents = {
  snapshot: z.object({ imports: z.array(importProgress) }),
  progress: importProgress,
};
