import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startDesk } from '../../electron/start';

const dir = mkdtempSync(join(tmpdir(), 'desk-token-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const tokenCli = (...args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'electron/cli/token.ts', ...args, '--data-dir', dir], { encoding: 'utf8' });

test('npm run token: create prints a working token once; list never shows it; revoke ends it', async () => {
  const first = await startDesk({ dataDir: dir, logErrors: false });
  await first.close();

  const created = tokenCli('create', '--label', 'booking system');
  const token = /\n(dzd_\S+)/.exec(created)?.[1];
  assert.ok(token, created);
  const listing = tokenCli('list');
  assert.match(listing, /^1\tmain\t\S+\tbooking system$/m);
  assert.ok(!listing.includes(token));
  for (const file of ['desk.sqlite3', 'desk.sqlite3-wal'].filter((f) => existsSync(join(dir, f)))) {
    assert.ok(!readFileSync(join(dir, file)).includes(token), `only the hash is stored (${file})`);
  }

  const desk = await startDesk({ dataDir: dir, logErrors: false });
  try {
    const call = () => fetch(`${desk.url}/api/f1/sync/filmers`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal((await call()).status, 200);
    assert.match(tokenCli('revoke', '1'), /Token 1 revoked/);
    assert.equal((await call()).status, 401, 'a revoked token is refused at once, without a restart');
  } finally {
    await desk.close();
  }
});
