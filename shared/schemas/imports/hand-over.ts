import { z } from 'zod';
import { isObject } from '../../objects';
import { text } from '../text';
import { importKind } from './kinds';
import { IMPORT_LIMITS } from './limits';
import { importMapping, mappedToImportFields } from './mappings';
import { IMPORT_DELIMITERS, importDateFormat } from './source-file';

/**
 * The hand-over: the wizard hands the checked rows to the desk once (POST /api/desk/imports, and
 * /api/desk/imports/:id/send for a retry); the desk sends them in batches (to its own store, or to
 * the remote in proxy mode), records each row's outcome in its local store and streams the
 * progress. docs/desk-api.md describes the endpoints.
 */

const rowNumber = z
  .number({ error: 'must be an integer' })
  .int({ error: 'must be an integer' })
  .min(1, { error: 'must be 1 or more' })
  .max(IMPORT_LIMITS.maxRows, { error: `must be at most ${IMPORT_LIMITS.maxRows}` });

/** The row's cells as read from the file (after any fix made in the wizard): kept for the history. */
const rowCells = z
  .array(text(IMPORT_LIMITS.maxCellLength))
  .max(IMPORT_LIMITS.maxColumns, { error: `must have at most ${IMPORT_LIMITS.maxColumns} cells` });

/** The record key: external_id for bookings; external_id or e-mail for filmers. */
const rowKey = text(1_000).nullable().optional();

/**
 * A row to send: its number in the file (its identity in the history), its cells, its key and the
 * record built from the cells. The record is checked by the Sync API's rules as it is sent, as a
 * batch element is (its outcome says what is wrong), so here it only has to be a JSON object.
 */
export const importSendRow = z.strictObject({
  row_number: rowNumber,
  cells: rowCells,
  key: rowKey,
  record: z.custom<Record<string, unknown>>(isObject, { error: 'must be a JSON object' }),
});
export type ImportSendRow = z.infer<typeof importSendRow>;

/** A row recorded without being sent (left out by the person, or with problems), with the reason. */
export const importKeptBackRow = z.strictObject({
  row_number: rowNumber,
  cells: rowCells,
  key: rowKey,
  /** Why it stays behind, as the wizard shows it. */
  message: text(10_000),
});
export type ImportKeptBackRow = z.infer<typeof importKeptBackRow>;

/** The rows of a hand-over: each row number at most once, in either list. */
const handOverRows = {
  send: z.array(importSendRow).max(IMPORT_LIMITS.maxRows, { error: `must have at most ${IMPORT_LIMITS.maxRows} rows` }),
  kept_back: z
    .array(importKeptBackRow)
    .max(IMPORT_LIMITS.maxRows, { error: `must have at most ${IMPORT_LIMITS.maxRows} rows` })
    .optional(),
};

function rowNumbersOnce(
  { send, kept_back = [] }: { send: readonly { row_number: number }[]; kept_back?: readonly { row_number: number }[] },
  ctx: z.RefinementCtx,
): void {
  const seen = new Set<number>();
  const check = (list: 'send' | 'kept_back', rows: readonly { row_number: number }[]) =>
    rows.forEach((row, i) => {
      if (seen.has(row.row_number))
        ctx.addIssue({
          code: 'custom',
          path: [list, i, 'row_number'],
          message: `is ${row.row_number}, a row already handed over in this call`,
        });
      seen.add(row.row_number);
    });
  check('send', send);
  check('kept_back', kept_back);
}

/** An import as a person starts it: the file's facts, and its rows. */
const importFacts = {
  kind: importKind,
  file_name: text(IMPORT_LIMITS.maxFileNameLength).min(1, { error: 'must not be empty' }),
  headers: z
    .array(text(1_000))
    .max(IMPORT_LIMITS.maxColumns, { error: `must have at most ${IMPORT_LIMITS.maxColumns} columns` }),
  mapping: importMapping,
  /** The date format the person picked for jump dates (null: YYYY-MM-DD). */
  date_format: importDateFormat,
  /** Who ran it, as typed in the wizard (optional; the dropzone is always recorded). */
  operator: text(100).nullable().optional(),
  /** The file's delimiter, so the history's downloads open like the file did (null or absent: comma). */
  delimiter: z.enum(IMPORT_DELIMITERS, { error: 'must be one of "," ";" "\\t" "|"' }).nullable().optional(),
  // Bounds with messages of their own: the schema's `error` would otherwise name every failure "must be an integer".
  total_rows: z
    .number({ error: 'must be an integer' })
    .int({ error: 'must be an integer' })
    .min(0, { error: 'must be 0 or more' })
    .max(IMPORT_LIMITS.maxRows, { error: `must be at most ${IMPORT_LIMITS.maxRows}` }),
};

/**
 * POST /api/desk/imports: the person pressed Send. The rows are handed over once; the desk
 * records them all (pending, or left out with the reason) and sends them itself.
 */
export const importStart = z
  .strictObject({ ...importFacts, ...handOverRows })
  .superRefine(mappedToImportFields)
  .superRefine(rowNumbersOnce);
export type ImportStart = z.infer<typeof importStart>;

/** POST /api/desk/imports/:id/send: "Retry failed rows": more rows of a stored import to send. */
export const importResend = z.strictObject(handOverRows).superRefine(rowNumbersOnce);
export type ImportResend = z.infer<typeof importResend>;
