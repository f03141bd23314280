import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { migrate, schemaVersion, storeUpgradeNotice } from '../../electron/store/migrate';
import { MIGRATIONS } from '../../electron/store/migrations';
import { Store } from '../../electron/store/store';

/** Step 11 (a smaller store at a million bookings): one name in the search index where one will do. */

function storeAtStep10(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS.slice(0, 10));
  db.prepare("INSERT INTO dropzones (id, key, name, timezone, created_at) VALUES (1, 'a', 'A', 'UTC', 'now')").run();
  const insert =
    db.prepare(`INSERT INTO bookings (dropzone_id, uuid, link, external_id, name, name_folded, name_plain, email_folded, mobile, phone_digits, jump_on, created_at, updated_at)
                             VALUES (1, ?, ?, ?, ?, ?, ?, ?, NULL, ?, '2026-11-01', 'now', 'now')`);
  insert.run('u1', 'Lnk111', 'E1', 'Lena Schäfer', 'lena schäfer', 'lena schafer', 'lena@example.com', '491705863991');
  insert.run('u2', 'Lnk222', 'E2', 'Emma de Vries', 'emma de vries', 'emma de vries', 'emma@example.com', '');
  insert.run('u3', 'Lnk333', null, null, '', '', '', '');
  return db;
}

const found = (db: Database.Database, match: string) =>
  db.prepare('SELECT rowid FROM bookings_search WHERE bookings_search MATCH ? ORDER BY rowid').pluck().all(match);

test('step 11 indexes a name without accents once, in `name`; one with accents as it is and without them', () => {
  const db = storeAtStep10();
  migrate(db, MIGRATIONS.slice(0, 11));
  assert.equal(schemaVersion(db), 11);
  assert.equal(
    db.prepare('SELECT count(*) FROM bookings_search_pending').pluck().get(),
    0,
    'every booking is in the new index',
  );
  assert.deepEqual(found(db, '{name} : "vries"'), [2]);
  assert.deepEqual(found(db, '{name} : "lena"'), [], 'a name with accents is not in `name`');
  assert.deepEqual(found(db, '{name_unaccented} : "schafer"'), [1]);
  assert.deepEqual(found(db, '{name_accented} : "schäfer"'), [1]);
  assert.deepEqual(found(db, '{name_accented} : "vries"'), [], 'a name without accents is indexed once');
  assert.deepEqual(found(db, '{email_folded} : "example"'), [1, 2]);
  assert.deepEqual(found(db, '{phone_digits} : "5863991"'), [1]);
  assert.deepEqual(found(db, '{refs} : "lnk333"'), [3]);
  db.close();
});

test('step 11: a renamed booking moves between the name columns when the Store next commits', () => {
  const db = storeAtStep10();
  migrate(db, MIGRATIONS);
  const store = new Store(db);
  store.transaction(() => store.bookings.update(2, { name: 'Émma de Vriës' }));
  assert.deepEqual(found(db, '{name} : "vries"'), [], 'its old text left the index');
  assert.deepEqual(found(db, '{name_unaccented} : "vries"'), [2]);
  assert.deepEqual(found(db, '{name_accented} : "vriës"'), [2]);
  store.transaction(() => store.bookings.update(1, { name: 'Lena Schafer' }));
  assert.deepEqual(found(db, '{name} : "schafer"'), [1]);
  assert.deepEqual(found(db, '{name_unaccented name_accented} : "schäfer"'), []);
  db.close();
});

test('step 11: the Sync API name filter still tells accents apart', () => {
  const db = storeAtStep10();
  migrate(db, MIGRATIONS);
  const store = new Store(db);
  const names = (nameContains: string) =>
    store.bookings.list(1, { includeAll: true, nameContains }, 200, 0).rows.map((b) => b.name);
  assert.deepEqual(names('schäfer'), ['Lena Schäfer']);
  assert.deepEqual(names('SCHÄF'), ['Lena Schäfer']);
  assert.deepEqual(names('schafer'), [], 'name_cont compares accents (spec: the text as stored, case aside)');
  assert.deepEqual(names('vries'), ['Emma de Vries']);
  assert.deepEqual(
    names('e'),
    ['Lena Schäfer', 'Emma de Vries'],
    'a needle too short for the index is compared with every name',
  );
  db.close();
});

test('opening a store behind the app announces its steps once, before they run; a new or current store is not announced', () => {
  const dir = mkdtempSync(join(tmpdir(), 'desk-step-11-'));
  try {
    const file = join(dir, 'desk.sqlite3');
    const old = new Database(file);
    migrate(old, MIGRATIONS.slice(0, 10));
    old.close();
    const told: [number, number, number][] = [];
    const versionNow = () => {
      const peek = new Database(file, { readonly: true });
      try {
        return schemaVersion(peek);
      } finally {
        peek.close();
      }
    };
    Store.open(file, (from, to) => told.push([from, to, versionNow()])).close();
    assert.deepEqual(told, [[10, MIGRATIONS.length, 10]], 'told with the steps still to run');
    Store.open(file, (from, to) => told.push([from, to, -1])).close();
    Store.open(join(dir, 'new.sqlite3'), (from, to) => told.push([from, to, -1])).close();
    assert.equal(told.length, 1);
    assert.match(storeUpgradeNotice(10, 11), /schema step 10 to 11/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
