import type { Migration } from './types';

/**
 * Import history: every import the wizard sends, each row's outcome, and the column
 * mappings remembered per header row. Kept in the local store in both modes: the history is the
 * desk's own record of what it sent, not data of the Sync API.
 *
 * - `import_rows` is keyed by (import, row number), so a retry of a row replaces its outcome
 *   instead of adding a second one.
 * - `import_rows_by_status` covers the per-status counts (GROUP BY status reads the index only)
 *   and pages one status in row order.
 * - `import_rows_failed` is partial: only rows that are not done, in row order. "Failed rows"
 *   pages walk it without sorting and count from it alone; the done statuses are the ones of
 *   IMPORT_DONE_STATUSES (shared/schemas/imports/row-outcomes.ts) and the repository's query must spell the
 *   condition the same way for the planner to use it (test/unit/import-history-store checks).
 * - Mappings are keyed by the header signature (shared/import-headers.ts), so a file with the
 *   same headers in another case or spacing finds the mapping again.
 */
export const importHistory: Migration = {
  version: 4,
  name: 'import history and remembered mappings',
  up(db) {
    db.exec(`
      CREATE TABLE imports (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        dropzone_id  INTEGER NOT NULL REFERENCES dropzones(id) ON DELETE CASCADE,
        kind         TEXT NOT NULL CHECK (kind IN ('bookings', 'filmers')),
        file_name    TEXT NOT NULL,
        operator     TEXT,
        state        TEXT NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'finished', 'cancelled')),
        created_at   TEXT NOT NULL,
        updated_at   TEXT NOT NULL,
        -- JSON array of the file's header row, as read.
        headers      TEXT NOT NULL,
        -- JSON object: header -> field name, or null for an ignored column.
        mapping      TEXT NOT NULL,
        date_format  TEXT,
        total_rows   INTEGER NOT NULL CHECK (total_rows >= 0)
      );
      CREATE INDEX imports_by_dropzone ON imports(dropzone_id, id);

      CREATE TABLE import_rows (
        import_id   INTEGER NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
        row_number  INTEGER NOT NULL CHECK (row_number >= 1),
        -- JSON array of the row's cells as sent (after any fix made in the wizard).
        cells       TEXT NOT NULL,
        key         TEXT,
        -- One of IMPORT_ROW_STATUSES, checked by the route. No CHECK here on purpose: the list
        -- grows with the Sync API's outcomes, and SQLite can only widen a CHECK by copying the table.
        status      TEXT NOT NULL,
        message     TEXT,
        record_id   INTEGER,
        updated_at  TEXT NOT NULL,
        PRIMARY KEY (import_id, row_number)
      );
      CREATE INDEX import_rows_by_status ON import_rows(import_id, status, row_number);
      -- status is in it only so that counting the failed rows needs no table lookups.
      CREATE INDEX import_rows_failed ON import_rows(import_id, row_number, status)
        WHERE status NOT IN ('created', 'ok', 'partial_update');

      CREATE TABLE import_mappings (
        dropzone_id  INTEGER NOT NULL REFERENCES dropzones(id) ON DELETE CASCADE,
        kind         TEXT NOT NULL CHECK (kind IN ('bookings', 'filmers')),
        -- Headers trimmed, lower-cased, joined with U+001F (headerSignature()).
        signature    TEXT NOT NULL,
        mapping      TEXT NOT NULL,
        date_format  TEXT,
        updated_at   TEXT NOT NULL,
        PRIMARY KEY (dropzone_id, kind, signature)
      );
    `);
  },
};
