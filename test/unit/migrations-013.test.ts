import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { test } from 'node:test';
import { migrate, schemaVersion } from '../../electron/store/migrate';
import { MIGRATIONS } from '../../electron/store/migrations';

/** Step 13: a record of each removed jump, and the product before each event that changed it. */

function storeAtStep12(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS.slice(0, 12));
  db.prepare("INSERT INTO dropzones (id, key, name, timezone, created_at) VALUES (1, 'a', 'A', 'UTC', 'now')").run();
  db.prepare(
    `INSERT INTO bookings (id, dropzone_id, uuid, link, external_id, name, name_folded, jump_on, created_at, updated_at)
     VALUES (5, 1, 'u5', 'L5', 'E5', 'Eve', 'eve', '2026-06-01', 'now', 'now')`,
  ).run();
  return db;
}

test('step 13 adds jump_removals and product_changes; a removal outlives its booking, a product change is never edited', () => {
  const db = storeAtStep12();
  migrate(db, MIGRATIONS.slice(0, 13));
  assert.equal(schemaVersion(db), 13);
  db.prepare(
    `INSERT INTO jump_removals (dropzone_id, booking_id, jump_id, camera, filmer_id, removed_by, removed_at)
     VALUES (1, 5, 70, 'selfie', 2, 'Sam', '2026-06-01T10:00:00.000Z')`,
  ).run();
  db.prepare('DELETE FROM bookings WHERE id = 5').run();
  assert.deepEqual(db.prepare('SELECT booking_id, jump_id, removed_by FROM jump_removals').all(), [
    { booking_id: null, jump_id: 70, removed_by: 'Sam' },
  ]);

  db.prepare(
    `INSERT INTO finance_events (id, dropzone_id, booking_id, event_type, video_entitlement, photos, has_4k, raw_footage, centi_credit_change,
                                 centi_total_credits, created_at, updated_at)
     VALUES (9, 1, NULL, 'reception_upgrade', 'main', 0, 0, 0, 100, 100, 'now', 'now')`,
  ).run();
  db.prepare('INSERT INTO product_changes (event_id, product_before_id) VALUES (9, NULL)').run();
  assert.throws(() => db.prepare('UPDATE product_changes SET product_before_id = 3').run(), /append-only/);
  assert.throws(
    () => db.prepare('INSERT INTO product_changes (event_id, product_before_id) VALUES (99, 1)').run(),
    /FOREIGN KEY/,
    'a product change belongs to a ledger event',
  );
  db.close();
});
