import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { LIST_COLUMNS } from '../../electron/cli/token';
import { startDesk } from '../../electron/start';

const dir = mkdtempSync(join(tmpdir(), 'desk-token-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** `dropzone-desk token …` (what `npm run token` runs) as its own process. */
function tokenCli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['bin/dropzone-desk.mjs', 'token', ...args], { encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function ok(...args: string[]): string {
  const run = tokenCli(...args, '--data-dir', dir);
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
}

test('npm run token: create prints a working token once; list never shows it; revoke ends it', async () => {
  const first = await startDesk({ dataDir: dir, logErrors: false });
  await first.close();

  // Before any token: the header still says which store was read, and that it has none.
  assert.match(
    ok('list'),
    new RegExp(
      `^Tokens in ${join(dir, 'desk.sqlite3').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: no tokens \\(make one with: npm run token -- create --data-dir ${dir}\\)\\n$`,
    ),
  );

  const created = ok('create', '--label', 'booking system');
  const token = /\n(dzd_\S+)/.exec(created)?.[1];
  assert.ok(token, created);
  const listing = ok('list');
  const lines = listing.trimEnd().split('\n');
  assert.match(lines[0]!, /^Tokens in .*desk\.sqlite3:$/);
  assert.equal(lines[1], 'id\tdropzone\tcreated\tlabel', 'a header line names the columns');
  assert.match(lines[2]!, /^1\tmain\t\d{4}-\d\d-\d\dT\S+\tbooking system$/);
  assert.equal(lines.length, 3);
  assert.ok(!listing.includes(token));
  for (const file of ['desk.sqlite3', 'desk.sqlite3-wal'].filter((f) => existsSync(join(dir, f)))) {
    assert.ok(!readFileSync(join(dir, file)).includes(token), `only the hash is stored (${file})`);
  }

  const desk = await startDesk({ dataDir: dir, logErrors: false });
  try {
    const call = () => fetch(`${desk.url}/api/f1/sync/filmers`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal((await call()).status, 200);
    assert.match(ok('revoke', '1'), /Token 1 revoked/);
    assert.equal((await call()).status, 401, 'a revoked token is refused at once, without a restart');
  } finally {
    await desk.close();
  }
});

test('the usage names the columns of list in the order list prints them', () => {
  const usage = tokenCli('--help').stdout;
  const described = /^\s+list\s+show the tokens \(([^)]*)\)/m.exec(usage)?.[1];
  assert.equal(described, LIST_COLUMNS.join(', '));
  assert.equal(described, 'id, dropzone, created, label');
});

test('a data folder without a store is an error naming it, and nothing is created there', () => {
  const missing = join(dir, 'no-desk-here');
  const run = tokenCli('list', '--data-dir', missing);
  assert.equal(run.status, 1);
  assert.match(
    run.stderr,
    new RegExp(`^dropzone-desk token: there is no desk store at ${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`),
  );
  assert.equal(existsSync(missing), false, 'no empty store was made');
});

test('an unknown command or flag: the message, then the usage; exit 1', () => {
  const unknown = tokenCli('rotate', '--data-dir', dir);
  assert.equal(unknown.status, 1);
  assert.match(unknown.stderr, /^dropzone-desk token: unknown command "rotate"\nUsage: dropzone-desk token/);
  const flag = tokenCli('list', '--data-folder', dir);
  assert.equal(flag.status, 1);
  assert.match(flag.stderr, /^dropzone-desk token: Unknown option '--data-folder'/);
});
