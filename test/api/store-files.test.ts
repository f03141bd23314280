import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { startDesk } from '../../electron/start';
import { BackupCancelled, backupDir, backupStore, checkBackup, listBackups } from '../../electron/store/backups';
import { openStore } from '../../electron/store/open';
import { startTestDesk } from '../support/desk';
import { TEST_TODAY } from '../support/seed';
import { waitFor } from '../support/wait-for';

const modeOf = (path: string) => statSync(path).mode & 0o777;
const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

describe('private by default', () => {
  test('a new data folder is 0700; the store, its -wal and -shm, the lock and the backups are 0600', async () => {
    const parent = tempDir('desk-private-');
    after(() => rmSync(parent, { recursive: true, force: true }));
    const dataDir = join(parent, 'nested', 'data');
    const desk = await startDesk({ dataDir, port: 0, logErrors: false, backups: { firstAfterMs: 0 } });
    try {
      await desk.backups?.first;
      assert.equal(modeOf(dataDir), 0o700);
      for (const name of ['desk.sqlite3', 'desk.sqlite3-wal', 'desk.sqlite3-shm', 'desk.lock', 'desk.lock.json']) {
        assert.equal(modeOf(join(dataDir, name)), 0o600, name);
      }
      assert.equal(modeOf(backupDir(dataDir)), 0o700);
      const [backup] = listBackups(dataDir);
      assert.ok(backup, 'a backup was made at start');
      assert.equal(modeOf(backup.file), 0o600);
      assert.deepEqual(desk.notices, []);
    } finally {
      await desk.close();
    }
  });

  test('an existing store that others could read is tightened at start, with a warning per file', async () => {
    const dataDir = tempDir('desk-loose-');
    after(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await startDesk({ dataDir, port: 0, logErrors: false, backups: false });
    // Keep -wal and -shm on disk while loosening everything, as an older desk left them.
    const loosen = () => {
      chmodSync(dataDir, 0o755);
      for (const name of ['desk.sqlite3', 'desk.sqlite3-wal', 'desk.sqlite3-shm'])
        chmodSync(join(dataDir, name), 0o644);
    };
    loosen();
    await first.close();
    if (existsSync(join(dataDir, 'desk.sqlite3-wal'))) chmodSync(join(dataDir, 'desk.sqlite3-wal'), 0o644);
    mkdirSync(backupDir(dataDir), { mode: 0o755 });
    chmodSync(backupDir(dataDir), 0o755);

    const desk = await startDesk({ dataDir, port: 0, logErrors: false, backups: false });
    try {
      assert.equal(modeOf(dataDir), 0o700);
      assert.equal(modeOf(join(dataDir, 'desk.sqlite3')), 0o600);
      assert.equal(modeOf(backupDir(dataDir)), 0o700);
      for (const name of readdirSync(dataDir).filter((n) => n.startsWith('desk.sqlite3')))
        assert.equal(modeOf(join(dataDir, name)), 0o600, name);
      assert.ok(
        desk.notices.some(
          (n) => n.startsWith(`${dataDir} was readable by other users`) && n.includes('0755') && n.includes('0700'),
        ),
        desk.notices.join('\n'),
      );
      assert.ok(
        desk.notices.some((n) => n.startsWith(`${join(dataDir, 'desk.sqlite3')} was readable`) && n.includes('0644')),
        desk.notices.join('\n'),
      );
    } finally {
      await desk.close();
    }
  });
});

describe('automatic backups', () => {
  test('after the start and on the interval: whole, consistent copies that hold what was acknowledged', async () => {
    let clock = new Date('2026-06-15T10:00:00.000Z');
    const desk = await startTestDesk({
      deskOptions: { now: () => clock, backups: { intervalMs: 150, firstAfterMs: 0 } },
    });
    after(() => desk.dispose());
    await desk.backups?.first;
    const atStart = listBackups(desk.dataDir);
    assert.equal(atStart.length, 1);
    const bookingsAtStart = checkBackup(atStart[0]!.file).bookings;

    assert.equal(
      (await desk.sync('POST', '/bookings', { external_id: 'AFTER-START', name: 'Late Larry', jump_on: TEST_TODAY }))
        .status,
      201,
    );
    clock = new Date('2026-06-15T11:00:00.000Z');
    await waitFor(() => listBackups(desk.dataDir).length >= 2, 'the backup after the interval', { timeoutMs: 10_000 });
    await desk.backups?.running;
    const [newest] = listBackups(desk.dataDir);
    assert.equal(newest?.created_at, '2026-06-15T11:00:00.000Z');
    assert.equal(checkBackup(newest!.file).bookings, bookingsAtStart + 1);
    assert.ok(!readdirSync(backupDir(desk.dataDir)).some((n) => n.endsWith('.partial')));
  });

  test('the first backup waits until the start has answered; a desk stopped before it makes none', async () => {
    const desk = await startTestDesk({ deskOptions: { backups: { firstAfterMs: 400 } } });
    after(() => desk.dispose());
    assert.equal((await desk.sync('GET', '/products')).status, 200);
    assert.equal(listBackups(desk.dataDir).length, 0, 'no backup while the first requests are answered');
    await desk.backups?.first;
    assert.equal(listBackups(desk.dataDir).length, 1, 'the first backup, after its delay');

    const early = await startTestDesk({ deskOptions: { backups: { firstAfterMs: 60_000 } } });
    after(() => early.dispose());
    await early.close();
    await early.backups?.first;
    assert.equal(listBackups(early.dataDir).length, 0);
  });

  test('a cancelled backup (the desk closing) leaves neither a backup nor a partial file', async () => {
    const desk = await startTestDesk({ deskOptions: { backups: false } });
    after(() => desk.dispose());
    const db = openStore(desk.storeFile);
    try {
      await assert.rejects(backupStore(db, desk.dataDir, { cancelled: () => true }), BackupCancelled);
    } finally {
      db.close();
    }
    assert.deepEqual(existsSync(backupDir(desk.dataDir)) ? readdirSync(backupDir(desk.dataDir)) : [], []);
  });
});
