import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, test } from 'node:test';
import { backupDir, listBackups } from '../../electron/store/backups';
import { startServe } from '../support/serve-process';

/** `dropzone-desk backup …` as a person runs it: its own process, on a real data folder. */
function backup(dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, ['bin/dropzone-desk.mjs', 'backup', ...args, '--data-dir', dataDir], {
    encoding: 'utf8',
  });
}

const seedDir = mkdtempSync(join(tmpdir(), 'desk-backup-cli-'));
after(() => rmSync(seedDir, { recursive: true, force: true }));

test('backup create beside a running desk; restore refused while it runs; restore after it stops brings the data back', async () => {
  const dataDir = join(seedDir, 'data');
  const desk = await startServe(['--port', '0', '--data-dir', dataDir, '--seed', 'fixtures/demo.json']);
  let name: string;
  try {
    const sync = (method: string, path: string, body?: unknown) =>
      fetch(`${desk.url}/api/f1/sync${path}`, {
        method,
        headers: {
          authorization: 'Bearer demo-token-please-change',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    const today = new Date().toISOString().slice(0, 10);
    assert.equal(
      (await sync('POST', '/bookings', { external_id: 'BEFORE-BACKUP', name: 'Before Backup', jump_on: today })).status,
      201,
    );

    const created = backup(dataDir, 'create');
    assert.equal(created.status, 0, created.stderr);
    assert.match(created.stdout, /^Backed up to .*desk-\d{4}-\d{2}-\d{2}T\d{9}Z\.sqlite3 \(\d+\.\d MiB\)\.$/m);
    name = basename(/Backed up to (.+\.sqlite3) /.exec(created.stdout)![1]!);
    assert.equal(statSync(join(backupDir(dataDir), name)).mode & 0o777, 0o600);

    assert.equal(
      (await sync('POST', '/bookings', { external_id: 'AFTER-BACKUP', name: 'After Backup', jump_on: today })).status,
      201,
    );

    const listed = backup(dataDir, 'list');
    assert.equal(listed.status, 0, listed.stderr);
    assert.match(listed.stdout, /^name\tcreated\tsize$/m);
    assert.ok(listed.stdout.includes(name));

    const refused = backup(dataDir, 'restore', name);
    assert.equal(refused.status, 1);
    assert.match(
      refused.stderr,
      new RegExp(
        `^dropzone-desk backup: another desk is already using the data folder .*\\(process ${desk.child.pid}\\b`,
      ),
    );
    assert.equal((await sync('GET', '/bookings/AFTER-BACKUP')).status, 200, 'the running desk is untouched');
  } finally {
    assert.equal(await desk.stop('SIGTERM'), 0);
  }

  const before = listBackups(dataDir).length;
  const restored = backup(dataDir, 'restore', name!);
  assert.equal(restored.status, 0, restored.stderr);
  assert.match(restored.stdout, /The store as it was is kept as desk-/);
  assert.equal(listBackups(dataDir).length, before + 1);

  const again = await startServe(['--port', '0', '--data-dir', dataDir]);
  try {
    const get = (id: string) =>
      fetch(`${again.url}/api/f1/sync/bookings/${id}`, {
        headers: { authorization: 'Bearer demo-token-please-change' },
      });
    assert.equal((await get('BEFORE-BACKUP')).status, 200);
    assert.equal((await get('AFTER-BACKUP')).status, 404, 'the restore brought back the store as it was at the backup');
  } finally {
    await again.stop('SIGTERM');
  }
});

test('restore refuses what is no backup, and names it', () => {
  const dataDir = join(seedDir, 'empty');
  const missing = backup(dataDir, 'restore', 'desk-nope.sqlite3');
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /no backup "desk-nope.sqlite3": see dropzone-desk backup list/);
  const notAStore = backup(dataDir, 'restore', 'package.json');
  assert.equal(notAStore.status, 1);
  assert.match(notAStore.stderr, /package\.json (cannot be opened as a store|is not a readable store|is damaged)/);
  const list = backup(dataDir, 'list');
  assert.match(list.stdout, /No backups in .* yet/);
  assert.ok(!existsSync(dataDir), 'refusals create nothing, not even the folder');
});
