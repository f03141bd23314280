import type { Migration } from './types';

/**
 * What the ledger needs to stay true when something at the desk is taken back.
 *
 * - `jump_removals`: a jump removed at the desk leaves a record: the jump as it was (camera,
 *   filmers, day, who recorded it and when) and who removed it and when. The jump's own row is
 *   gone (a filmer's count and a new jump must not see it); this is the trace. The booking is
 *   SET NULL when it is deleted, as a jump's is; the filmers are plain ids, so a record never
 *   holds a filmer against deletion.
 * - `product_changes`: an event that changed the booking's product (a conversion, "Change
 *   product") and the product before it (NULL: none), so a correction of that event puts the old
 *   product back. A side table, not a column: the ledger's insert is the hottest write of an
 *   import and stays as it is; few events change a product.
 *
 * Written as step 13: step 12 ("the remote's copy") comes from another line of work.
 */
export const jumpRemovalsAndProductChanges: Migration = {
  version: 13,
  name: 'jump removals and product changes',
  up(db) {
    db.exec(/* sql */ `
      CREATE TABLE jump_removals (
        id               INTEGER PRIMARY KEY,
        dropzone_id      INTEGER NOT NULL REFERENCES dropzones(id),
        booking_id       INTEGER REFERENCES bookings(id) ON DELETE SET NULL,
        -- The removed jump as it was; its row in jumps is gone.
        jump_id          INTEGER NOT NULL,
        camera           TEXT,
        filmer_id        INTEGER,
        second_filmer_id INTEGER,
        jumped_on        TEXT,
        recorded_by      TEXT,
        recorded_at      TEXT,
        removed_by       TEXT NOT NULL,
        removed_at       TEXT NOT NULL
      );
      CREATE INDEX jump_removals_by_booking ON jump_removals(booking_id);

      CREATE TABLE product_changes (
        event_id          INTEGER PRIMARY KEY REFERENCES finance_events(id),
        product_before_id INTEGER
      );
      CREATE TRIGGER product_changes_no_update BEFORE UPDATE ON product_changes
      BEGIN SELECT RAISE(ABORT, 'product changes are append-only, as the ledger is'); END;
    `);
  },
};
