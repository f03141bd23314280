import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { requireWithCodeCache } from '../../scripts/code-cache.mjs';
import { waitFor } from '../support/wait-for';

/** scripts/code-cache.mjs: a command's bundle run with a V8 code cache made after its start. */
const dir = mkdtempSync(join(tmpdir(), 'desk-code-cache-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const bundleSource = (answer: number) => `
  const { join } = require('node:path');
  let calls = 0;
  exports.main = () => ({ answer: ${answer}, calls: ++calls, joined: join('a', 'b'), file: __filename, self: module.exports === exports });
  exports.later = () => import('node:os').then((os) => typeof os.tmpdir);
`;

test('runs the bundle as require would; keeps a code cache afterMs later; a changed bundle gets a new one', async () => {
  const bundle = join(dir, 'serve.cjs');
  const cacheBase = join(dir, 'serve');
  const caches = () => readdirSync(dir).filter((n) => n.endsWith('.v8cache'));
  const cacheMade = () => statSync(join(dir, caches()[0]!)).mtimeMs;
  writeFileSync(bundle, bundleSource(42));
  const first = requireWithCodeCache(bundle, cacheBase, 20) as { main: () => any; later: () => Promise<string> };
  assert.deepEqual(first.main(), { answer: 42, calls: 1, joined: join('a', 'b'), file: bundle, self: true });
  assert.equal(await first.later(), 'function', 'a dynamic import inside the bundle works');
  assert.deepEqual(caches(), [], 'not at once: after the start');
  await waitFor(() => caches().length === 1, 'the code cache', { timeoutMs: 5_000 });
  const [firstCache] = caches();
  const made = cacheMade();

  // The next start uses it (V8 accepts it): nothing is written again.
  const second = requireWithCodeCache(bundle, cacheBase, 20) as { main: () => any };
  assert.equal(second.main().answer, 42);
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.deepEqual(caches(), [firstCache]);
  assert.equal(cacheMade(), made, 'an accepted cache is kept as it is');

  // A rebuilt bundle of the very same length (V8 checks only the length): the new code runs, not
  // the cached one, and a cache of its own replaces the old build's.
  writeFileSync(bundle, bundleSource(43));
  const third = requireWithCodeCache(bundle, cacheBase, 20) as { main: () => any };
  assert.equal(third.main().answer, 43);
  await waitFor(
    () => caches().length === 1 && caches()[0] !== firstCache,
    () => `a code cache for the new build only: ${caches().join(', ')}`,
    { timeoutMs: 5_000 },
  );
});

test('a cache that cannot be written (a read-only place) is no error: the bundle runs', async () => {
  const bundle = join(dir, 'token.cjs');
  writeFileSync(bundle, bundleSource(7));
  const loaded = requireWithCodeCache(bundle, join(dir, 'no-such-folder', 'token'), 10) as { main: () => any };
  assert.equal(loaded.main().answer, 7);
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(existsSync(join(dir, 'no-such-folder')), false);
});
