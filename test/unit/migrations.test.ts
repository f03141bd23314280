import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { migrate, schemaVersion, StoreTooNewError } from '../../electron/store/migrate';
import { MIGRATIONS } from '../../electron/store/migrations';
import { openStore } from '../../electron/store/open';

const dir = mkdtempSync(join(tmpdir(), 'desk-migrations-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const tables = (db: Database.Database) =>
  (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string }[]
  ).map((r) => r.name);

test('step 1 (initial schema) creates every table and sets user_version 1', () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS.slice(0, 1));
  assert.equal(schemaVersion(db), 1);
  assert.deepEqual(tables(db), [
    'api_tokens',
    'bookings',
    'dropzones',
    'filmers',
    'finance_events',
    'jumps',
    'products',
    'upgrade_payments',
    'upgrades',
  ]);
  db.close();
});

test('a new store opens with WAL, foreign keys, synchronous=FULL and the newest schema', () => {
  const db = openStore(join(dir, 'new.sqlite3'));
  assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
  assert.equal(db.pragma('foreign_keys', { simple: true }), 1);
  assert.equal(db.pragma('synchronous', { simple: true }), 2);
  assert.equal(schemaVersion(db), MIGRATIONS.length);
  db.close();
});

test('migrating twice is a no-op', () => {
  const db = new Database(':memory:');
  assert.deepEqual(migrate(db, MIGRATIONS), { from: 0, to: MIGRATIONS.length });
  assert.deepEqual(migrate(db, MIGRATIONS), { from: MIGRATIONS.length, to: MIGRATIONS.length });
  db.close();
});

test('all pending steps run in one transaction: a failing step leaves the store as it was', () => {
  const db = new Database(':memory:');
  const steps = [
    { version: 1, name: 'one', up: (d: Database.Database) => d.exec('CREATE TABLE one (x)') },
    { version: 2, name: 'two', up: (d: Database.Database) => d.exec('CREATE TABLE two (x)') },
    { version: 3, name: 'broken', up: (d: Database.Database) => d.exec('CREATE TABLE one (x)') },
  ];
  assert.throws(() => migrate(db, steps), /already exists/);
  assert.equal(schemaVersion(db), 0);
  assert.deepEqual(tables(db), []);
  db.close();
});

test('migration versions must run 1, 2, 3 without gaps', () => {
  const db = new Database(':memory:');
  assert.throws(() => migrate(db, [{ version: 2, name: 'gap', up: () => {} }]), /expected 1/);
  db.close();
});

test('a store written by a newer version is refused and left untouched', () => {
  const file = join(dir, 'newer.sqlite3');
  const newer = new Database(file);
  newer.exec('CREATE TABLE future (x); INSERT INTO future VALUES (1);');
  newer.pragma('user_version = 99');
  newer.close();
  const bytes = readFileSync(file);
  assert.throws(
    () => openStore(file),
    (error: unknown) => {
      assert.ok(error instanceof StoreTooNewError);
      assert.match(error.message, /newer Dropzone Desk \(schema version 99; this app knows up to \d+\)/);
      return true;
    },
  );
  assert.deepEqual(readFileSync(file), bytes);
});

test('the finance ledger is append-only', () => {
  const db = openStore(join(dir, 'ledger.sqlite3'));
  db.exec(`INSERT INTO dropzones (id, key, name, timezone, created_at) VALUES (1, 'k', 'n', 'UTC', 't');
           INSERT INTO bookings (id, dropzone_id, uuid, link, created_at, updated_at) VALUES (1, 1, 'u', 'l', 't', 't');
           INSERT INTO finance_events (id, dropzone_id, booking_id, event_type, video_entitlement, photos, has_4k, raw_footage,
             centi_credit_change, centi_total_credits, created_at, updated_at) VALUES (1, 1, 1, 'regular', 'none', 0, 0, 0, 100, 100, 't', 't');`);
  assert.throws(() => db.exec('UPDATE finance_events SET centi_credit_change = 5'), /append-only/);
  assert.throws(() => db.exec('DELETE FROM finance_events'), /append-only/);
  assert.throws(() => db.exec('UPDATE finance_events SET booking_id = 2'), /append-only/);
  db.exec('DELETE FROM bookings WHERE id = 1');
  assert.deepEqual(db.prepare('SELECT booking_id, centi_total_credits FROM finance_events').all(), [
    { booking_id: null, centi_total_credits: 100 },
  ]);
  db.close();
});

test('step 2 replaces the jump_on index with two covering list indexes the planner uses unaided', () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS.slice(0, 1));
  migrate(db, MIGRATIONS.slice(0, 2));
  assert.equal(schemaVersion(db), 2);
  const indexes = (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'bookings' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((r) => r.name);
  assert.deepEqual(indexes, ['bookings_list_by_id', 'bookings_list_by_jump_on']);
  const plan = (sql: string) =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
  assert.match(
    plan(
      "SELECT count(*) FROM bookings WHERE dropzone_id = 1 AND external_id IS NOT NULL AND instr(name_folded, 'x') > 0",
    ),
    /COVERING INDEX bookings_list_by_/,
  );
  assert.match(
    plan(
      'SELECT id FROM bookings WHERE dropzone_id = 1 AND external_id IS NOT NULL ORDER BY id LIMIT 200 OFFSET 80000',
    ),
    /COVERING INDEX bookings_list_by_id/,
  );
  assert.match(
    plan("SELECT count(*) FROM bookings WHERE dropzone_id = 1 AND jump_on >= '2026-06-01' AND jump_on <= '2026-06-07'"),
    /COVERING INDEX bookings_list_by_jump_on/,
  );
  db.close();
});

test('step 3 adds the one-row connection settings table: local mode, default timeouts, proxy only with a URL', () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS.slice(0, 2));
  migrate(db, MIGRATIONS.slice(0, 3));
  assert.equal(schemaVersion(db), 3);
  assert.deepEqual(db.prepare('SELECT * FROM connection_settings').all(), [
    { id: 1, mode: 'local', remote_url: null, request_timeout_ms: 30000, connect_timeout_ms: 5000, updated_at: null },
  ]);
  assert.throws(() => db.exec('INSERT INTO connection_settings (id) VALUES (2)'), /CHECK constraint/);
  assert.throws(() => db.exec("UPDATE connection_settings SET mode = 'proxy'"), /CHECK constraint/);
  assert.throws(
    () => db.exec("UPDATE connection_settings SET mode = 'remote', remote_url = 'https://x'"),
    /CHECK constraint/,
  );
  db.exec("UPDATE connection_settings SET mode = 'proxy', remote_url = 'https://sync.example.com'");
  assert.equal(tables(db).includes('connection_settings'), true);
  assert.ok(
    !JSON.stringify(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'connection_settings'").get()).match(
      /token|secret|credential/i,
    ),
    'no column for secrets',
  );
  db.close();
});

test('step 4 adds import history: imports, their rows keyed by row number (cascading), and remembered mappings', () => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS.slice(0, 3));
  migrate(db, MIGRATIONS.slice(0, 4));
  assert.equal(schemaVersion(db), 4);
  for (const table of ['imports', 'import_rows', 'import_mappings']) assert.ok(tables(db).includes(table), table);
  db.exec(`INSERT INTO dropzones (id, key, name, timezone, created_at) VALUES (1, 'k', 'n', 'UTC', 't');
           INSERT INTO imports (id, dropzone_id, kind, file_name, created_at, updated_at, headers, mapping, total_rows)
             VALUES (1, 1, 'bookings', 'a.csv', 't', 't', '[]', '{}', 2);
           INSERT INTO import_rows (import_id, row_number, cells, status, updated_at) VALUES (1, 1, '[]', 'ok', 't'), (1, 2, '[]', 'left_out', 't');`);
  assert.equal(db.prepare('SELECT state FROM imports').pluck().get(), 'running', 'a new import is running');
  assert.throws(
    () =>
      db.exec(
        "INSERT INTO import_rows (import_id, row_number, cells, status, updated_at) VALUES (1, 1, '[]', 'ok', 't')",
      ),
    /UNIQUE/,
  );
  assert.throws(
    () =>
      db.exec(
        "INSERT INTO import_rows (import_id, row_number, cells, status, updated_at) VALUES (9, 1, '[]', 'ok', 't')",
      ),
    /FOREIGN KEY/,
  );
  assert.throws(
    () =>
      db.exec(
        "INSERT INTO import_rows (import_id, row_number, cells, status, updated_at) VALUES (1, 0, '[]', 'ok', 't')",
      ),
    /CHECK/,
  );
  assert.throws(() => db.exec("UPDATE imports SET kind = 'jumps'"), /CHECK/);
  assert.throws(() => db.exec("UPDATE imports SET state = 'paused'"), /CHECK/);
  db.exec('DELETE FROM imports WHERE id = 1');
  assert.equal(db.prepare('SELECT count(*) FROM import_rows').pluck().get(), 0, 'rows go with their import');

  db.exec(
    `INSERT INTO import_mappings (dropzone_id, kind, signature, mapping, updated_at) VALUES (1, 'bookings', 'a', '{}', 't')`,
  );
  assert.throws(
    () =>
      db.exec(
        `INSERT INTO import_mappings (dropzone_id, kind, signature, mapping, updated_at) VALUES (1, 'bookings', 'a', '{}', 't')`,
      ),
    /UNIQUE/,
  );
  db.exec(
    `INSERT INTO import_mappings (dropzone_id, kind, signature, mapping, updated_at) VALUES (1, 'filmers', 'a', '{}', 't')`,
  );
  db.close();
});

test('step 4: per-status counts read an index alone; one status pages in row order without sorting', () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS.slice(0, 4));
  const plan = (sql: string) =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
  assert.match(
    plan('SELECT status, count(*) FROM import_rows WHERE import_id = 1 GROUP BY status'),
    /COVERING INDEX import_rows_by_status/,
  );
  const oneStatus = plan(
    "SELECT * FROM import_rows WHERE import_id = 1 AND status = 'conflict' ORDER BY row_number LIMIT 100 OFFSET 200",
  );
  assert.match(oneStatus, /INDEX import_rows_by_status/);
  assert.doesNotMatch(oneStatus, /TEMP B-TREE/);
  db.close();
});

test('step 5 adds the one-row listen settings: no fixed port, ports from 1024 to 65535 only', () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS.slice(0, 4));
  migrate(db, MIGRATIONS.slice(0, 5));
  assert.equal(schemaVersion(db), 5);
  assert.deepEqual(db.prepare('SELECT * FROM listen_settings').all(), [{ id: 1, fixed_port: null, updated_at: null }]);
  assert.throws(() => db.exec('INSERT INTO listen_settings (id) VALUES (2)'), /CHECK constraint/);
  for (const bad of [0, 80, 1023, 65536])
    assert.throws(() => db.exec(`UPDATE listen_settings SET fixed_port = ${bad}`), /CHECK constraint/, String(bad));
  db.exec('UPDATE listen_settings SET fixed_port = 4780');
  assert.equal(db.prepare('SELECT fixed_port FROM listen_settings').pluck().get(), 4780);
  db.close();
});

test("step 6 adds the import delimiter (comma, semicolon, tab or bar; none is a comma) and the sending window's lease, keeping every import", () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS.slice(0, 5));
  db.exec(`INSERT INTO dropzones (id, key, name, timezone, created_at) VALUES (1, 'k', 'n', 'UTC', 't');
           INSERT INTO imports (id, dropzone_id, kind, file_name, created_at, updated_at, headers, mapping, total_rows)
             VALUES (1, 1, 'bookings', 'old.csv', 't', 't', '[]', '{}', 1);
           INSERT INTO import_rows (import_id, row_number, cells, status, updated_at) VALUES (1, 1, '[]', 'ok', 't');`);
  migrate(db, MIGRATIONS.slice(0, 6));
  assert.equal(schemaVersion(db), 6);
  assert.deepEqual(
    db.prepare('SELECT file_name, state, delimiter, lease_until FROM imports').all(),
    [{ file_name: 'old.csv', state: 'running', delimiter: null, lease_until: null }],
    'an import left running before the step has no lease: it reads as interrupted',
  );
  assert.equal(db.prepare('SELECT count(*) FROM import_rows').pluck().get(), 1, 'its rows are kept');
  for (const ok of [',', ';', '\t', '|']) db.prepare('UPDATE imports SET delimiter = ?').run(ok);
  for (const bad of [':', ';;', ' '])
    assert.throws(() => db.prepare('UPDATE imports SET delimiter = ?').run(bad), /CHECK constraint/, bad);
  db.exec("UPDATE imports SET lease_until = '2026-06-20T10:03:00.000Z'");
  db.close();
});

test("step 7 drops the window's lease and adds why a send stopped early, keeping every import, its rows, its delimiter and its indexes", () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS.slice(0, 6));
  db.exec(`INSERT INTO dropzones (id, key, name, timezone, created_at) VALUES (1, 'k', 'n', 'UTC', 't');
           INSERT INTO imports (id, dropzone_id, kind, file_name, created_at, updated_at, headers, mapping, total_rows, delimiter, lease_until)
             VALUES (1, 1, 'bookings', 'held.csv', 't', 't', '["a"]', '{"a":null}', 2, ';', '2026-06-20T10:03:00.000Z');
           INSERT INTO import_rows (import_id, row_number, cells, status, updated_at) VALUES (1, 1, '["x"]', 'ok', 't'), (1, 2, '["y"]', 'pending', 't');`);
  migrate(db, MIGRATIONS.slice(0, 7));
  assert.equal(schemaVersion(db), 7);
  const columns = (db.prepare('PRAGMA table_info(imports)').all() as { name: string }[]).map((c) => c.name);
  assert.ok(!columns.includes('lease_until'), columns.join(', '));
  assert.deepEqual(
    db.prepare('SELECT file_name, state, delimiter, stop_reason FROM imports').all(),
    [{ file_name: 'held.csv', state: 'running', delimiter: ';', stop_reason: null }],
    'an import a window held before the step stays running in the store: no desk process runs it, so it reads as interrupted',
  );
  assert.deepEqual(db.prepare('SELECT row_number, status FROM import_rows ORDER BY row_number').all(), [
    { row_number: 1, status: 'ok' },
    { row_number: 2, status: 'pending' },
  ]);
  assert.throws(
    () => db.prepare('UPDATE imports SET delimiter = ?').run(':'),
    /CHECK constraint/,
    'the delimiter keeps its check',
  );
  assert.throws(
    () => db.exec("UPDATE imports SET state = 'interrupted'"),
    /CHECK constraint/,
    'interrupted stays derived, never stored',
  );
  db.exec("UPDATE imports SET stop_reason = 'remote unreachable'");
  const indexes = (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('imports', 'import_rows') AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((r) => r.name);
  assert.deepEqual(indexes, ['import_rows_by_status', 'import_rows_failed', 'imports_by_dropzone']);
  db.close();
});

test('step 9 counts every stored booking per day, indexes their folded texts for search, and keeps lean list indexes the planner uses', () => {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS.slice(0, 8));
  db.prepare("INSERT INTO dropzones (id, key, name, timezone, created_at) VALUES (1, 'a', 'A', 'UTC', 'now')").run();
  const insert =
    db.prepare(`INSERT INTO bookings (dropzone_id, uuid, link, external_id, name_folded, email_folded, jump_on, created_at, updated_at)
                             VALUES (1, ?, ?, ?, ?, ?, ?, 'now', 'now')`);
  insert.run('u1', 'l1', 'E1', 'zoë visser', 'zoe@example.com', '2026-11-01');
  insert.run('u2', 'l2', null, 'jürgen', 'j@x.de', '2026-11-01');
  insert.run('u3', 'l3', 'E3', 'visser', '', null);
  migrate(db, MIGRATIONS.slice(0, 9));
  assert.equal(schemaVersion(db), 9);
  assert.deepEqual(db.prepare('SELECT day, external, n FROM booking_counts ORDER BY day, external').all(), [
    { day: '', external: 1, n: 1 },
    { day: '2026-11-01', external: 0, n: 1 },
    { day: '2026-11-01', external: 1, n: 1 },
  ]);
  const found = (match: string) =>
    db.prepare('SELECT rowid FROM bookings_search WHERE bookings_search MATCH ? ORDER BY rowid').pluck().all(match);
  assert.deepEqual(found('{name_folded} : "visser"'), [1, 3]);
  assert.deepEqual(found('{name_folded} : "ürg"'), [2]);
  assert.deepEqual(found('{email_folded} : "visser"'), [], 'a column filter keeps the name out of an e-mail search');
  const plan = (sql: string) =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
  assert.match(
    plan(
      'SELECT id FROM bookings WHERE dropzone_id = 1 AND external_id IS NOT NULL AND id > 0 ORDER BY id LIMIT 200 OFFSET 80000',
    ),
    /COVERING INDEX bookings_list_by_id \(dropzone_id=\? AND id>\?\)/,
  );
  assert.match(
    plan(
      "SELECT count(*) FROM bookings WHERE dropzone_id = 1 AND external_id IS NOT NULL AND jump_on >= '2026-01-01' AND id IN (SELECT rowid FROM bookings_search WHERE bookings_search MATCH 'x')",
    ),
    /COVERING INDEX bookings_list_by_id \(dropzone_id=\? AND id=\?.*VIRTUAL TABLE/,
  );
  assert.match(
    plan(
      "SELECT coalesce(sum(n), 0) FROM booking_counts WHERE dropzone_id = 1 AND external = 1 AND day <> '' AND day >= '2026-01-01'",
    ),
    /SEARCH booking_counts USING PRIMARY KEY/,
  );
  db.close();
});
