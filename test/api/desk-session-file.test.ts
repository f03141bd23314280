import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, describe, test } from 'node:test';
import { DeskSessionFile, SESSION_FILE_NAME, sessionTokenFor } from '../../electron/common/desk-session';
import { startServe } from '../support/serve-process';
import { BASE_SEED } from '../support/seed';

const run = promisify(execFile);

async function sessionStatus(url: string, token: string): Promise<number> {
  return (await fetch(`${url}/api/desk/session`, { headers: { authorization: `Bearer ${token}` } })).status;
}

const dir = mkdtempSync(join(tmpdir(), 'desk-session-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** `serve` keeps the browser's sign-in across restarts: a secret in a 0600 file of the data folder. */
describe(
  'the browser sign-in across server restarts',
  { skip: process.platform === 'win32' && 'POSIX file modes' },
  () => {
    const dataDir = join(dir, 'data');
    const seedFile = join(dir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(BASE_SEED));

    test('a restarted server on the same data folder takes the old token; a wrong one is a 401', async () => {
      const first = await startServe(['--port', '0', '--data-dir', dataDir, '--seed', seedFile]);
      let second: Awaited<ReturnType<typeof startServe>> | undefined;
      try {
        assert.equal(await sessionStatus(first.url, first.token), 200);
        assert.equal(
          statSync(join(dataDir, SESSION_FILE_NAME)).mode & 0o777,
          0o600,
          'the secret file is readable by the desk user only',
        );
        assert.equal(statSync(dataDir).mode & 0o777, 0o700, 'and so is its folder');
        assert.ok(
          !first.output().includes(keptSecret(dataDir)),
          'the secret itself is never printed, only the token derived from it',
        );
        await first.stop();
        second = await startServe(['--port', '0', '--data-dir', dataDir]);
        assert.equal(second.token, first.token, 'the same sign-in address after a restart');
        assert.equal(await sessionStatus(second.url, first.token), 200, "the browser's old token still works");
        assert.equal(await sessionStatus(second.url, `${first.token}x`), 401);
        assert.equal(await sessionStatus(second.url, 'dzd_wrong'), 401);
        // The address can be printed again without the server's output.
        const printed = await run(process.execPath, ['bin/dropzone-desk.mjs', 'url', '--data-dir', dataDir]);
        assert.equal(printed.stdout.trim(), `${second.url}/?token=${second.token}`);
      } finally {
        await first.stop();
        await second?.stop();
      }
    });

    test('--new-session signs every browser out: the old token is a 401, a new one works', async () => {
      const before = await startServe(['--port', '0', '--data-dir', dataDir]);
      await before.stop();
      const renewed = await startServe(['--port', '0', '--data-dir', dataDir, '--new-session']);
      try {
        assert.notEqual(renewed.token, before.token);
        assert.equal(await sessionStatus(renewed.url, before.token), 401);
        assert.equal(await sessionStatus(renewed.url, renewed.token), 200);
        assert.equal(statSync(join(dataDir, SESSION_FILE_NAME)).mode & 0o777, 0o600);
      } finally {
        await renewed.stop();
      }
    });

    test('url on a folder no desk served from says so and how to start one', async () => {
      await assert.rejects(
        run(process.execPath, ['bin/dropzone-desk.mjs', 'url', '--data-dir', join(dir, 'empty')]),
        (error: { stderr: string; code: number }) => {
          assert.equal(error.code, 1);
          assert.match(error.stderr, /no desk has served from .*empty yet: start one with "npm run serve"/);
          return true;
        },
      );
    });
  },
);

/** The secret as kept in the file (to check it is never printed). */
function keptSecret(dataDir: string): string {
  return (JSON.parse(readFileSync(join(dataDir, SESSION_FILE_NAME), 'utf8')) as { secret: string }).secret;
}

test('a desk started again at the same address leaves the session file as it is; another address is noted', () => {
  const dataDir = mkdtempSync(join(dir, 'same-address-'));
  const file = DeskSessionFile.inDataDir(dataDir);
  const secret = file.secret();
  const path = join(dataDir, SESSION_FILE_NAME);
  file.recordServing('http://127.0.0.1:4780', 'main');
  const written = statSync(path, { bigint: true });
  file.recordServing('http://127.0.0.1:4780', 'main');
  const again = statSync(path, { bigint: true });
  // Every write is a new file renamed over the old one: the same inode means nothing was written.
  assert.equal(again.ino, written.ino, 'the same address and dropzone: not written again');
  assert.equal(file.signInUrl(), `http://127.0.0.1:4780/?token=${sessionTokenFor(secret, 'main')}`);

  file.recordServing('http://127.0.0.1:4781', 'main');
  assert.notEqual(statSync(path, { bigint: true }).ino, written.ino, 'another port: written');
  assert.equal(file.signInUrl(), `http://127.0.0.1:4781/?token=${sessionTokenFor(secret, 'main')}`);
  file.recordServing('http://127.0.0.1:4781', 'other');
  assert.equal(file.signInUrl(), `http://127.0.0.1:4781/?token=${sessionTokenFor(secret, 'other')}`);
});
