import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import { runDeskShell, type DeskShell } from '../../electron/shell/desk-shell';
import { isFromServer, type FromServer } from '../../electron/shell/server-messages';
import { ServerSupervisor, type CrashReport } from '../../electron/shell/server-supervisor';
import { forkUtilityServer } from '../../electron/shell/utility-fork';
import { fakeElectron, fakeEvent, type FakeElectron } from '../support/fake-electron';
import { freePort, occupy } from '../support/ports';
import { ScriptedChild } from '../support/scripted-server';
import { buildServerBundle, forkNodeServer, killForkedServers, type ServerBundle } from '../support/server-child';
import { waitFor } from '../support/wait-for';

/**
 * The main process's lifecycle with a recording stand-in for `electron` and everything else real:
 * the server runs as its own process (electron/shell/server-entry.ts under Node), on a real store.
 * An integration test (npm run test:integration): real processes, real ports, real SQLite files.
 */
const dirs: string[] = [];
let server: ServerBundle;
before(async () => {
  server = await buildServerBundle();
});
after(() => {
  server?.dispose();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The shells this test booted: whatever a failure left running is stopped before the next test. */
const booted: DeskShell[] = [];
afterEach(async () => {
  const shells = booted.splice(0);
  // A supervisor still running would start another server for each one killed below.
  await Promise.all(
    shells.map((shell) =>
      Promise.race([shell.supervisor?.stop(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]),
    ),
  );
  await killForkedServers();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'desk-shell-'));
  dirs.push(dir);
  return dir;
}

function boot(options: { lock?: boolean; keychain?: boolean; dataDir?: string; userData?: string } = {}) {
  const dataDir = options.dataDir ?? tempDir();
  const fake = fakeElectron(options.userData ?? join(dataDir, 'ignored-user-data'));
  fake.app.lockAvailable = options.lock ?? true;
  fake.safeStorage.available = options.keychain ?? true;
  const output: string[] = [];
  const shell = runDeskShell(fake.api, {
    productName: 'Dropzone Desk',
    preload: '/app/out/preload.cjs',
    uiDir: join(process.cwd(), 'dist', 'renderer'),
    forkServer: () => forkNodeServer(server, output),
    dataDir: options.userData ? undefined : dataDir,
    platform: 'linux',
    supervisor: { maxCrashes: 2, crashWindowMs: 60_000, readyTimeoutMs: 20_000 },
  });
  booted.push(shell);
  return { fake, shell, dataDir, output };
}

async function relay(fake: FakeElectron, path: string, init: RequestInit = {}): Promise<Response> {
  const handler = fake.protocolHandlers.get('app');
  assert.ok(handler, 'the app: protocol has a handler');
  return handler(new Request(`app://desk${path}`, init));
}

function tokenOf(fake: FakeElectron): string {
  const event = { senderFrame: { url: 'app://desk/', parent: null }, returnValue: undefined as any };
  fake.ipc.get('desk:config')!(event);
  return event.returnValue.token;
}

async function quit(fake: FakeElectron, shell: DeskShell): Promise<void> {
  fake.api.app.quit();
  await waitFor(() => fake.app.quitted, 'the app to quit');
  assert.equal(shell.supervisor?.status, 'stopped');
}

describe('single instance', () => {
  test('a second launch quits at once and opens nothing; the first one focuses its window', async () => {
    const second = boot({ lock: false });
    assert.equal(second.shell.primary, false);
    assert.equal(second.fake.app.quitted, true);
    assert.equal(second.fake.protocolHandlers.size, 0);
    assert.equal(second.fake.windows.length, 0);

    const first = boot();
    first.fake.app.ready();
    await first.shell.ready;
    const window = first.fake.windows[0]!;
    window.minimized = true;
    first.fake.app.emit('second-instance', fakeEvent(), ['electron', '.'], process.cwd());
    assert.equal(window.restored, 1);
    assert.equal(window.focused, 1);
    await quit(first.fake, first.shell);
  });
});

describe('a launch', () => {
  test('sets everything up secure, serves the desk through app://desk, survives a server crash, and quits cleanly', async () => {
    const { fake, shell, dataDir, output } = boot();
    // Before ready: sandbox for every renderer, the scheme privileged, the data folder chosen.
    assert.equal(fake.app.sandboxed, true);
    assert.equal(fake.app.name, 'Dropzone Desk');
    assert.deepEqual(fake.privileged, [
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true },
      },
    ]);
    assert.ok(fake.app.has('web-contents-created'));
    assert.ok(fake.app.has('before-quit'));

    fake.app.ready();
    await shell.ready;
    assert.ok(fake.permissionRequest && fake.permissionCheck, 'permission handlers installed');
    // A release's View menu (no developerMenu): zoom and full screen, no Reload or developer tools.
    assert.deepEqual(
      fake.menu.template!.map((item: { role?: string; label?: string }) => item.role ?? item.label),
      ['fileMenu', 'editMenu', 'View', 'windowMenu', 'help'],
    );
    const window = fake.windows[0]!;
    assert.deepEqual(window.loaded, ['app://desk/']);
    assert.equal(window.options.webPreferences.sandbox, true);
    assert.equal(window.options.webPreferences.contextIsolation, true);
    assert.equal(window.options.webPreferences.nodeIntegration, false);
    assert.ok(
      window.webContents.has('will-prevent-unload'),
      'the page\'s "rows not sent yet" answer becomes a Leave / Stay dialog',
    );

    // Every webContents the app creates gets the navigation guards.
    const contents = {
      handlers: new Map<string, unknown>(),
      on(event: string, handler: unknown) {
        this.handlers.set(event, handler);
      },
      setWindowOpenHandler(handler: unknown) {
        this.handlers.set('open', handler);
      },
    };
    fake.app.emit('web-contents-created', fakeEvent(), contents);
    assert.deepEqual([...contents.handlers.keys()].sort(), [
      'open',
      'will-attach-webview',
      'will-frame-navigate',
      'will-navigate',
      'will-redirect',
    ]);

    // The page's config: the stable origin and this launch's token.
    const token = tokenOf(fake);
    assert.match(token, /^dzd_/);

    const session = await relay(fake, '/api/desk/session', { headers: { authorization: `Bearer ${token}` } });
    assert.equal(session.status, 200, output.join(''));
    const body = (await session.json()) as { sync_api_url: string; dropzone: { name: string } };
    assert.equal(body.dropzone.name, 'My dropzone');
    assert.match(body.sync_api_url, /^http:\/\/127\.0\.0\.1:\d+\/api\/f1\/sync$/);
    assert.equal((await relay(fake, '/api/desk/session')).status, 401);
    assert.ok(existsSync(join(dataDir, 'desk.sqlite3')), 'the store lives in the data folder');
    assert.ok(readdirSync(join(dataDir, 'logs')).includes('main.log'));

    // A crash: reported to the user, the server restarted, the page's token still good.
    const firstPid = shell.supervisor!.pid!;
    process.kill(firstPid, 'SIGKILL');
    await waitFor(() => fake.dialogs.length > 0, 'the crash dialog');
    assert.equal(fake.dialogs[0]!.message, 'The desk server stopped unexpectedly');
    assert.match(fake.dialogs[0]!.detail, /restarted/);
    const again = await relay(fake, '/api/desk/session', { headers: { authorization: `Bearer ${token}` } });
    assert.equal(again.status, 200);
    assert.notEqual(shell.supervisor!.pid, firstPid);
    const secondUrl = ((await again.json()) as { sync_api_url: string }).sync_api_url;
    assert.notEqual(secondUrl, body.sync_api_url, 'a new process, a new port: the page never noticed');

    // Quit: the server finishes and closes the store (SQLite removes the WAL file on a clean close).
    const serverPid = shell.supervisor!.pid!;
    await quit(fake, shell);
    assert.throws(() => process.kill(serverPid, 0), /ESRCH/, 'the server process is gone');
    assert.equal(existsSync(join(dataDir, 'desk.sqlite3-wal')), false, 'the store was closed cleanly');
    const log = readFileSync(join(dataDir, 'logs', 'main.log'), 'utf8');
    assert.match(log, /server process exited unexpectedly/);
    assert.ok(!log.includes(token.slice(4)), 'the session token is never logged');
  });

  test('a server that cannot start is reported, and the app quits', async () => {
    // A store written by a newer version: the server refuses it, and a restart would not help.
    const dataDir = tempDir();
    const newer = new Database(join(dataDir, 'desk.sqlite3'));
    newer.pragma('user_version = 9999');
    newer.close();
    const { fake, shell } = boot({ dataDir });
    fake.app.ready();
    await shell.ready;
    await waitFor(() => fake.dialogs.length > 0, 'the failure dialog');
    assert.equal(fake.dialogs[0]!.message, 'The desk server could not start');
    assert.match(fake.dialogs[0]!.detail, /written by a newer Dropzone Desk/);
    await waitFor(() => fake.app.quitted, 'the app to quit');
    assert.equal((await relay(fake, '/api/desk/session')).status, 503);
  });
});

describe('the port for booking systems', () => {
  test('random per launch until one is kept; then the next server listens there, or on a random one with a warning when it is taken', async () => {
    const first = boot();
    first.fake.app.ready();
    await first.shell.ready;
    const token = tokenOf(first.fake);
    const listen = async (fake: FakeElectron, auth: string) =>
      (await (await relay(fake, '/api/desk/listen', { headers: { authorization: `Bearer ${auth}` } })).json()) as {
        port: number;
        source: string;
        fixed_port: number | null;
        default_port: number | null;
      };
    const before = await listen(first.fake, token);
    assert.equal(before.source, 'default');
    assert.equal(before.default_port, null, 'the desktop app has no fixed default');

    // A port nobody holds now, kept from the next start on.
    const kept = await freePort();
    const put = await relay(first.fake, '/api/desk/listen', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fixed_port: kept }),
    });
    assert.equal(put.status, 200, await put.clone().text());

    // The next server process (a restart after a crash) listens on the kept port.
    process.kill(first.shell.supervisor!.pid!, 'SIGKILL');
    await waitFor(() => first.fake.dialogs.length > 0, 'the crash dialog');
    const after = await listen(first.fake, token);
    assert.deepEqual([after.port, after.source], [kept, 'saved']);
    await quit(first.fake, first.shell);

    // Another program holds the port at the next launch: the window still gets a desk, on a random port, and the log says why.
    const blocker = await occupy(kept);
    try {
      const second = boot({ dataDir: first.dataDir });
      second.fake.app.ready();
      await second.shell.ready;
      const busy = await listen(second.fake, tokenOf(second.fake));
      assert.equal(busy.source, 'saved_port_busy');
      assert.notEqual(busy.port, kept);
      assert.equal(busy.fixed_port, kept);
      await quit(second.fake, second.shell);
      assert.match(
        readFileSync(join(first.dataDir, 'logs', 'main.log'), 'utf8'),
        new RegExp(`port ${kept} \\(saved in Settings\\) is in use`),
      );
    } finally {
      blocker.close();
    }
  });
});

describe('credentials with safeStorage', () => {
  test('saved from the page: encrypted by main, never in a plain file, and given back after a restart', async () => {
    const { fake, shell, dataDir } = boot({ keychain: true });
    fake.app.ready();
    await shell.ready;
    const token = tokenOf(fake);
    // The connection is an administrator's: the first passphrase unlocks the caller.
    const unlocked = await relay(fake, '/api/desk/admin/passphrase', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: 'app://desk' },
      body: JSON.stringify({ passphrase: 'integration passphrase' }),
    });
    assert.equal(unlocked.status, 200, await unlocked.clone().text());
    const { admin_token: adminToken } = (await unlocked.json()) as { admin_token: string };
    const put = await relay(fake, '/api/desk/connection', {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${token}`,
        'X-Desk-Admin': adminToken,
        'content-type': 'application/json',
        origin: 'app://desk',
      },
      body: JSON.stringify({
        remote_url: 'https://sync.example.invalid',
        credentials: { kind: 'bearer', token: 'remote-secret-123' },
      }),
    });
    assert.equal(put.status, 200, await put.clone().text());
    const view = (await put.json()) as { secret_store: string };
    assert.match(view.secret_store, /system keychain/);
    const file = join(dataDir, 'remote-credentials.safe');
    await waitFor(() => existsSync(file), 'the encrypted file');
    assert.ok(!readFileSync(file, 'utf8').includes('remote-secret-123'));
    assert.equal(existsSync(join(dataDir, 'remote-credentials.json')), false);

    // A restart of the server gets the secret back from main.
    process.kill(shell.supervisor!.pid!, 'SIGKILL');
    await waitFor(() => fake.dialogs.length > 0, 'the crash dialog');
    const connection = await relay(fake, '/api/desk/connection', { headers: { authorization: `Bearer ${token}` } });
    const again = (await connection.json()) as { credentials: { kind: string } };
    assert.equal(again.credentials.kind, 'bearer');
    await quit(fake, shell);
  });

  test('a keychain slow to answer (a keyring to unlock): the window opens at once, the server starts after the answer, and a quit meanwhile still quits', async () => {
    const { fake, shell } = boot({ keychain: true });
    let unlock!: () => void;
    fake.safeStorage.gate = new Promise<void>((resolve) => (unlock = resolve));
    fake.app.ready();
    await shell.ready;
    assert.equal(fake.windows.length, 1, 'the window does not wait for the keychain');
    assert.equal(fake.safeStorage.asked, 1);
    const session = relay(fake, '/api/desk/session', { headers: { authorization: `Bearer ${tokenOf(fake)}` } });
    unlock();
    const view = (await (
      await relay(fake, '/api/desk/connection', { headers: { authorization: `Bearer ${tokenOf(fake)}` } })
    ).json()) as { secret_store: string };
    assert.equal(
      (await session).status,
      200,
      'a request made while the keychain was asked is answered once the server is up',
    );
    assert.match(view.secret_store, /system keychain/);
    await quit(fake, shell);

    // Never answered: quitting does not wait for a start that was never sent.
    const stuck = boot({ keychain: true });
    stuck.fake.safeStorage.gate = new Promise<void>(() => undefined);
    stuck.fake.app.ready();
    await stuck.shell.ready;
    await quit(stuck.fake, stuck.shell);
  });

  test('without a keychain the 0600 file store stays in use', async () => {
    const { fake, shell } = boot({ keychain: false });
    fake.app.ready();
    await shell.ready;
    const token = tokenOf(fake);
    const view = (await (
      await relay(fake, '/api/desk/connection', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { secret_store: string };
    assert.match(view.secret_store, /file readable only by you/);
    await quit(fake, shell);
  });
});

describe('the data folder and the session token', () => {
  test('userData by default; a relative DESK_DATA_DIR is made absolute; a fresh token each launch', async () => {
    // No data folder given: the store goes to Electron's userData (named after the product).
    const userData = tempDir();
    const first = boot({ userData });
    first.fake.app.ready();
    await first.shell.ready;
    const firstToken = tokenOf(first.fake);
    assert.equal(
      (await relay(first.fake, '/api/desk/session', { headers: { authorization: `Bearer ${firstToken}` } })).status,
      200,
    );
    assert.ok(existsSync(join(userData, 'desk.sqlite3')), 'the store is in userData');
    assert.ok(existsSync(join(userData, 'logs', 'main.log')));
    await quit(first.fake, first.shell);

    // DESK_DATA_DIR=../relative/path: Electron's setPath takes only absolute paths (the stand-in
    // throws like it), so the shell resolves it against the working folder.
    const relativeDir = relative(process.cwd(), userData);
    assert.ok(!isAbsolute(relativeDir));
    const second = boot({ dataDir: relativeDir });
    assert.equal(second.fake.app.paths.get('userData'), userData);
    second.fake.app.ready();
    await second.shell.ready;
    const secondToken = tokenOf(second.fake);
    assert.notEqual(secondToken, firstToken, 'each launch makes its own token');
    assert.equal(
      (await relay(second.fake, '/api/desk/session', { headers: { authorization: `Bearer ${secondToken}` } })).status,
      200,
    );
    assert.equal(
      (await relay(second.fake, '/api/desk/session', { headers: { authorization: `Bearer ${firstToken}` } })).status,
      401,
      "the last launch's token opens nothing",
    );
    await quit(second.fake, second.shell);
  });
});

describe('crash reports', () => {
  test('crashes in a row give one dialog, not a stack; a give-up still follows it', async () => {
    const fake = fakeElectron(tempDir());
    const children: ScriptedChild[] = [];
    let release!: () => void;
    fake.dialogGate = new Promise<void>((resolve) => (release = resolve));
    const shell = runDeskShell(fake.api, {
      productName: 'Dropzone Desk',
      preload: '/app/out/preload.cjs',
      uiDir: '/app/out/renderer',
      forkServer: () => () => {
        const child = new ScriptedChild('ready');
        children.push(child);
        return child;
      },
      platform: 'linux',
      supervisor: { maxCrashes: 2, crashWindowMs: 60_000 },
    });
    fake.app.ready();
    await shell.ready;
    await shell.supervisor!.url();
    children[0]!.exit(139);
    await shell.supervisor!.url();
    children[1]!.exit(139);
    await shell.supervisor!.url();
    assert.equal(fake.dialogs.length, 1, 'the second crash does not open a second dialog while the first is open');
    children[2]!.exit(139);
    assert.equal(shell.supervisor!.status, 'failed');
    assert.equal(fake.dialogs.length, 1);

    // The user closes the dialog: the give-up (which offers Quit) is shown, once. Each answer is
    // "Open logs folder", so each dialog's end shows: the second opening of the folder is the
    // give-up's, after which the shell has nothing more to show.
    fake.dialogResponse = 1;
    release();
    await waitFor(() => fake.openedPaths.length === 2, 'both dialogs to be answered');
    assert.equal(fake.dialogs.length, 2);
    assert.match(fake.dialogs[0]!.detail, /restarted/);
    assert.match(fake.dialogs[1]!.detail, /not restarted again/);
    assert.deepEqual(fake.dialogs[1]!.buttons, ['Quit', 'Open logs folder']);
    fake.api.app.quit();
    await waitFor(() => fake.app.quitted, 'the app to quit');
  });
});

describe('the utility process', () => {
  function forked() {
    const fake = fakeElectron(tempDir());
    const logged: string[] = [];
    const start = forkUtilityServer(fake.api.utilityProcess, '/app/out/server.cjs', (line) => logged.push(line));
    return { fake, logged, start };
  }

  test('is forked as the named server with piped output; messages before its spawn wait for it, in order; its output goes to the log', () => {
    const { fake, logged, start } = forked();
    const child = start();
    const process = fake.utilityProcesses[0]!;
    assert.equal(process.entry, '/app/out/server.cjs');
    assert.deepEqual(process.options, { serviceName: 'Dropzone Desk server', stdio: 'pipe' });
    assert.equal(child.pid, process.pid);
    child.postMessage({ type: 'start', dataDir: '/d', sessionToken: 'dzd_t' });
    child.postMessage({ type: 'stop' });
    assert.deepEqual(process.posted, [], 'nothing is sent before the process has spawned');
    process.emit('spawn');
    assert.deepEqual(
      process.posted.map((message) => (message as { type: string }).type),
      ['start', 'stop'],
    );
    child.postMessage({ type: 'stop' });
    assert.equal(process.posted.length, 3, 'after spawn, straight through');

    process.stdout.write('listening\n');
    process.stderr.write('a warning\n');
    assert.deepEqual(logged, ['server: listening\n', 'server (stderr): a warning\n']);
    const received: unknown[] = [];
    child.onMessage((message) => received.push(message));
    process.emit('message', { type: 'stopped' });
    assert.deepEqual(received, [{ type: 'stopped' }]);
  });

  test("a fatal V8 error ('error' event) is a crash: logged, reported once and restarted, even with the 'exit' that follows", async () => {
    const { fake, logged, start } = forked();
    const crashes: CrashReport[] = [];
    const supervisor = new ServerSupervisor(start, () => ({ type: 'start', dataDir: '/d', sessionToken: 'dzd_t' }), {
      ready: () => undefined,
      crashed: (report) => crashes.push(report),
      failed: () => undefined,
      secretWrite: () => undefined,
      log: (line) => logged.push(line),
    });
    supervisor.start();
    const first = fake.utilityProcesses[0]!;
    first.emit('spawn');
    first.emit('message', {
      type: 'ready',
      url: 'http://127.0.0.1:1',
      dropzone: 'DZ',
      storeFile: '/d/desk.sqlite3',
      notices: [],
    });
    assert.equal(await supervisor.url(), 'http://127.0.0.1:1');

    // Without a listener, EventEmitter would throw this 'error' in the main process.
    assert.doesNotThrow(() =>
      first.emit('error', 'FatalError', 'v8::internal::Heap::FatalProcessOutOfMemory', '{"report":"…"}'),
    );
    first.emit('exit', 134);
    assert.equal(first.killed, 1);
    assert.deepEqual(crashes, [{ code: null, restarting: true, crashesInWindow: 1 }]);
    assert.equal(fake.utilityProcesses.length, 2, 'one restart, not two');
    assert.equal(supervisor.status, 'starting');
    assert.ok(
      logged.some((line) => /fatal error: FatalError at v8::internal::Heap::FatalProcessOutOfMemory/.test(line)),
      logged.join('\n'),
    );
    assert.ok(!logged.some((line) => line.includes('"report"')), 'the diagnostic report is not logged');
  });
});

describe('the server process', () => {
  test('a stop that arrives while it is still starting waits for the start, then closes the store', async () => {
    const dataDir = tempDir();
    const output: string[] = [];
    const child = forkNodeServer(server, output)();
    const messages: FromServer[] = [];
    child.onMessage((message) => {
      if (isFromServer(message)) messages.push(message);
    });
    const exited = new Promise<number | null>((resolve) => child.onExit(resolve));
    // Quit right after launch: the stop follows the start at once, before startDesk can finish.
    child.postMessage({ type: 'start', dataDir, sessionToken: 'dzd_quick-quit' });
    child.postMessage({ type: 'stop' });
    assert.equal(await exited, 0, output.join(''));
    assert.deepEqual(
      messages.map((message) => message.type),
      ['stopped'],
      'no ready for a server already told to stop',
    );
    assert.ok(existsSync(join(dataDir, 'desk.sqlite3')), 'the start got as far as the store');
    assert.equal(existsSync(join(dataDir, 'desk.sqlite3-wal')), false, 'and the store was closed');
  });

  test('whose parent is killed closes its store and exits: no server left holding the store and the port', async () => {
    const dataDir = tempDir();
    // A parent of its own (the test process must outlive it): forks the server, says its pid once ready.
    const parentScript = `
      const child = require('node:child_process').fork(process.env.ENTRY, [], { execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
      child.on('message', (m) => { if (m.type === 'ready') console.log(JSON.stringify({ pid: child.pid, url: m.url })); });
      child.send({ type: 'start', dataDir: process.env.DATA_DIR, sessionToken: 'dzd_orphan' });`;
    const parent = spawn(process.execPath, ['-e', parentScript], {
      env: { ...server.env, ENTRY: server.entry, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let said = '';
    parent.stdout.on('data', (chunk) => (said += String(chunk)));
    const ready = await waitFor(
      () => said.includes('\n') && (JSON.parse(said) as { pid: number; url: string }),
      'the server ready',
    );
    try {
      assert.equal((await fetch(`${ready.url}/api/desk/health`)).ok, true, 'it serves');
      parent.kill('SIGKILL');
      await waitFor(() => !isRunning(ready.pid), 'the server to exit after its parent was killed', {
        timeoutMs: 10_000,
      });
      assert.equal(existsSync(join(dataDir, 'desk.sqlite3-wal')), false, 'the store was closed, not abandoned');
      await assert.rejects(fetch(`${ready.url}/api/desk/health`), 'nothing listens at its address');
    } finally {
      if (isRunning(ready.pid)) process.kill(ready.pid, 'SIGKILL');
    }
  });
});

/** Whether process `pid` still runs (a zombie waiting for a reaper has exited). */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
