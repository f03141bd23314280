import type { Migration } from './types';

/**
 * Imports run by the desk: the page hands the rows over once and the desk sends them,
 * so no window holds an import any more.
 * - `lease_until` goes: it only told whether the sending window was still there. Whether an import
 *   is running is now known to the desk process itself; a stored `running` import that the process
 *   is not running (it stopped or crashed mid-send) reads as interrupted. Imports left running
 *   under the old model read as interrupted too, which is what they are.
 * - `stop_reason`: why the last send ended early (the remote gave no answer twice, the desk was
 *   stopped), so the history and every window can say so, not only the one that pressed Send.
 * DROP COLUMN rewrites the imports table (a few hundred rows; import_rows is untouched).
 */
export const importsRunByTheDesk: Migration = {
  version: 7,
  name: 'imports run by the desk',
  up(db) {
    db.exec(`
      ALTER TABLE imports DROP COLUMN lease_until;
      ALTER TABLE imports ADD COLUMN stop_reason TEXT;
    `);
  },
};
