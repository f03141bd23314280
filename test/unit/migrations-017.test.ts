import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { test } from 'node:test';
import { migrate, schemaVersion } from '../../electron/store/migrate';
import { MIGRATIONS } from '../../electron/store/migrations';

/**
 * Step 17: the list-change log keeps at least the last 10,000 changes of a dropzone, pruned by the
 * write whose version is a multiple of 1,024 (insert, delete and listed update alike).
 */
function storeAt(version: number) {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS.slice(0, version));
  db.prepare("INSERT INTO dropzones (id, key, name, timezone, created_at) VALUES (1, 'a', 'A', 'UTC', 'now')").run();
  db.prepare("INSERT INTO dropzones (id, key, name, timezone, created_at) VALUES (2, 'b', 'B', 'UTC', 'now')").run();
  return db;
}

let next = 0;
function insertBookings(db: Database.Database, dropzone: number, count: number): void {
  const insert = db.prepare(
    `INSERT INTO bookings (dropzone_id, uuid, link, external_id, name, name_folded, jump_on, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'Guest', 'guest', '2026-06-01', 'now', 'now')`,
  );
  db.transaction(() => {
    for (let i = 0; i < count; i++, next++) insert.run(dropzone, `u-${next}`, `l-${next}`, `E-${next}`);
  })();
}

const kept = (db: Database.Database, dropzone = 1) =>
  db
    .prepare(
      'SELECT count(*) AS n, min(version) AS oldest, max(version) AS newest FROM booking_list_changes WHERE dropzone_id = ?',
    )
    .get(dropzone) as { n: number; oldest: number; newest: number };

test('step 17 prunes the list changes in bulk, never below the last 10,000', () => {
  const db = storeAt(17);
  assert.equal(schemaVersion(db), 17);
  insertBookings(db, 1, 10_239);
  assert.deepEqual(kept(db), { n: 10_239, oldest: 1, newest: 10_239 }, 'nothing pruned before version 10,240');
  insertBookings(db, 1, 1);
  assert.deepEqual(kept(db), { n: 10_000, oldest: 241, newest: 10_240 }, 'version 10,240 prunes all 10,000 behind it');
  insertBookings(db, 1, 1_023);
  assert.deepEqual(kept(db), { n: 11_023, oldest: 241, newest: 11_263 }, 'the most it keeps');

  // A delete and a listed update are changes too; the one that reaches 11,264 prunes.
  db.prepare("DELETE FROM bookings WHERE external_id = 'E-0'").run();
  assert.equal(kept(db).newest, 11_264);
  assert.deepEqual(kept(db), { n: 10_000, oldest: 1_265, newest: 11_264 });
  insertBookings(db, 1, 1_023);
  db.prepare("UPDATE bookings SET name_folded = 'renamed' WHERE external_id = 'E-1'").run();
  assert.deepEqual(kept(db), { n: 10_000, oldest: 2_289, newest: 12_288 }, 'pruned by an update at 12,288');

  // Another dropzone's log is its own.
  insertBookings(db, 2, 5);
  assert.deepEqual(kept(db, 2), { n: 5, oldest: 1, newest: 5 });
  assert.equal(kept(db).n, 10_000);
  db.close();
});

test('a store from step 16 keeps its log and its counts through step 17', () => {
  const db = storeAt(16);
  insertBookings(db, 1, 12_000);
  assert.deepEqual(kept(db), { n: 10_000, oldest: 2_001, newest: 12_000 }, 'step 9 pruned one by one');
  migrate(db, MIGRATIONS.slice(0, 17));
  insertBookings(db, 1, 287);
  assert.deepEqual(kept(db), { n: 10_287, oldest: 2_001, newest: 12_287 });
  insertBookings(db, 1, 1);
  assert.deepEqual(kept(db), { n: 10_000, oldest: 2_289, newest: 12_288 });
  const count = db.prepare('SELECT sum(n) AS n FROM booking_counts WHERE dropzone_id = 1').get() as { n: number };
  assert.equal(count.n, 12_288, 'the day counts still follow every insert');
  db.close();
});
