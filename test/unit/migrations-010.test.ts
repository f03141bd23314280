import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { test } from 'node:test';
import { migrate, schemaVersion } from '../../electron/store/migrate';
import { MIGRATIONS } from '../../electron/store/migrations';

/** Step 10 (reception's list): the desk list's search columns and index, its sort indexes, check-ins. */

function storeAtStep9(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS.slice(0, 9));
  db.prepare("INSERT INTO dropzones (id, key, name, timezone, created_at) VALUES (1, 'a', 'A', 'UTC', 'now')").run();
  const insert =
    db.prepare(`INSERT INTO bookings (dropzone_id, uuid, link, external_id, name, mobile, name_folded, email_folded, jump_on, created_at, updated_at)
                             VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, 'now', 'now')`);
  insert.run(
    'u1',
    'AbC234',
    'SKB-265689',
    'Lena Schäfer',
    '+49 170 5863991',
    'lena schäfer',
    'lena@example.com',
    '2026-11-01',
  );
  insert.run('u2', 'XyZ789', null, 'İlkay Ørsted', '0170-5863991', 'i̇lkay ørsted', '', null);
  insert.run('u3', 'QqQ456', 'E3', null, null, '', '', '2026-11-02');
  return db;
}

const found = (db: Database.Database, match: string) =>
  db.prepare('SELECT rowid FROM bookings_search WHERE bookings_search MATCH ? ORDER BY rowid').pluck().all(match);
const plan = (db: Database.Database, sql: string) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');

test('step 10 folds the stored names and phones in JS and indexes them, the external id and the link for search', () => {
  const db = storeAtStep9();
  // A writer other than the Store left booking 3 waiting for the index (step 9's pending table).
  assert.equal(db.prepare('SELECT count(*) FROM bookings_search_pending').pluck().get(), 3);
  migrate(db, MIGRATIONS.slice(0, 10));
  assert.equal(schemaVersion(db), 10);
  assert.deepEqual(db.prepare('SELECT name_plain, phone_digits FROM bookings ORDER BY id').all(), [
    { name_plain: 'lena schafer', phone_digits: '491705863991' },
    { name_plain: 'ilkay ørsted', phone_digits: '1705863991' },
    { name_plain: '', phone_digits: '' },
  ]);
  assert.equal(
    db.prepare('SELECT count(*) FROM bookings_search_pending').pluck().get(),
    0,
    'every booking is in the new index',
  );
  assert.deepEqual(found(db, '{name_plain} : "schafer"'), [1]);
  assert.deepEqual(found(db, '{name_plain} : "ilkay"'), [2]);
  assert.deepEqual(found(db, '{phone_digits} : "1705863991"'), [1, 2]);
  assert.deepEqual(found(db, '{refs} : "skb-2656"'), [1]);
  assert.deepEqual(found(db, '{refs} : "xyz789"'), [2], 'the link, lower case');
  assert.deepEqual(found(db, '{name_folded} : "schäfer"'), [1], "the Sync API's name_cont column keeps its meaning");
  assert.deepEqual(found(db, '{email_folded} : "example"'), [1]);
  db.close();
});

test('step 10: a changed name, phone or external id goes back to the pending table; the delete trigger leaves the index', () => {
  const db = storeAtStep9();
  migrate(db, MIGRATIONS.slice(0, 10));
  db.exec("UPDATE bookings SET phone_digits = '123456' WHERE id = 1");
  db.exec("UPDATE bookings SET external_id = 'NEW-1' WHERE id = 3");
  db.exec("UPDATE bookings SET language = 'de' WHERE id = 2");
  assert.deepEqual(
    db.prepare('SELECT id FROM bookings_search_pending ORDER BY id').pluck().all(),
    [1, 3],
    'a column the search does not read changes nothing',
  );
  assert.deepEqual(found(db, '{phone_digits} : "1705863991"'), [2], "booking 1's old texts left the index");
  db.exec('DELETE FROM bookings WHERE id = 2');
  assert.deepEqual(found(db, '{phone_digits} : "1705863991"'), []);
  db.close();
});

test('step 10: sorts by name and by jump day walk an index in order, ties by id, both directions', () => {
  const db = storeAtStep9();
  migrate(db, MIGRATIONS.slice(0, 10));
  for (const [column, index] of [
    ['name_plain', 'bookings_by_name'],
    ['jump_on', 'bookings_list_by_jump_on'],
  ] as const) {
    for (const dir of ['ASC', 'DESC']) {
      const detail = plan(
        db,
        `SELECT id FROM bookings b WHERE dropzone_id = 1 AND external_id IS NOT NULL ORDER BY b.${column} ${dir}, b.id ${dir} LIMIT 200 OFFSET 0`,
      );
      assert.match(detail, new RegExp(`COVERING INDEX ${index} \\(dropzone_id=\\?\\)`), `${column} ${dir}: ${detail}`);
      assert.doesNotMatch(detail, /TEMP B-TREE/, `${column} ${dir}: no sort of every booking`);
    }
  }
  for (const dir of ['ASC', 'DESC']) {
    const detail = plan(
      db,
      `SELECT id FROM bookings b WHERE dropzone_id = 1 ORDER BY b.external_id ${dir}, b.id ${dir} LIMIT 200`,
    );
    assert.doesNotMatch(detail, /TEMP B-TREE/, `external_id ${dir}: ${detail}`);
  }
  db.close();
});

test('step 10 adds check_ins: one mark per booking and day, three states, recorded_by required, gone with the booking', () => {
  const db = storeAtStep9();
  migrate(db, MIGRATIONS.slice(0, 10));
  const mark = db.prepare(
    "INSERT INTO check_ins (booking_id, day, state, recorded_by, recorded_at) VALUES (?, ?, ?, ?, 'now')",
  );
  mark.run(1, '2026-11-01', 'arrived', 'Rita');
  mark.run(1, '2026-11-02', 'no_show', 'Rita');
  mark.run(3, '2026-11-02', 'jumped', 'Rita');
  assert.throws(() => mark.run(1, '2026-11-01', 'jumped', 'Rita'), /UNIQUE|PRIMARY KEY/);
  assert.throws(() => mark.run(3, '2026-11-03', 'late', 'Rita'), /CHECK constraint/);
  assert.throws(() => mark.run(3, '2026-11-03', 'arrived', null), /NOT NULL/);
  assert.throws(() => mark.run(99, '2026-11-03', 'arrived', 'Rita'), /FOREIGN KEY/);
  db.exec('DELETE FROM bookings WHERE id = 1');
  assert.deepEqual(db.prepare('SELECT booking_id FROM check_ins').pluck().all(), [3]);
  assert.match(
    plan(db, "SELECT booking_id FROM check_ins WHERE day = '2026-11-02' AND state = 'arrived'"),
    /COVERING INDEX check_ins_by_day/,
  );
  db.close();
});
