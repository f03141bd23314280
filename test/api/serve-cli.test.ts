import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { migrate } from '../../electron/store/migrate';
import { MIGRATIONS } from '../../electron/store/migrations';
import { Store } from '../../electron/store/store';
import { descendants, isRunning } from '../support/process-tree';
import { runServe, startServe } from '../support/serve-process';
import { waitFor } from '../support/wait-for';

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/api/desk/health`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * POSTs a batch with `Expect: 100-continue`: Node's server answers `100 Continue` once it has
 * handed the request to the app, and only then does this send the body, after calling `meanwhile`.
 */
function sendWhenTaken<T>(
  url: string,
  token: string,
  body: string,
  meanwhile: () => T,
): Promise<{ response: { status: number; body: string }; exit: T }> {
  return new Promise((resolve, reject) => {
    let exit: T;
    const request = httpRequest(`${url}/api/f1/sync/bookings/batch`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    request.once('continue', () => {
      exit = meanwhile();
      request.end(body);
    });
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.once('end', () => resolve({ response: { status: response.statusCode ?? 0, body: text }, exit }));
    });
    request.once('error', reject);
    request.flushHeaders();
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const dir = mkdtempSync(join(tmpdir(), 'desk-serve-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run serve', () => {
  test('with no flags it creates the store in the per-user default and prints how to reach it', async (t) => {
    if (!(await portIsFree(4780))) return t.skip('port 4780 (the default) is taken on this machine');
    const config = join(dir, 'xdg');
    const serve = await startServe([], { XDG_CONFIG_HOME: config });
    try {
      assert.equal(serve.url, 'http://127.0.0.1:4780');
      assert.match(serve.output(), /Dropzone Desk serving dropzone "My dropzone"/);
      assert.ok(existsSync(join(config, 'Dropzone Desk', 'desk.sqlite3')), 'store in $XDG_CONFIG_HOME/Dropzone Desk');
      const health = await fetch(`${serve.url}/api/desk/health`);
      assert.equal(health.status, 200);
      const list = await fetch(`${serve.url}/api/f1/sync/bookings`, {
        headers: { authorization: `Bearer ${serve.token}` },
      });
      assert.equal(list.status, 200, 'the printed session token authenticates');
    } finally {
      assert.equal(await serve.stop('SIGINT'), 0);
    }
  });

  test('--port picks the port; SIGTERM lets an in-flight batch finish, then closes the store', async () => {
    const dataDir = join(dir, 'graceful');
    const probe = await startServe(['--data-dir', dataDir, '--port', '0']);
    const port = Number(new URL(probe.url).port);
    await probe.stop();
    const serve = await startServe(['--data-dir', dataDir, '--port', String(port)]);
    assert.equal(serve.url, `http://127.0.0.1:${port}`);
    const bookings = Array.from({ length: 3000 }, (_, i) => ({ external_id: `G-${i}`, name: `Guest ${i}` }));
    // In flight for sure: the server has taken the request (its 100 Continue says so) and has yet
    // to read the body when the signal is sent.
    const { response, exit } = await sendWhenTaken(serve.url, serve.token, JSON.stringify({ bookings }), () =>
      serve.stop('SIGTERM'),
    );
    assert.equal(response.status, 200);
    assert.equal((JSON.parse(response.body) as { results: unknown[] }).results.length, 3000);
    assert.equal(await exit, 0);
    assert.match(serve.output(), /SIGTERM: finishing in-flight requests/);
    const store = Store.open(join(dataDir, 'desk.sqlite3'));
    assert.equal(store.bookings.count(1), 3000, 'every acknowledged booking is in the store');
    store.close();
  });

  test('--seed into a store that holds data is refused with a clear error', async () => {
    const dataDir = join(dir, 'seeded');
    const seed = join(dir, 'seed.json');
    writeFileSync(
      seed,
      JSON.stringify({ dropzones: [{ key: 'a', name: 'A', timezone: 'UTC', api_tokens: ['seed-token-0123456789'] }] }),
    );
    const first = await startServe(['--data-dir', dataDir, '--seed', seed, '--port', '0']);
    const ok = await fetch(`${first.url}/api/f1/sync/products`, {
      headers: { authorization: 'Bearer seed-token-0123456789' },
    });
    assert.equal(ok.status, 200, 'the seed token works');
    await first.stop();
    const second = runServe(['--data-dir', dataDir, '--seed', seed, '--port', '0']);
    assert.equal(await second.exited, 1);
    assert.match(second.output(), /already holds data .* a seed only loads into a new, empty store/);
  });

  test('a port in use is a clear error', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as AddressInfo).port;
    const busy = runServe(['--data-dir', join(dir, 'busy'), '--port', String(port)]);
    assert.equal(await busy.exited, 1);
    assert.match(busy.output(), /port is already in use .* --port 0/);
    blocker.close();
  });

  test('a store an older desk wrote is brought up to date at start, and serve says so first', async () => {
    const dataDir = join(dir, 'older');
    mkdirSync(dataDir, { mode: 0o700 });
    const older = new Database(join(dataDir, 'desk.sqlite3'));
    migrate(older, MIGRATIONS.slice(0, 10));
    older.close();
    const serve = await startServe(['--data-dir', dataDir, '--port', '0']);
    try {
      const said = serve.output();
      assert.match(said, new RegExp(`Updating the store from schema step 10 to ${MIGRATIONS.length}`));
      assert.ok(
        said.indexOf('Updating the store') < said.indexOf('Dropzone Desk serving'),
        'said before the desk is up',
      );
    } finally {
      await serve.stop();
    }
    const again = await startServe(['--data-dir', dataDir, '--port', '0']);
    await again.stop();
    assert.doesNotMatch(again.output(), /Updating the store/, 'a store already up to date is not announced');
  });

  test('bad flags exit non-zero with usage', async () => {
    const bad = runServe(['--prot', '80']);
    assert.equal(await bad.exited, 1);
    assert.match(bad.output(), /^dropzone-desk serve: Unknown option '--prot'/m);
    assert.match(bad.output(), /Usage: dropzone-desk serve/);
    const badPort = runServe(['--port', 'eighty']);
    assert.equal(await badPort.exited, 1);
    assert.match(badPort.output(), /--port must be a number/);
  });
});

describe(
  'npm run serve and signals',
  { skip: process.platform !== 'linux' && 'the process tree is read from /proc' },
  () => {
    // What the README tells users to start is npm, with sh -c and the server below it: a signal to
    // npm alone (a service manager, kill <pid>) must stop the server too, not only Ctrl-C, which
    // reaches the whole process group.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      test(`${signal} to the npm process stops the server: the port stops answering, the store is closed, every process exits`, async () => {
        const dataDir = join(dir, `npm-${signal}`);
        const npm = spawn(
          'npm',
          ['run', '--silent', 'serve', '--', '--port', '0', '--data-dir', dataDir, '--no-ui-build'],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let output = '';
        npm.stdout.on('data', (chunk) => (output += chunk));
        npm.stderr.on('data', (chunk) => (output += chunk));
        let npmExited = false;
        npm.on('exit', () => (npmExited = true));
        let below: number[] = [];
        try {
          const url = await waitFor(
            () =>
              output.match(/(http:\/\/127\.0\.0\.1:\d+)\/\?token=/)?.[1] ??
              (npm.exitCode !== null && Promise.reject(new Error(output))),
            'the printed URL',
            { timeoutMs: 30_000 },
          );
          below = descendants(npm.pid!);
          assert.ok(below.length > 0, 'the server runs below npm');
          assert.equal(await answers(url), true);

          npm.kill(signal);
          await waitFor(() => npmExited, 'npm to exit');
          await waitFor(async () => !(await answers(url)), 'the port to stop answering');
          await waitFor(
            () => below.every((pid) => !isRunning(pid)),
            `every process below npm to exit (${below.join(', ')})`,
          );
          assert.match(
            output,
            /(SIGTERM|SIGINT|the process that started this server exited): finishing in-flight requests, closing the store/,
          );
          assert.equal(existsSync(join(dataDir, 'desk.sqlite3-wal')), false, 'the store was closed, not abandoned');
        } finally {
          // A server left behind would hold its port and store after the test: end whatever still runs.
          for (const pid of new Set([npm.pid!, ...below, ...descendants(npm.pid!)]))
            if (isRunning(pid)) process.kill(pid, 'SIGKILL');
        }
      });
    }

    test('run by npm through a shell that stays in between (npx dropzone-desk serve): the shell killed, the server stops itself', async () => {
      const dataDir = join(dir, 'npx');
      // Two commands, so that no sh execs the last one: the server stays the shell's child.
      const shell = spawn(
        '/bin/sh',
        ['-c', `node bin/dropzone-desk.mjs serve --port 0 --data-dir '${dataDir}' --no-ui-build; true`],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, npm_lifecycle_event: 'npx' },
        },
      );
      let output = '';
      shell.stdout.on('data', (chunk) => (output += chunk));
      shell.stderr.on('data', (chunk) => (output += chunk));
      let below: number[] = [];
      try {
        const url = await waitFor(() => output.match(/(http:\/\/127\.0\.0\.1:\d+)\/\?token=/)?.[1], 'the printed URL', {
          timeoutMs: 30_000,
        });
        below = descendants(shell.pid!);
        shell.kill('SIGKILL');
        await waitFor(async () => !(await answers(url)), 'the port to stop answering');
        await waitFor(() => below.every((pid) => !isRunning(pid)), 'the server to exit');
        assert.match(
          output,
          /the process that started this server exited: finishing in-flight requests, closing the store/,
        );
        assert.equal(existsSync(join(dataDir, 'desk.sqlite3-wal')), false, 'the store was closed, not abandoned');
      } finally {
        for (const pid of below) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
      }
    });
  },
);
