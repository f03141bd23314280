import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { test } from 'node:test';
import { migrate, schemaVersion } from '../../electron/store/migrate';
import { MIGRATIONS } from '../../electron/store/migrations';

/** Step 16: the main desk's LAN identity and settings, its pairing codes and its paired desks. */

test('step 16 keeps one identity, LAN settings beside the port, and one live desk per name', () => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS.slice(0, 15));
  db.prepare('UPDATE listen_settings SET fixed_port = 5000 WHERE id = 1').run();
  db.prepare("INSERT INTO dropzones (id, key, name, timezone, created_at) VALUES (1, 'a', 'A', 'UTC', 'now')").run();
  migrate(db, MIGRATIONS.slice(0, 16));
  assert.equal(schemaVersion(db), 16);

  assert.deepEqual(db.prepare('SELECT fixed_port, lan_enabled, lan_port, lan_address FROM listen_settings').get(), {
    fixed_port: 5000,
    lan_enabled: 0,
    lan_port: null,
    lan_address: null,
  });
  assert.throws(() => db.prepare('UPDATE listen_settings SET lan_port = 80').run(), /CHECK/);

  const keep = db.prepare(
    "INSERT INTO lan_identity (id, key_pem, cert_pem, fingerprint, created_at) VALUES (?, 'k', 'c', 'f', 'now')",
  );
  keep.run(1);
  assert.throws(() => keep.run(2), /CHECK/, 'one identity');

  const pair = db.prepare(
    "INSERT INTO paired_desks (dropzone_id, name, credential_hash, paired_at) VALUES (1, ?, ?, 'now')",
  );
  pair.run('Video desk', 'h1');
  assert.throws(() => pair.run('video DESK', 'h2'), /UNIQUE/, 'one live desk per name, any case');
  db.prepare("UPDATE paired_desks SET revoked_at = 'now'").run();
  pair.run('Video desk', 'h3');
  assert.throws(() => pair.run('Other', 'h3'), /UNIQUE/, 'a credential names one desk');
  db.close();
});
