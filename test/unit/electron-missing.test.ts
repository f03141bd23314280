import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { findElectronBinary } from '../../scripts/electron-binary';
import { freePort } from '../support/ports';

/**
 * `npm start` and `npm run dist` on a machine where Electron cannot be downloaded (ours): each
 * says why and what to use instead, and nothing else on stderr — no download stack trace, no
 * node-gyp log, no advice of Electron's own to delete node_modules/electron. The download goes
 * to a closed local port (ELECTRON_MIRROR) with empty caches, so it fails the same everywhere.
 */
const cache = mkdtempSync(join(tmpdir(), 'desk-no-electron-'));
after(() => rmSync(cache, { recursive: true, force: true }));

async function run(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    ELECTRON_MIRROR: `http://127.0.0.1:${await freePort()}/`,
    electron_config_cache: join(cache, 'electron'),
    ELECTRON_BUILDER_CACHE: join(cache, 'electron-builder'),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}

function assertNoNoise(stderr: string): void {
  assert.doesNotMatch(stderr, /^\s+at /m, 'no stack trace');
  assert.doesNotMatch(
    stderr,
    /gyp|delete .?node_modules\/electron|install-electron|Downloading Electron/i,
    "no node-gyp log and no advice of Electron's own",
  );
}

test('npm start without Electron: only our message, and nothing built first', { timeout: 60_000 }, async (t) => {
  if (findElectronBinary().ok) return t.skip('Electron is installed here: npm start would open the app');
  const { code, stdout, stderr } = await run('scripts/start-electron.ts');
  assert.equal(code, 1);
  assert.match(
    stderr,
    /^start: Electron could not be installed on this machine \(its download failed: [^\n]*ECONNREFUSED[^\n]*\)\./,
  );
  assert.match(stderr, /"npm run serve" starts the same server/);
  assertNoNoise(stderr);
  assert.equal(stderr.trim().split('\n').filter(Boolean).length, 2, stderr);
  assert.doesNotMatch(stdout, /building|bundling/, 'no UI or bundle is built for an app that cannot start');
});

test('npm run dist without Electron: only our message after the progress lines', { timeout: 60_000 }, async () => {
  const { code, stderr } = await run('scripts/dist.ts');
  assert.equal(code, 1);
  assert.match(stderr, /^dist: electron-builder failed: [^\n]*ECONNREFUSED/);
  assert.match(stderr, /It downloads Electron \(github\.com, or ELECTRON_MIRROR\) to package it/);
  assertNoNoise(stderr);
  assert.equal(stderr.trim().split('\n').length, 2, stderr);
});
