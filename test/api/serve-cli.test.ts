import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { Store } from '../../electron/store/store';
import { runServe, startServe } from '../support/serve-process';

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
      const list = await fetch(`${serve.url}/api/f1/sync/bookings`, { headers: { authorization: `Bearer ${serve.token}` } });
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
    const inFlight = fetch(`${serve.url}/api/f1/sync/bookings/batch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${serve.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bookings }),
    });
    await new Promise((r) => setTimeout(r, 30));
    const exit = serve.stop('SIGTERM');
    const response = await inFlight;
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { results: unknown[] }).results.length, 3000);
    assert.equal(await exit, 0);
    assert.match(serve.output(), /SIGTERM: finishing in-flight requests/);
    const store = Store.open(join(dataDir, 'desk.sqlite3'));
    assert.equal(store.bookings.count(1), 3000, 'every acknowledged booking is in the store');
    store.close();
  });

  test('--seed into a store that holds data is refused with a clear error', async () => {
    const dataDir = join(dir, 'seeded');
    const seed = join(dir, 'seed.json');
    writeFileSync(seed, JSON.stringify({ dropzones: [{ key: 'a', name: 'A', timezone: 'UTC', api_tokens: ['seed-token-0123456789'] }] }));
    const first = await startServe(['--data-dir', dataDir, '--seed', seed, '--port', '0']);
    const ok = await fetch(`${first.url}/api/f1/sync/products`, { headers: { authorization: 'Bearer seed-token-0123456789' } });
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

  test('bad flags exit non-zero with usage', async () => {
    const bad = runServe(['--prot', '80']);
    assert.equal(await bad.exited, 1);
    assert.match(bad.output(), /Usage: npm run serve/);
    const badPort = runServe(['--port', 'eighty']);
    assert.equal(await badPort.exited, 1);
    assert.match(badPort.output(), /--port must be a number/);
  });
});
