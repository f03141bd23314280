import type { Database, Statement } from 'better-sqlite3';
import {
  IMPORT_DONE_STATUSES,
  IMPORT_LEASE_MS,
  type ImportCounts,
  type ImportCreate,
  type ImportDelimiter,
  type ImportKind,
  type ImportMapping,
  type ImportRow,
  type ImportRowInput,
  type ImportRowStatus,
  type ImportShownState,
  type ImportState,
} from '../../../shared/schemas/imports';

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
  /** Until when the sending window holds a running import (ISO), or null. */
  lease_until: string | null;
  total_rows: number;
}

/** Which rows a page holds: one status, the not-done ones, both (AND), or all. */
export interface ImportRowFilter {
  status?: ImportRowStatus;
  failed?: boolean;
}

/**
 * "Not done", spelt exactly as the partial index import_rows_failed (migration 004) spells it:
 * SQLite uses a partial index only when the query repeats its condition.
 */
export const NOT_DONE_CONDITION = `status NOT IN (${IMPORT_DONE_STATUSES.map((s) => `'${s}'`).join(', ')})`;

type ImportRowRecord = Omit<ImportRecord, 'headers' | 'mapping'> & { headers: string; mapping: string };
type StoredRow = Omit<ImportRow, 'cells'> & { cells: string };

function fromImportRow(row: ImportRowRecord): ImportRecord {
  return { ...row, headers: JSON.parse(row.headers) as string[], mapping: JSON.parse(row.mapping) as ImportMapping };
}

function fromStoredRow(row: StoredRow): ImportRow {
  return { ...row, cells: JSON.parse(row.cells) as string[] };
}

const leaseUntil = (now: string) => new Date(Date.parse(now) + IMPORT_LEASE_MS).toISOString();

/** How the history shows an import: a running one whose window stopped renewing its lease is interrupted. */
export function shownState(record: Pick<ImportRecord, 'state' | 'lease_until'>, now: string): ImportShownState {
  if (record.state !== 'running') return record.state;
  return record.lease_until !== null && record.lease_until > now ? 'running' : 'interrupted';
}

const ROW_COLUMNS = 'row_number, cells, key, status, message, record_id, updated_at';

export class ImportRepo {
  private readonly insertStmt;
  private readonly byIdStmt;
  private readonly listStmt;
  private readonly listByKindStmt;
  private readonly countsStmt;
  private readonly upsertRowStmt;
  private readonly touchStmt;
  private readonly setStateStmt;
  private readonly releaseStmt;
  private readonly deleteStmt;
  /** Row pages by filter, prepared once each: the WHERE differs, and with it the index used. */
  private readonly pageStmts: Record<'all' | 'status' | 'failed' | 'statusFailed', { page: Statement; count: Statement }>;
  private readonly writeRowsTx: (importId: number, rows: readonly ImportRowInput[], now: string) => void;

  constructor(db: Database) {
    this.insertStmt = db.prepare(`
      INSERT INTO imports (dropzone_id, kind, file_name, operator, state, created_at, updated_at, headers, mapping, date_format, delimiter, lease_until, total_rows)
      VALUES (@dropzone_id, @kind, @file_name, @operator, 'running', @now, @now, @headers, @mapping, @date_format, @delimiter, @lease_until, @total_rows)`);
    this.byIdStmt = db.prepare<[number, number], ImportRowRecord>('SELECT * FROM imports WHERE dropzone_id = ? AND id = ?');
    // Id order is creation order, whatever the clock did in between (a corrected system time).
    this.listStmt = db.prepare<[number, number], ImportRowRecord>('SELECT * FROM imports WHERE dropzone_id = ? ORDER BY id DESC LIMIT ?');
    this.listByKindStmt = db.prepare<[number, string, number], ImportRowRecord>(
      'SELECT * FROM imports WHERE dropzone_id = ? AND kind = ? ORDER BY id DESC LIMIT ?',
    );
    this.countsStmt = db.prepare<[number], { status: ImportRowStatus; n: number }>(
      'SELECT status, count(*) AS n FROM import_rows WHERE import_id = ? GROUP BY status',
    );
    this.upsertRowStmt = db.prepare(`
      INSERT INTO import_rows (import_id, row_number, cells, key, status, message, record_id, updated_at)
      VALUES (@import_id, @row_number, @cells, @key, @status, @message, @record_id, @updated_at)
      ON CONFLICT (import_id, row_number) DO UPDATE SET
        cells = excluded.cells, key = excluded.key, status = excluded.status, message = excluded.message,
        record_id = excluded.record_id, updated_at = excluded.updated_at`);
    // Every sign of life from the sending window renews its lease, only while the import runs and
    // still holds one: a rows write that was on its way as the window let go must not take it back.
    this.touchStmt = db.prepare(
      "UPDATE imports SET updated_at = @now, lease_until = CASE WHEN state = 'running' AND lease_until IS NOT NULL THEN @lease_until ELSE lease_until END WHERE id = @id",
    );
    // Running again (a retry, a resume) takes a fresh lease; finishing or cancelling lets go of it.
    this.setStateStmt = db.prepare(
      "UPDATE imports SET state = @state, updated_at = @now, lease_until = CASE WHEN @state = 'running' THEN @lease_until ELSE NULL END WHERE id = @id",
    );
    this.releaseStmt = db.prepare('UPDATE imports SET lease_until = NULL, updated_at = @now WHERE id = @id');
    this.deleteStmt = db.prepare('DELETE FROM imports WHERE dropzone_id = ? AND id = ?');

    const pageOf = (where: string, from = 'import_rows') => ({
      page: db.prepare(`SELECT ${ROW_COLUMNS} FROM ${from} WHERE ${where} ORDER BY row_number LIMIT @limit OFFSET @offset`),
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

    // One transaction for the whole call: 10,000 rows commit once (one fsync), or not at all.
    // IMMEDIATE, like Store.transaction: waits for another process's write instead of failing.
    this.writeRowsTx = db.transaction((importId: number, rows: readonly ImportRowInput[], now: string) => {
      for (const row of rows) {
        this.upsertRowStmt.run({
          import_id: importId,
          row_number: row.row_number,
          cells: JSON.stringify(row.cells),
          key: row.key ?? null,
          status: row.status,
          message: row.message ?? null,
          record_id: row.record_id ?? null,
          updated_at: now,
        });
      }
      this.touch(importId, now);
    }).immediate;
  }

  create(dropzoneId: number, input: ImportCreate, now: string): number {
    const result = this.insertStmt.run({
      dropzone_id: dropzoneId,
      kind: input.kind,
      file_name: input.file_name,
      operator: input.operator ?? null,
      now,
      headers: JSON.stringify(input.headers),
      mapping: JSON.stringify(input.mapping),
      date_format: input.date_format ?? null,
      delimiter: input.delimiter ?? null,
      lease_until: leaseUntil(now),
      total_rows: input.total_rows,
    });
    return Number(result.lastInsertRowid);
  }

  byId(dropzoneId: number, id: number): ImportRecord | undefined {
    const row = this.byIdStmt.get(dropzoneId, id);
    return row && fromImportRow(row);
  }

  /** Newest first. */
  list(dropzoneId: number, kind: ImportKind | undefined, limit: number): ImportRecord[] {
    const rows = kind === undefined ? this.listStmt.all(dropzoneId, limit) : this.listByKindStmt.all(dropzoneId, kind, limit);
    return rows.map(fromImportRow);
  }

  /** Rows recorded so far, by status; statuses without rows are absent. */
  counts(importId: number): ImportCounts {
    const counts: ImportCounts = {};
    for (const { status, n } of this.countsStmt.all(importId)) counts[status] = n;
    return counts;
  }

  /**
   * Records outcomes; a row number already recorded is replaced (a retry's outcome wins). Later
   * rows of the same call win over earlier ones with the same number. The import's state is left
   * alone: the wizard says when it is finished.
   */
  writeRows(importId: number, rows: readonly ImportRowInput[], now: string): void {
    if (rows.length > 0) this.writeRowsTx(importId, rows, now);
  }

  setState(importId: number, state: ImportState, now: string): void {
    this.setStateStmt.run({ state, now, lease_until: leaseUntil(now), id: importId });
  }

  /** The sending window is still there: its hold on a running import goes on. */
  touch(importId: number, now: string): void {
    this.touchStmt.run({ now, lease_until: leaseUntil(now), id: importId });
  }

  /** The sending window is going away (closed, reloaded): a running import is interrupted from now. */
  release(importId: number, now: string): void {
    this.releaseStmt.run({ now, id: importId });
  }

  rows(importId: number, filter: ImportRowFilter, limit: number, offset: number): { rows: ImportRow[]; total: number } {
    const which = filter.status !== undefined ? (filter.failed ? 'statusFailed' : 'status') : filter.failed ? 'failed' : 'all';
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
