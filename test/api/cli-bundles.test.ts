import assert from 'node:assert/strict';
import { isAscii } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { asciiOnly } from '../../scripts/cli-bundles.mjs';

/**
 * The launcher runs each command from an esbuild bundle in .bundles/, built when the sources
 * changed (scripts/cli-bundles.mjs). Each test runs in a checkout of its own: bin/ and scripts/
 * copied, the sources and node_modules linked, so this checkout's .bundles/ is never touched.
 */
const ROOT = resolve('.');
const checkouts: string[] = [];
after(() => {
  for (const dir of checkouts) rmSync(dir, { recursive: true, force: true });
});

function aCheckout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'desk-checkout-'));
  checkouts.push(dir);
  for (const copied of ['bin', 'scripts', 'package.json'])
    // Their times kept: a source written in the last moments has stats too fresh to stamp (electron/common/sources-stamp.mjs).
    cpSync(join(ROOT, copied), join(dir, copied), { recursive: true, preserveTimestamps: true });
  for (const linked of [
    'electron',
    'shared',
    'node_modules',
    'package-lock.json',
    'tsconfig.json',
    'tsconfig.base.json',
  ])
    symlinkSync(join(ROOT, linked), join(dir, linked));
  return dir;
}

function launch(checkout: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync(process.execPath, [join(checkout, 'bin/dropzone-desk.mjs'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
}

test('the first command builds .bundles/ and runs from it; the next reuses it; a stale stamp rebuilds', () => {
  const checkout = aCheckout();
  const first = launch(checkout, ['url', '--help']);
  assert.equal(first.status, 0, first.stderr);
  assert.equal(first.stderr, '', 'a build that works says nothing');
  const bundle = join(checkout, '.bundles', 'url.cjs');
  const stamp = join(checkout, '.bundles', '.sources-hash');
  // The sources' bytes hashed, then their stats hashed (what a start compares first).
  assert.match(readFileSync(stamp, 'utf8'), /^[0-9a-f]{64}\n[0-9a-f]{64}\n$/);
  for (const name of ['serve', 'token', 'backup', 'admin', 'desks', 'read-worker']) {
    const bytes = readFileSync(join(checkout, '.bundles', `${name}.cjs`));
    assert.ok(bytes.length > 0, name);
    // Read as one-byte text at every start (scripts/code-cache.mjs), though the sources have letters outside ASCII.
    assert.ok(isAscii(bytes), `${name}.cjs is ASCII only`);
  }

  const built = statSync(bundle).mtimeMs;
  assert.equal(launch(checkout, ['url', '--help']).status, 0);
  assert.equal(statSync(bundle).mtimeMs, built, 'the same sources: no second build');

  writeFileSync(stamp, `${'0'.repeat(64)}\n`);
  assert.equal(launch(checkout, ['url', '--help']).status, 0);
  assert.ok(statSync(bundle).mtimeMs > built, 'sources that differ from the stamp: built again');
  assert.notEqual(readFileSync(stamp, 'utf8'), `${'0'.repeat(64)}\n`);
});

test('a bundle made ASCII means what it meant: regular expressions match the same letters, comments end where they did', () => {
  const source = [
    '// Spelled out: ß, æ and 😀',
    'const letters = /[ßæ]/g;',
    'const smile = /^😀$/u;',
    // A paragraph separator ends a line comment: what follows it is code.
    '// ends here\u2029const after = 1;',
    'JSON.stringify({ letters: "Straße, Æsir, æble".match(letters), smile: smile.test("😀"), after })',
  ].join('\n');
  const ascii = asciiOnly(source);
  assert.ok(isAscii(Buffer.from(ascii, 'utf8')), ascii);
  assert.equal(runInNewContext(ascii), runInNewContext(source));
  assert.deepEqual(JSON.parse(runInNewContext(ascii)), { letters: ['ß', 'æ'], smile: true, after: 1 });
});

test('a source touched but unchanged is not built again; a source whose bytes changed is', () => {
  const checkout = aCheckout();
  assert.equal(launch(checkout, ['url', '--help']).status, 0);
  const bundle = join(checkout, '.bundles', 'url.cjs');
  const stamp = join(checkout, '.bundles', '.sources-hash');
  const built = statSync(bundle).mtimeMs;
  const [contentsBefore, statsBefore] = readFileSync(stamp, 'utf8').split('\n');

  // The builder is one of the sources, and this checkout's own copy (the others are linked).
  const source = join(checkout, 'scripts', 'cli-bundles.mjs');
  const earlier = new Date(Date.now() - 3_600_000);
  utimesSync(source, earlier, earlier);
  assert.equal(launch(checkout, ['url', '--help']).status, 0);
  assert.equal(statSync(bundle).mtimeMs, built, 'the same bytes: no build');
  const [contentsTouched, statsTouched] = readFileSync(stamp, 'utf8').split('\n');
  assert.equal(contentsTouched, contentsBefore);
  assert.notEqual(statsTouched, statsBefore, 'the stamp takes the new stats, so the next start checks only them');

  appendFileSync(source, '\n// changed\n');
  assert.equal(launch(checkout, ['url', '--help']).status, 0);
  assert.ok(statSync(bundle).mtimeMs > built, 'changed bytes: built again');
  assert.notEqual(readFileSync(stamp, 'utf8').split('\n')[0], contentsBefore);
});

test('when .bundles/ cannot be written, one line says so and the command runs from the sources', () => {
  const checkout = aCheckout();
  writeFileSync(join(checkout, '.bundles'), 'not a folder');
  const run = launch(checkout, ['url', '--help']);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /Usage: dropzone-desk url/);
  const lines = run.stderr.trim().split('\n');
  assert.equal(lines.length, 1, run.stderr);
  assert.match(
    lines[0]!,
    /^dropzone-desk: running from the TypeScript sources \(a slower start\): could not build \.bundles\/: /,
  );
});

test('DESK_FROM_SOURCE=1 runs the TypeScript through tsx and builds nothing', () => {
  const checkout = aCheckout();
  const run = launch(checkout, ['url', '--help'], { DESK_FROM_SOURCE: '1' });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, '');
  assert.throws(() => statSync(join(checkout, '.bundles')), /ENOENT/);
});
