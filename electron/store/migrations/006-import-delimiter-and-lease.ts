import type { Migration } from './types';

/**
 * Import history, second step (what a review of the first found missing):
 * - `delimiter`: the source file's, so the history's results and failed-rows downloads open in a
 *   spreadsheet the way the file did (`;` for European Excel). NULL reads as a comma, which is also
 *   what every import recorded before this step was downloaded with.
 * - `lease_until`: the sending window holds a running import until then and keeps renewing it; a
 *   running import whose lease ran out (window closed, reloaded, crashed) is shown as interrupted.
 *   Imports left running before this step have none, so they read as interrupted at once, which
 *   is what they are. The stored `state` keeps its three values: "interrupted" is derived, so no
 *   copy of the table (the only way SQLite widens a CHECK) is needed.
 * Plain ADD COLUMNs: nothing is rewritten, however many rows the history holds.
 */
export const importDelimiterAndLease: Migration = {
  version: 6,
  name: 'import delimiter and lease',
  up(db) {
    db.exec(`
      ALTER TABLE imports ADD COLUMN delimiter TEXT CHECK (delimiter IS NULL OR delimiter IN (',', ';', char(9), '|'));
      ALTER TABLE imports ADD COLUMN lease_until TEXT;
    `);
  },
};
