import { z } from 'zod';
import { importKind } from './kinds';
import { importMapping } from './mappings';
import { importProgress } from './progress';
import { importRowStatus } from './row-outcomes';
import { IMPORT_DELIMITERS } from './source-file';
import { IMPORT_SHOWN_STATES } from './states';

/** The imports the desk has recorded, newest first: GET /api/desk/imports and /api/desk/imports/:id. */

/** GET /api/desk/imports?kind=… (the query string's values are text). */
export const importListQuery = z.strictObject({ kind: importKind.optional() });

export const importSummary = z.object({
  id: z.number().int(),
  kind: importKind,
  file_name: z.string(),
  dropzone: z.string(),
  operator: z.string().nullable(),
  state: z.enum(IMPORT_SHOWN_STATES),
  created_at: z.string(),
  updated_at: z.string(),
  headers: z.array(z.string()),
  mapping: importMapping,
  date_format: z.string().nullable(),
  /** The source file's delimiter (null: comma, also for imports recorded before it was kept). */
  delimiter: z.enum(IMPORT_DELIMITERS).nullable(),
  total_rows: z.number().int(),
  /** Rows recorded so far, by status (statuses with no rows are absent). */
  counts: z.partialRecord(importRowStatus, z.number().int()),
  /** Why the last send stopped before its end (no answer from the remote, the desk stopped), or null. */
  stop_reason: z.string().nullable(),
  /** While the desk sends it: how far (null otherwise). */
  progress: importProgress.nullable(),
});
export type ImportSummary = z.infer<typeof importSummary>;

/** GET /api/desk/imports (newest first) */
export const importList = z.object({ imports: z.array(importSummary) });
