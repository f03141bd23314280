import { z } from 'zod';
import { DATE_FORMATS, DEFAULT_DATE_FORMAT } from '../import-date-formats';
import { IMPORT_FIELD_NAMES } from '../import-fields';
import { LIMITS } from '../limits';
import { text, wellFormedString } from './text';

/**
 * The desk API for imports, their history and remembered column mappings (/api/desk/imports,
 * /api/desk/import-mappings). The wizard hands the checked rows to the desk once; the desk sends
 * them in batches (to its own store, or to the remote in proxy mode), records each row's outcome
 * in its local store and streams the progress. docs/desk-api.md describes the endpoints.
 */

export const IMPORT_KINDS = ['bookings', 'filmers'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const importKind = z.enum(IMPORT_KINDS, { error: 'must be "bookings" or "filmers"' });

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

/** What the store keeps: the desk sets these as it runs an import. */
export const IMPORT_STATES = ['running', 'finished', 'cancelled'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/**
 * What the history shows: a stored `running` import that this desk process is not running (the
 * desk stopped or crashed while sending it) reads as `interrupted` (docs/spec-decisions.md, "An
 * import left running").
 */
export const IMPORT_SHOWN_STATES = [...IMPORT_STATES, 'interrupted'] as const;
export type ImportShownState = (typeof IMPORT_SHOWN_STATES)[number];

/** Rows per batch the desk sends (to its own store or to the remote): one transaction, one progress step. */
export const IMPORT_CHUNK_SIZE = 500;

/** Delimiters a source file can have (the parser finds them); the history's downloads use the file's own. */
export const IMPORT_DELIMITERS = [',', ';', '\t', '|'] as const;
export type ImportDelimiter = (typeof IMPORT_DELIMITERS)[number];

export const IMPORT_LIMITS = {
  /** Rows one import may hold (the issue's 50,000 with headroom). */
  maxRows: 200_000,
  /**
   * The hand-over (every row of an import in one call, records and cells): a 50,000-row file of
   * seven columns is about 20 MB, so 200,000 rows fit, wide ones too. The rest of the desk API
   * keeps the server's usual limit.
   */
  handOverBodyBytes: 256 * 1024 * 1024,
  /** External ids in one stored-jump-dates look-up (a file's worth). */
  maxLookups: 200_000,
  maxColumns: 200,
  maxCellLength: 10_000,
  maxFileNameLength: 255,
  rowsPerPageDefault: 1_000,
  rowsPerPageMax: 10_000,
} as const;

/** Column header → field name, or null for an ignored column. */
export const importMapping = z.record(
  text(1_000),
  wellFormedString({ error: 'must be a field name or null' }).max(100).nullable(),
  {
    // Only for a mapping that is no object: a bad header (a key) keeps its own message.
    error: (issue) => (issue.code === 'invalid_type' ? 'must be an object of header → field or null' : undefined),
  },
);
export type ImportMapping = z.infer<typeof importMapping>;

/** The date format a person picked for jump dates: one the wizard offers, or null for YYYY-MM-DD. */
const importDateFormat = z
  .enum(DATE_FORMATS, { error: `must be one of ${DATE_FORMATS.join(', ')}, or null for ${DEFAULT_DATE_FORMAT}` })
  .nullable()
  .optional();

/**
 * Every column of a mapping goes to a field of the import's kind (or nowhere: null). The wizard
 * offers no other; a mapping to anything else would be kept, and reopening the import would send
 * that column nowhere.
 */
function mappedToImportFields(
  { kind, mapping }: { kind: ImportKind; mapping: ImportMapping },
  ctx: z.RefinementCtx,
): void {
  const known = IMPORT_FIELD_NAMES[kind] as readonly string[] | undefined;
  if (!known) return;
  for (const [header, field] of Object.entries(mapping)) {
    if (field === null || known.includes(field)) continue;
    ctx.addIssue({
      code: 'custom',
      path: ['mapping', header],
      message: `is ${JSON.stringify(field)}, which is no ${kind} import field: use one of ${known.join(', ')}, or null to leave the column out`,
    });
  }
}

// ---- requests -------------------------------------------------------------------------------

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
  record: z.custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    { error: 'must be a JSON object' },
  ),
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

const POSITIVE = 'must be a positive integer';
const positiveInteger = z
  .string()
  .regex(/^\d{1,9}$/, { error: POSITIVE })
  .refine((value) => Number(value) >= 1, { error: POSITIVE })
  .transform(Number);

/** GET /api/desk/imports?kind=… (the query string's values are text). */
export const importListQuery = z.strictObject({ kind: importKind.optional() });

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

/** POST /api/desk/imports/stored-jump-dates: the jump dates bookings already have (the wizard's Check). */
export const storedJumpDatesQuery = z.strictObject({
  external_ids: z
    .array(text(LIMITS.externalIdMaxLength))
    .max(IMPORT_LIMITS.maxLookups, { error: `must have at most ${IMPORT_LIMITS.maxLookups} ids` }),
});

/** PUT /api/desk/import-mappings: remember a mapping for files with the same headers. */
export const importMappingWrite = z
  .strictObject({
    kind: importKind,
    headers: z.array(text(1_000)).min(1).max(IMPORT_LIMITS.maxColumns),
    mapping: importMapping,
    date_format: importDateFormat,
  })
  .superRefine(mappedToImportFields);

// ---- responses ------------------------------------------------------------------------------

export type ImportCounts = Partial<Record<ImportRowStatus, number>>;

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

/** The progress stream's events: every import the desk is sending when it opens, then each change. */
export const importEvents = {
  snapshot: z.object({ imports: z.array(importProgress) }),
  progress: importProgress,
};

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

/** POST /api/desk/imports/stored-jump-dates → external id → stored jump_on (null: no such booking, or no date). */
export const storedJumpDates = z.object({
  jump_dates: z.record(z.string(), z.string().nullable()),
  /** Ids the remote did not answer for (proxy mode): ask again at the next check. */
  not_answered: z.array(z.string()),
});
export type StoredJumpDates = z.infer<typeof storedJumpDates>;

/** GET /api/desk/imports (newest first) */
export const importList = z.object({ imports: z.array(importSummary) });

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

/** GET /api/desk/import-mappings?kind=…&headers=<JSON array> → the remembered mapping or null */
export const rememberedMapping = z.object({ mapping: importMapping.nullable(), date_format: z.string().nullable() });
