import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { CONTENT_SECURITY_POLICY } from '../../electron/server/guards/csp';
import { isFromServer, type FromServer } from '../../electron/shell/server-messages';
import { forkUtilityServer } from '../../electron/shell/utility-fork';
import { buildElectronBundles, type Bundles } from '../../scripts/electron-bundles';
import { nodeUtilityProcess } from '../support/node-utility-process';
import { waitFor } from '../support/wait-for';

/**
 * The bundles as the app runs them (scripts/electron-bundles.ts, what npm run build:electron
 * writes to out/), built into a temp app folder laid out like the packaged one (package.json
 * beside out/), and run under Node: the server bundle as a utility process, the main bundle with
 * the stand-in for `electron`.
 */
const ROOT = resolve('.');
// The bundles leave better-sqlite3 outside; from a temp folder, Node finds it through NODE_PATH.
const env = { ...process.env, NODE_PATH: join(ROOT, 'node_modules') };
let tmp: string;
let appDir: string;
let bundles: Bundles;

before(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'desk-bundles-'));
  appDir = join(tmp, 'app');
  const uiDir = join(tmp, 'ui');
  mkdirSync(uiDir, { recursive: true });
  writeFileSync(
    join(uiDir, 'index.html'),
    '<!doctype html><title>Dropzone Desk</title><div id="root">bundle-test-ui</div>',
  );
  mkdirSync(appDir);
  copyFileSync(join(ROOT, 'package.json'), join(appDir, 'package.json'));
  bundles = await buildElectronBundles({ root: ROOT, outDir: join(appDir, 'out'), uiDir });
});
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('the built bundles', () => {
  test('out/ holds main.cjs, preload.cjs, server.cjs, read-worker.cjs and the UI', () => {
    for (const file of ['main.cjs', 'preload.cjs', 'server.cjs', 'read-worker.cjs', 'renderer/index.html'])
      assert.ok(existsSync(join(appDir, 'out', file)), file);
  });

  test('the main bundle holds none of the server: no store, no Fastify, no better-sqlite3', () => {
    const inputs = Object.keys(bundles.main.inputs);
    assert.ok(
      inputs.some((file) => file.endsWith('electron/shell/desk-shell.ts')),
      'sanity: the shell is in main',
    );
    const serverSide = inputs.filter((file) =>
      /electron\/(store|server\/app|sync)\/|node_modules\/(fastify|better-sqlite3)\//.test(file),
    );
    assert.deepEqual(serverSide, []);
    const imports = Object.values(bundles.main.outputs).flatMap((output) => output.imports.map((entry) => entry.path));
    assert.ok(!imports.includes('better-sqlite3'), `main imports ${imports.join(', ')}`);
    // …and the server bundle is where they are.
    assert.ok(Object.keys(bundles.server.inputs).some((file) => file.includes('node_modules/fastify/')));
  });

  test('server.cjs as a utility process: reports ready, serves / with the CSP and the API, stops cleanly', async (t) => {
    const dataDir = join(tmp, 'server-data');
    const log: string[] = [];
    const child = forkUtilityServer(nodeUtilityProcess(env), join(appDir, 'out', 'server.cjs'), (line) =>
      log.push(line),
    )();
    const messages: FromServer[] = [];
    child.onMessage((message) => {
      if (isFromServer(message)) messages.push(message);
    });
    const exited = new Promise<number | null>((resolve) => child.onExit(resolve));
    // A failure before the stop below must not leave the server running: the test process would never end.
    let gone = false;
    void exited.then(() => (gone = true));
    t.after(() => {
      if (!gone) child.kill();
    });
    const token = 'dzd_bundle-test-session-token';
    child.postMessage({ type: 'start', dataDir, sessionToken: token, uiDir: join(appDir, 'out', 'renderer') });
    const ready = await waitFor(
      () => messages.find((message) => message.type === 'ready' || message.type === 'failed'),
      () => `the server's ready or failed; output:\n${log.join('')}`,
    );
    assert.equal(ready.type, 'ready', JSON.stringify(ready));
    const { url } = ready as { url: string };
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);

    const page = await fetch(`${url}/`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
    assert.match(await page.text(), /bundle-test-ui/);
    const session = await fetch(`${url}/api/desk/session`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(session.status, 200);
    assert.equal(
      ((await session.json()) as { version: string }).version,
      JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(join(ROOT, 'package.json'), 'utf8'))).version,
    );
    assert.equal((await fetch(`${url}/api/f1/sync/bookings`)).status, 401);
    const listed = await fetch(`${url}/api/f1/sync/bookings?q%5Bname_cont%5D=abc`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(listed.status, 200, 'a list page (the first starts the reader threads, read-worker.cjs)');
    // A thread that cannot load its bundle says so within its start (~0.5 s): give them that, list again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const again = await fetch(`${url}/api/f1/sync/bookings?q%5Bname_cont%5D=abd`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(again.status, 200, 'a list page read in a reader thread');
    assert.doesNotMatch(log.join(''), /reader thread/, 'the reader threads started from the bundle');

    child.postMessage({ type: 'stop' });
    assert.equal(await exited, 0);
    assert.ok(messages.some((message) => message.type === 'stopped'));
    assert.ok(existsSync(join(dataDir, 'desk.sqlite3')));
    assert.equal(existsSync(join(dataDir, 'desk.sqlite3-wal')), false, 'the store was closed cleanly');
  });

  test('main.cjs relays a 10,000-booking import without ever loading the store or better-sqlite3 itself', async (t) => {
    const dataDir = join(tmp, 'main-data');
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'test/support/main-process-probe.ts', appDir, dataDir],
      {
        env,
        cwd: ROOT,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const lines = stdout.trim().split('\n');
    const result = JSON.parse(lines.at(-1)!) as {
      index: { status: number; csp: string };
      sessionStatus: number;
      statuses: number[];
      created: number;
      importMs: number;
      ticks: number;
      maxEventLoopDelayMs: number;
      loaded: string[];
      nativeAddons: string[];
      quitted: boolean;
      dialogs: string[];
    };
    t.diagnostic(
      `10,000 bookings through app://desk in ${result.importMs} ms; main process event loop: ${result.ticks} ticks of 5 ms, max delay ${result.maxEventLoopDelayMs} ms`,
    );
    assert.deepEqual(result.dialogs, [], stderr);
    assert.equal(result.index.status, 200);
    assert.equal(result.index.csp, CONTENT_SECURITY_POLICY);
    assert.equal(result.sessionStatus, 200);
    assert.deepEqual(result.statuses, Array(20).fill(200));
    assert.equal(result.created, 10_000);
    // The structural facts: the main process never had the store's code or the addon loaded…
    assert.deepEqual(result.loaded, []);
    assert.deepEqual(
      result.nativeAddons.filter((file) => /better_sqlite3/.test(file)),
      [],
    );
    // …and its event loop went on turning while the server stored the import.
    assert.ok(result.ticks > 0, 'the main process event loop ticked during the import');
    assert.equal(result.quitted, true);
    assert.equal(existsSync(join(dataDir, 'desk.sqlite3-wal')), false, 'quit closed the store');
  });
});
