import { z } from 'zod';
import { DATE_FORMATS, DEFAULT_DATE_FORMAT } from '../import-date-formats';
import { IMPORT_FIELD_NAMES } from '../import-fields';
import { text, wellFormedString } from './text';

/**
 * The desk API for import history and remembered column mappings (/api/desk/imports,
 * /api/desk/import-mappings). The wizard sends rows to the Sync API's batch endpoints and
 * records each row's outcome here, in the local store (also in proxy mode: the history is the
 * desk's own, not the remote's). docs/desk-api.md describes the endpoints.
 */

export const IMPORT_KINDS = ['bookings', 'filmers'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const importKind = z.enum(IMPORT_KINDS, { error: 'must be "bookings" or "filmers"' });

/**
 * A row's outcome: the Sync API batch statuses, plus two the wizard decides itself.
 * `left_out`: a person chose not to send the row (or it had problems and was not fixed).
 * `not_sent`: the import was cancelled, or the row's chunk got no answer (dead remote, network).
 * `pending`: recorded when the send starts, replaced by the row's outcome as its batch is answered.
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
  // Recorded for every row to be sent before the first batch goes, so an import the window left
  // mid-send still lists every row; a row still `pending` in an interrupted import was not sent
  // (or its answer never came back), and a retry sends it safely.
  'pending',
] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];
export const importRowStatus = z.enum(IMPORT_ROW_STATUSES, { error: `must be one of ${IMPORT_ROW_STATUSES.join(', ')}` });

/** Outcomes that count as done: a retry leaves these rows alone. */
export const IMPORT_DONE_STATUSES: readonly ImportRowStatus[] = ['created', 'ok', 'partial_update'];

/** What the wizard sets (PATCH) and the store keeps. */
export const IMPORT_STATES = ['running', 'finished', 'cancelled'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/**
 * What the history shows: a stored `running` import whose window stopped renewing its lease (closed,
 * reloaded, crashed) reads as `interrupted` (docs/spec-decisions.md, "An import left running").
 */
export const IMPORT_SHOWN_STATES = [...IMPORT_STATES, 'interrupted'] as const;
export type ImportShownState = (typeof IMPORT_SHOWN_STATES)[number];

/**
 * A running import belongs to the window sending it for this long after its last sign of life
 * (created, rows recorded, lease renewed); the wizard renews every IMPORT_LEASE_RENEW_MS. A hidden
 * window's timers may be slowed to one a minute, hence the margin.
 */
export const IMPORT_LEASE_MS = 3 * 60_000;
export const IMPORT_LEASE_RENEW_MS = 20_000;

/** Delimiters a source file can have (the parser finds them); the history's downloads use the file's own. */
export const IMPORT_DELIMITERS = [',', ';', '\t', '|'] as const;
export type ImportDelimiter = (typeof IMPORT_DELIMITERS)[number];

export const IMPORT_LIMITS = {
  /** Rows one import may hold (the issue's 50,000 with headroom). */
  maxRows: 200_000,
  /** Rows in one POST …/rows call. */
  maxRowsPerCall: 10_000,
  maxColumns: 200,
  maxCellLength: 10_000,
  maxFileNameLength: 255,
  rowsPerPageDefault: 1_000,
  rowsPerPageMax: 10_000,
} as const;

/** Column header → field name, or null for an ignored column. */
export const importMapping = z.record(text(1_000), wellFormedString({ error: 'must be a field name or null' }).max(100).nullable(), {
  // Only for a mapping that is no object: a bad header (a key) keeps its own message.
  error: (issue) => (issue.code === 'invalid_type' ? 'must be an object of header → field or null' : undefined),
});
export type ImportMapping = z.infer<typeof importMapping>;

/** The date format a person picked for jump dates: one the wizard offers, or null for YYYY-MM-DD. */
const importDateFormat = z.enum(DATE_FORMATS, { error: `must be one of ${DATE_FORMATS.join(', ')}, or null for ${DEFAULT_DATE_FORMAT}` }).nullable().optional();

/**
 * Every column of a mapping goes to a field of the import's kind (or nowhere: null). The wizard
 * offers no other; a mapping to anything else would be kept, and reopening the import would send
 * that column nowhere.
 */
function mappedToImportFields({ kind, mapping }: { kind: ImportKind; mapping: ImportMapping }, ctx: z.RefinementCtx): void {
  const known = IMPORT_FIELD_NAMES[kind] as readonly string[] | undefined;
  if (!known) return;
  for (const [header, field] of Object.entries(mapping)) {
    if (field === null || known.includes(field)) continue;
    ctx.addIssue({ code: 'custom', path: ['mapping', header], message: `is ${JSON.stringify(field)}, which is no ${kind} import field: use one of ${known.join(', ')}, or null to leave the column out` });
  }
}

// ---- requests -------------------------------------------------------------------------------

/** POST /api/desk/imports: an import starts when the person presses Send. */
export const importCreate = z.strictObject({
  kind: importKind,
  file_name: text(IMPORT_LIMITS.maxFileNameLength).min(1, { error: 'must not be empty' }),
  headers: z.array(text(1_000)).max(IMPORT_LIMITS.maxColumns, { error: `must have at most ${IMPORT_LIMITS.maxColumns} columns` }),
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
}).superRefine(mappedToImportFields);
export type ImportCreate = z.infer<typeof importCreate>;

export const importRowInput = z.strictObject({
  /** 1-based data row number in the file (the header row not counted); the row's identity. */
  row_number: z
    .number({ error: 'must be an integer' })
    .int({ error: 'must be an integer' })
    .min(1, { error: 'must be 1 or more' })
    .max(IMPORT_LIMITS.maxRows, { error: `must be at most ${IMPORT_LIMITS.maxRows}` }),
  /** The row's cells as read from the file (after any fix made in the wizard). */
  cells: z.array(text(IMPORT_LIMITS.maxCellLength)).max(IMPORT_LIMITS.maxColumns),
  /** The record key: external_id for bookings; external_id or e-mail for filmers. */
  key: text(1_000).nullable().optional(),
  status: importRowStatus,
  /** The server's error(s) or warning joined, or why the wizard left the row out. */
  message: text(10_000).nullable().optional(),
  /** The record's id when the server returned one. */
  record_id: z.number().int().nullable().optional(),
});
export type ImportRowInput = z.infer<typeof importRowInput>;

/** POST /api/desk/imports/:id/rows: record outcomes; a row_number already recorded is replaced (retries). */
export const importRowsWrite = z.strictObject({
  rows: z.array(importRowInput).max(IMPORT_LIMITS.maxRowsPerCall, { error: `must have at most ${IMPORT_LIMITS.maxRowsPerCall} rows per call` }),
});

/** PATCH /api/desk/imports/:id: the wizard ends (or a retry reopens) an import. */
export const importStateWrite = z.strictObject({ state: z.enum(IMPORT_STATES, { error: 'must be "running", "finished" or "cancelled"' }) });

/** PUT /api/desk/import-mappings: remember a mapping for files with the same headers. */
export const importMappingWrite = z.strictObject({
  kind: importKind,
  headers: z.array(text(1_000)).min(1).max(IMPORT_LIMITS.maxColumns),
  mapping: importMapping,
  date_format: importDateFormat,
}).superRefine(mappedToImportFields);

// ---- responses ------------------------------------------------------------------------------

export type ImportCounts = Partial<Record<ImportRowStatus, number>>;

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
  /** Until when the sending window holds a running import (ISO; null once it let go or never held one). */
  lease_until: z.string().nullable(),
  total_rows: z.number().int(),
  /** Rows recorded so far, by status (statuses with no rows are absent). */
  counts: z.partialRecord(importRowStatus, z.number().int()),
});
export type ImportSummary = z.infer<typeof importSummary>;

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
  pagination: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int(), pages: z.number().int() }),
});

/** GET /api/desk/import-mappings?kind=…&headers=<JSON array> → the remembered mapping or null */
export const rememberedMapping = z.object({ mapping: importMapping.nullable(), date_format: z.string().nullable() });
