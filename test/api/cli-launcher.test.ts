import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { test } from 'node:test';

/** bin/dropzone-desk.mjs: the package's `dropzone-desk` command, and what npm run serve|token|backup run. */
function launcher(...args: string[]) {
  return spawnSync(process.execPath, ['bin/dropzone-desk.mjs', ...args], { encoding: 'utf8' });
}

test('no command: the usage on stderr, exit 1; --help: on stdout, exit 0', () => {
  const none = launcher();
  assert.equal(none.status, 1);
  assert.match(none.stderr, /^Usage: dropzone-desk <command>/);
  for (const command of ['serve', 'token', 'backup']) assert.match(none.stderr, new RegExp(`^  ${command} `, 'm'));
  const help = launcher('--help');
  assert.equal(help.status, 0);
  assert.equal(help.stdout, none.stderr);
});

test('an unknown command is named, then the usage; exit 1', () => {
  const run = launcher('srve');
  assert.equal(run.status, 1);
  assert.match(run.stderr, /^dropzone-desk: unknown command "srve"\n\nUsage: dropzone-desk <command>/);
  assert.equal(launcher('toString').status, 1, 'only the commands themselves, nothing inherited');
});

test('each command module exports main(argv) and runs nothing when imported', async () => {
  for (const module of ['../../electron/serve', '../../electron/cli/token', '../../electron/cli/backup']) {
    const { main } = (await import(module)) as { main?: unknown };
    assert.equal(typeof main, 'function', module);
  }
});

test('package.json: the bin, and npm run serve|token|backup going through it', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
    bin: Record<string, string>;
    scripts: Record<string, string>;
  };
  assert.deepEqual(pkg.bin, { 'dropzone-desk': 'bin/dropzone-desk.mjs' });
  if (process.platform !== 'win32') assert.ok(statSync('bin/dropzone-desk.mjs').mode & 0o111, 'executable');
  assert.match(readFileSync('bin/dropzone-desk.mjs', 'utf8'), /^#!\/usr\/bin\/env node\n/);
  // exec: without it sh (dash) stays between npm and the server and swallows the signals npm forwards.
  assert.equal(pkg.scripts.serve, 'exec node bin/dropzone-desk.mjs serve');
  assert.equal(pkg.scripts.token, 'node bin/dropzone-desk.mjs token');
  assert.equal(pkg.scripts.backup, 'node bin/dropzone-desk.mjs backup');
});
