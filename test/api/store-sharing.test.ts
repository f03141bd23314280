import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { startDesk } from '../../electron/start';
import { DeskLockedError } from '../../electron/store/desk-lock';
import { MIGRATIONS } from '../../electron/store/migrations';
import { openStore } from '../../electron/store/open';
import { bundledScript } from '../support/bundled-script';
import { startTestDesk } from '../support/desk';
import { runServe, startServe } from '../support/serve-process';
import { TEST_TODAY } from '../support/seed';

const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

describe('a second process writing while the desk takes writes', () => {
  test('no write fails because another process holds the write lock: zero 500s, zero internal_error elements', async () => {
    const desk = await startTestDesk();
    after(() => desk.dispose());
    // The second writer: 150 commits, each holding the lock 20 ms (the token CLI, a slow one).
    const writer = spawn(
      process.execPath,
      [bundledScript('test/support/busy-writer.ts', { external: ['better-sqlite3'] }), desk.storeFile, '150', '20'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let commits = 0;
    let writerErrors = '';
    writer.stdout.on(
      'data',
      (chunk: Buffer) =>
        (commits += chunk
          .toString()
          .split('\n')
          .filter((l) => l.startsWith('commit')).length),
    );
    writer.stderr.on('data', (chunk: Buffer) => (writerErrors += chunk.toString()));
    const writerDone = new Promise<number | null>((resolve) => writer.on('exit', resolve));
    while (commits === 0 && writer.exitCode === null) await new Promise((r) => setTimeout(r, 5));

    const failures: string[] = [];
    let sent = 0;
    let overlapped = 0;
    for (let round = 0; round < 40 && writer.exitCode === null; round += 1) {
      const before = commits;
      const single = await desk.sync('POST', '/bookings', {
        external_id: `LOCK-${round}`,
        name: `Single ${round}`,
        jump_on: TEST_TODAY,
      });
      if (single.status >= 500) failures.push(`single ${round}: ${single.status} ${single.text}`);
      const batch = await desk.sync('POST', '/bookings/batch', {
        bookings: Array.from({ length: 20 }, (_, i) => ({
          external_id: `LOCK-B-${round}-${i}`,
          name: `Batch ${round}/${i}`,
          jump_on: TEST_TODAY,
        })),
      });
      if (batch.status >= 500) failures.push(`batch ${round}: ${batch.status} ${batch.text}`);
      for (const result of batch.body?.results ?? [])
        if (result.status === 'internal_error') failures.push(`batch ${round}: ${JSON.stringify(result)}`);
      const filmer = await desk.sync('POST', '/filmers', { name: `Filmer ${round}`, email: `f${round}@example.com` });
      if (filmer.status >= 500) failures.push(`filmer ${round}: ${filmer.status} ${filmer.text}`);
      sent += 3;
      if (commits > before) overlapped += 1;
    }
    assert.equal(await writerDone, 0, writerErrors);
    assert.deepEqual(failures, []);
    // The claim is only tested if the two really wrote at the same time.
    assert.ok(overlapped >= 5, `the other process committed during ${overlapped} rounds only (of ${sent / 3})`);
    assert.equal(
      desk.queryStore<{ n: number }>("SELECT count(*) AS n FROM bookings WHERE external_id LIKE 'LOCK-%'")[0]?.n,
      (sent / 3) * 21,
    );
  });
});

describe('two processes opening a new store at once', () => {
  test('both wait their turn: the schema is made once, neither fails', async () => {
    const dir = tempDir('desk-migrate-race-');
    after(() => rmSync(dir, { recursive: true, force: true }));
    // Bundled once: two plain `node` starts race far closer than two tsx compiles did.
    const openStoreScript = bundledScript('test/support/open-store.ts', { external: ['better-sqlite3'] });
    for (let round = 0; round < 4; round += 1) {
      const file = join(dir, `round-${round}`, 'desk.sqlite3');
      const open = () => {
        const child = spawn(process.execPath, [openStoreScript, file], {
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        return new Promise<string>((resolve) =>
          child.on('exit', (code) => resolve(code === 0 ? '' : `exit ${code}: ${stderr}`)),
        );
      };
      assert.deepEqual(await Promise.all([open(), open()]), ['', ''], `round ${round}`);
      const db = openStore(file);
      assert.equal(db.pragma('user_version', { simple: true }), MIGRATIONS.length);
      db.close();
    }
  });
});

describe('one desk per data folder', () => {
  test('a second desk in the same process is refused, naming the folder and the process holding it', async () => {
    const desk = await startTestDesk();
    after(() => desk.dispose());
    await assert.rejects(startDesk({ dataDir: desk.dataDir, port: 0, logErrors: false }), (error: Error) => {
      assert.ok(error instanceof DeskLockedError);
      assert.ok(error.message.includes(desk.dataDir), error.message);
      assert.match(error.message, new RegExp(`process ${process.pid}\\b`));
      return true;
    });
    // The first desk is untouched.
    assert.equal((await desk.sync('GET', '/filmers')).status, 200);
  });

  test('a second `serve` exits non-zero with the folder and the pid; once the first is SIGKILLed, a start is not blocked', async () => {
    const dir = tempDir('desk-lock-');
    after(() => rmSync(dir, { recursive: true, force: true }));
    const first = await startServe(['--port', '0', '--data-dir', dir]);
    const second = runServe(['--port', '0', '--data-dir', dir]);
    const code = await second.exited;
    assert.notEqual(code, 0);
    assert.ok(second.output().includes(dir), second.output());
    assert.match(second.output(), new RegExp(`process ${first.child.pid}\\b`));
    assert.doesNotMatch(second.output(), /Desk:/, 'the second desk never served');

    // …and it stops before building anything into a UI folder (the first desk's, normally).
    const uiDir = tempDir('desk-lock-ui-');
    after(() => rmSync(uiDir, { recursive: true, force: true }));
    const building = spawnSync(process.execPath, ['bin/dropzone-desk.mjs', 'serve', '--port', '0', '--data-dir', dir], {
      env: { ...process.env, DESK_UI_DIR: uiDir },
      encoding: 'utf8',
    });
    assert.equal(building.status, 1);
    assert.match(building.stderr, /another desk is already using the data folder/);
    assert.doesNotMatch(building.stdout, /building the desk UI/);
    assert.deepEqual(readdirSync(uiDir), []);

    // A desk killed outright leaves no lock that blocks the next start.
    assert.equal(await first.stop('SIGKILL'), null);
    const third = await startServe(['--port', '0', '--data-dir', dir]);
    assert.equal(await third.stop('SIGTERM'), 0);
  });

  test('two desks started at the same moment on a new folder: one serves, the other says why; the store is whole', async () => {
    const dir = tempDir('desk-race-');
    after(() => rmSync(dir, { recursive: true, force: true }));
    const a = runServe(['--port', '0', '--data-dir', dir]);
    const b = runServe(['--port', '0', '--data-dir', dir]);
    const serving = async (run: typeof a) => {
      while (!/Desk:/.test(run.output()) && run.child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
      return /Desk:/.test(run.output());
    };
    const [aServes, bServes] = await Promise.all([serving(a), serving(b)]);
    assert.notEqual(aServes, bServes, `exactly one serves:\n--- a\n${a.output()}\n--- b\n${b.output()}`);
    const [winner, loser] = aServes ? [a, b] : [b, a];
    assert.notEqual(await loser.exited, 0);
    assert.match(loser.output(), /another desk is already using the data folder/);
    assert.doesNotMatch(
      loser.output() + winner.output(),
      /UNIQUE constraint|already exists|SQLITE_BUSY|database is locked/,
    );
    winner.child.kill('SIGTERM');
    assert.equal(await winner.exited, 0);
  });
});
