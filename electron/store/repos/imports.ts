import type { Database, Statement } from 'better-sqlite3';
import type { RowOutcome } from '../../../shared/rules/import-outcomes';
import type { ImportKeptBackRow, ImportSendRow, ImportStart } from '../../../shared/schemas/imports/hand-over';
import type { ImportKind } from '../../../shared/schemas/imports/kinds';
import type { ImportMapping } from '../../../shared/schemas/imports/mappings';
import {
  IMPORT_DONE_STATUSES,
  type ImportCounts,
  type ImportRow,
  type ImportRowStatus,
} from '../../../shared/schemas/imports/row-outcomes';
import type { ImportDelimiter } from '../../../shared/schemas/imports/source-file';
import type { ImportShownState, ImportState } from '../../../shared/schemas/imports/states';

/** An import as stored, JSON columns parsed. */
export interface ImportRecord {
  id: number;
  dropzone_id: number;
  kind: ImportKind;
  file_name: string;
  operator: string | null;
  state: ImportState;
  created_at: string;
  updated_at: string;
  headers: string[];
  mapping: ImportMapping;
  date_format: string | null;
  delimiter: ImportDelimiter | null;
  total_rows: number;
  /** Why the last send ended early, or null. */
  stop_reason: string | null;
}

/** The facts of a new import (what the person's file and choices say), without its rows. */
export type ImportFacts = Omit<ImportStart, 'send' | 'kept_back'>;

/** Which rows a page holds: one status, the not-done ones, both (AND), or all. */
export interface ImportRowFilter {
  status?: ImportRowStatus;
  failed?: boolean;
}

/** A row's outcome as the outcomes call gives it: no cells. */
export interface StoredOutcome {
  row_number: number;
  status: ImportRowStatus;
  message: string | null;
  record_id: number | null;
}

/**
 * "Not done", spelt exactly as the partial index import_rows_failed (migration 004) spells it:
 * SQLite uses a partial index only when the query repeats its condition.
 */
export const NOT_DONE_CONDITION = `status NOT IN (${IMPORT_DONE_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/** What a handed-over row is recorded as until its batch is answered. */
export const PENDING_MESSAGE = 'not sent yet: no answer recorded for this row; retrying it is safe';

type ImportRowRecord = Omit<ImportRecord, 'headers' | 'mapping'> & { headers: string; mapping: string };
type StoredRow = Omit<ImportRow, 'cells'> & { cells: string };

function fromImportRow(row: ImportRowRecord): ImportRecord {
  return { ...row, headers: JSON.parse(row.headers) as string[], mapping: JSON.parse(row.mapping) as ImportMapping };
}

function fromStoredRow(row: StoredRow): ImportRow {
  return { ...row, cells: JSON.parse(row.cells) as string[] };
}

/** How the history shows an import: a stored running import that this desk process is not sending was interrupted. */
export function shownState(record: Pick<ImportRecord, 'state'>, sendingNow: boolean): ImportShownState {
  if (record.state !== 'running') return record.state;
  return sendingNow ? 'running' : 'interrupted';
}

const ROW_COLUMNS = 'row_number, cells, key, status, message, record_id, updated_at';

export class ImportRepo {
  private readonly insertStmt;
  private readonly byIdStmt;
  private readonly listStmt;
  private readonly listByKindStmt;
  private readonly countsStmt;
  private readonly upsertRowStmt;
  private readonly outcomeStmt;
  private readonly outcomesStmt;
  private readonly runningStmt;
  private readonly endStmt;
  private readonly stopReasonStmt;
  private readonly deleteStmt;
  /** Row pages by filter, prepared once each: the WHERE differs, and with it the index used. */
  private readonly pageStmts: Record<
    'all' | 'status' | 'failed' | 'statusFailed',
    { page: Statement; count: Statement }
  >;

  constructor(db: Database) {
    this.insertStmt = db.prepare(`
      INSERT INTO imports (dropzone_id, kind, file_name, operator, state, created_at, updated_at, headers, mapping, date_format, delimiter, total_rows)
      VALUES (@dropzone_id, @kind, @file_name, @operator, 'running', @now, @now, @headers, @mapping, @date_format, @delimiter, @total_rows)`);
    this.byIdStmt = db.prepare<[number, number], ImportRowRecord>(
      'SELECT * FROM imports WHERE dropzone_id = ? AND id = ?',
    );
    // Id order is creation order, whatever the clock did in between (a corrected system time).
    this.listStmt = db.prepare<[number, number], ImportRowRecord>(
      'SELECT * FROM imports WHERE dropzone_id = ? ORDER BY id DESC LIMIT ?',
    );
    this.listByKindStmt = db.prepare<[number, string, number], ImportRowRecord>(
      'SELECT * FROM imports WHERE dropzone_id = ? AND kind = ? ORDER BY id DESC LIMIT ?',
    );
    this.countsStmt = db.prepare<[number], { status: ImportRowStatus; n: number }>(
      'SELECT status, count(*) AS n FROM import_rows WHERE import_id = ? GROUP BY status',
    );
    // Positional parameters, here and for outcomes: run once per row, and binding named ones from an
    // object costs more than the statement's own work.
    this.upsertRowStmt = db.prepare<[number, number, string, string | null, ImportRowStatus, string, string]>(`
      INSERT INTO import_rows (import_id, row_number, cells, key, status, message, record_id, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, NULL, ?)
      ON CONFLICT (import_id, row_number) DO UPDATE SET
        cells = excluded.cells, key = excluded.key, status = excluded.status, message = excluded.message,
        record_id = NULL, updated_at = excluded.updated_at`);
    // The row is there (handed over as pending): only its outcome changes, the cells stay as stored.
    this.outcomeStmt = db.prepare<[ImportRowStatus, string | null, number | null, string, number, number]>(
      'UPDATE import_rows SET status = ?, message = ?, record_id = ?, updated_at = ? WHERE import_id = ? AND row_number = ?',
    );
    this.outcomesStmt = db.prepare<[number], StoredOutcome>(
      'SELECT row_number, status, message, record_id FROM import_rows WHERE import_id = ? ORDER BY row_number',
    );
    this.runningStmt = db.prepare(
      "UPDATE imports SET state = 'running', stop_reason = NULL, updated_at = @now WHERE id = @id",
    );
    this.endStmt = db.prepare(
      'UPDATE imports SET state = @state, stop_reason = @stop_reason, updated_at = @now WHERE id = @id',
    );
    this.stopReasonStmt = db.prepare('UPDATE imports SET stop_reason = @stop_reason, updated_at = @now WHERE id = @id');
    this.deleteStmt = db.prepare('DELETE FROM imports WHERE dropzone_id = ? AND id = ?');

    const pageOf = (where: string, from = 'import_rows') => ({
      page: db.prepare(
        `SELECT ${ROW_COLUMNS} FROM ${from} WHERE ${where} ORDER BY row_number LIMIT @limit OFFSET @offset`,
      ),
      count: db.prepare(`SELECT count(*) AS n FROM ${from} WHERE ${where}`),
    });
    this.pageStmts = {
      all: pageOf('import_id = @import_id'),
      status: pageOf('import_id = @import_id AND status = @status'),
      // Without statistics the planner would count through import_rows_by_status (every row of the
      // import); INDEXED BY names the partial index, and fails at prepare if the condition drifts.
      failed: pageOf(`import_id = @import_id AND ${NOT_DONE_CONDITION}`, 'import_rows INDEXED BY import_rows_failed'),
      statusFailed: pageOf(`import_id = @import_id AND status = @status AND ${NOT_DONE_CONDITION}`),
    };
  }

  /** A new import, running. Its rows come with handOver, in the same transaction (the caller's). */
  create(dropzoneId: number, facts: ImportFacts, now: string): number {
    const result = this.insertStmt.run({
      dropzone_id: dropzoneId,
      kind: facts.kind,
      file_name: facts.file_name,
      operator: facts.operator ?? null,
      now,
      headers: JSON.stringify(facts.headers),
      mapping: JSON.stringify(facts.mapping),
      date_format: facts.date_format ?? null,
      delimiter: facts.delimiter ?? null,
      total_rows: facts.total_rows,
    });
    return Number(result.lastInsertRowid);
  }

  /**
   * Rows handed over for a send: those to send recorded as pending, the kept-back ones as left out
   * with their reason; a row number already recorded is replaced (a retry). The import runs again.
   * Call it inside a transaction: the hand-over is all or nothing.
   */
  handOver(
    importId: number,
    send: readonly Omit<ImportSendRow, 'record'>[],
    keptBack: readonly ImportKeptBackRow[],
    now: string,
  ): void {
    const write = (
      row: { row_number: number; cells: string[]; key?: string | null },
      status: ImportRowStatus,
      message: string,
    ) =>
      this.upsertRowStmt.run(
        importId,
        row.row_number,
        JSON.stringify(row.cells),
        row.key ?? null,
        status,
        message,
        now,
      );
    for (const row of keptBack) write(row, 'left_out', row.message);
    for (const row of send) write(row, 'pending', PENDING_MESSAGE);
    this.runningStmt.run({ id: importId, now });
  }

  /**
   * One row's outcome, written in the caller's transaction (with the record it is about, in local
   * mode). Throws for a row never handed over: an outcome with nowhere to go must undo its record.
   */
  recordOutcome(importId: number, rowNumber: number, outcome: RowOutcome, now: string): void {
    const { changes } = this.outcomeStmt.run(
      outcome.status,
      outcome.message,
      outcome.record_id,
      now,
      importId,
      rowNumber,
    );
    if (changes === 0)
      throw new Error(
        `row ${rowNumber} of import ${importId} was never handed over, so its outcome cannot be recorded`,
      );
  }

  /** The send is over: finished (perhaps stopped early, with the reason) or cancelled. */
  end(importId: number, state: Exclude<ImportState, 'running'>, stopReason: string | null, now: string): void {
    this.endStmt.run({ id: importId, state, stop_reason: stopReason, now });
  }

  /** Why a send that is still running in the store could not go on (the desk stopping under it). */
  noteStopReason(importId: number, stopReason: string, now: string): void {
    this.stopReasonStmt.run({ id: importId, stop_reason: stopReason, now });
  }

  /** Every row's outcome, in row order. */
  outcomes(importId: number): StoredOutcome[] {
    return this.outcomesStmt.all(importId);
  }

  byId(dropzoneId: number, id: number): ImportRecord | undefined {
    const row = this.byIdStmt.get(dropzoneId, id);
    return row && fromImportRow(row);
  }

  /** Newest first. */
  list(dropzoneId: number, kind: ImportKind | undefined, limit: number): ImportRecord[] {
    const rows =
      kind === undefined ? this.listStmt.all(dropzoneId, limit) : this.listByKindStmt.all(dropzoneId, kind, limit);
    return rows.map(fromImportRow);
  }

  /** Rows recorded so far, by status; statuses without rows are absent. */
  counts(importId: number): ImportCounts {
    const counts: ImportCounts = {};
    for (const { status, n } of this.countsStmt.all(importId)) counts[status] = n;
    return counts;
  }

  rows(importId: number, filter: ImportRowFilter, limit: number, offset: number): { rows: ImportRow[]; total: number } {
    const which =
      filter.status !== undefined ? (filter.failed ? 'statusFailed' : 'status') : filter.failed ? 'failed' : 'all';
    const { page, count } = this.pageStmts[which];
    // Named parameters a statement does not use are ignored, so one object serves all four.
    const params = { import_id: importId, status: filter.status ?? null, limit, offset };
    const total = (count.get(params) as { n: number }).n;
    const rows = (page.all(params) as StoredRow[]).map(fromStoredRow);
    return { rows, total };
  }

  /** Removes an import and (by cascade) its rows. */
  delete(dropzoneId: number, id: number): boolean {
    return this.deleteStmt.run(dropzoneId, id).changes > 0;
  }
}
