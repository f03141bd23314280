import { z } from 'zod';

/**
 * What became of each row of an import: the statuses, the counts by status, and the history's
 * reads of the rows (GET /api/desk/imports/:id/outcomes and /rows).
 */

/**
 * A row's outcome: the Sync API batch statuses, plus three of the desk's own.
 * `left_out`: a person chose not to send the row (or it had problems and was not fixed).
 * `not_sent`: the import was cancelled, or the row's chunk got no answer (dead remote, network).
 * `pending`: handed to the desk, not sent yet; replaced by the row's outcome as its batch is answered.
 */
export const IMPORT_ROW_STATUSES = [
  'created',
  'ok',
  'partial_update',
  'not_found',
  'unprocessable_content',
  // A booking whose jump_on is too old comes back `not_acceptable` (spec section 7).
  'not_acceptable',
  'conflict',
  'left_out',
  'not_sent',
  // Recorded for every row handed over, before the first batch goes, so an import the desk could
  // not finish (it stopped, or crashed) still lists every row; a row still `pending` in an
  // interrupted import was not sent (or its answer never came back), and a retry sends it safely.
  'pending',
] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];
export const importRowStatus = z.enum(IMPORT_ROW_STATUSES, {
  error: `must be one of ${IMPORT_ROW_STATUSES.join(', ')}`,
});

/** Outcomes that count as done: a retry leaves these rows alone. */
export const IMPORT_DONE_STATUSES: readonly ImportRowStatus[] = ['created', 'ok', 'partial_update'];

export type ImportCounts = Partial<Record<ImportRowStatus, number>>;

// ---- requests -------------------------------------------------------------------------------

const POSITIVE = 'must be a positive integer';
const positiveInteger = z
  .string()
  .regex(/^\d{1,9}$/, { error: POSITIVE })
  .refine((value) => Number(value) >= 1, { error: POSITIVE })
  .transform(Number);

/**
 * GET /api/desk/imports/:id/rows?status=…&failed=true&page=&per_page=: one status, the rows not
 * done (`true`/`1`), both, or all; pages from 1, `per_page` capped at IMPORT_LIMITS.rowsPerPageMax.
 */
export const importRowQuery = z.strictObject({
  status: importRowStatus.optional(),
  failed: z
    .enum(['true', '1', 'false', '0'], { error: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
  page: positiveInteger.optional(),
  per_page: positiveInteger.optional(),
});
export type ImportRowQuery = z.input<typeof importRowQuery>;

// ---- responses ------------------------------------------------------------------------------

/** GET /api/desk/imports/:id/outcomes: every row's outcome, without its cells (the wizard has them). */
export const importOutcomes = z.object({
  outcomes: z.array(
    z.object({
      row_number: z.number().int(),
      status: importRowStatus,
      message: z.string().nullable(),
      record_id: z.number().int().nullable(),
    }),
  ),
});
export type ImportOutcomes = z.infer<typeof importOutcomes>;

export const importRow = z.object({
  row_number: z.number().int(),
  cells: z.array(z.string()),
  key: z.string().nullable(),
  status: importRowStatus,
  message: z.string().nullable(),
  record_id: z.number().int().nullable(),
  updated_at: z.string(),
});
export type ImportRow = z.infer<typeof importRow>;

/** GET /api/desk/imports/:id/rows?status=…&failed=true&page=&per_page= (ordered by row_number) */
export const importRowPage = z.object({
  rows: z.array(importRow),
  pagination: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});
