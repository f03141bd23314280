import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startDesk, type DeskOptions, type RunningDesk } from '../../electron/start';
import { startTestDesk, type TestDesk } from '../support/desk';
import { BASE_SEED } from '../support/seed';
import { freePort, occupy } from '../support/ports';
import { runServe, startServe } from '../support/serve-process';

async function getListen(desk: RunningDesk) {
  const response = await fetch(`${desk.url}/api/desk/listen`, {
    headers: { authorization: `Bearer ${desk.sessionToken}` },
  });
  return { status: response.status, body: await response.json() };
}

describe('/api/desk/listen: the port kept for booking systems', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('says where this run listens and why, and that nothing is saved yet', async () => {
    const res = await desk.desk('GET', '/listen');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {
      port: desk.port,
      source: 'flag',
      fixed_port: null,
      default_port: null,
      sync_api_url: `${desk.url}/api/f1/sync`,
    });
  });

  test('saving a port keeps it for the next start; this run stays where it is', async () => {
    const res = await desk.desk('PUT', '/listen', { fixed_port: 4790 });
    assert.equal(res.status, 200);
    assert.equal(res.body.fixed_port, 4790);
    assert.equal(res.body.port, desk.port);
    assert.deepEqual(desk.queryStore('SELECT fixed_port FROM listen_settings'), [{ fixed_port: 4790 }]);
  });

  for (const [body, field, why] of [
    [{ fixed_port: 80 }, 'fixed_port', /from 1024 to 65535/],
    [{ fixed_port: 70000 }, 'fixed_port', /from 1024 to 65535/],
    [{ fixed_port: 4780.5 }, 'fixed_port', /whole number/],
    [{ fixed_port: '4780' }, 'fixed_port', /whole number/],
    [{}, 'fixed_port', /whole number or null/],
    [{ fixed_port: 4780, port: 1 }, 'port', /./],
    [[4780], 'listen', /object/],
  ] as const) {
    test(`${JSON.stringify(body)} is refused naming ${field}, and the saved port stays`, async () => {
      const res = await desk.desk('PUT', '/listen', body);
      assert.equal(res.status, 422);
      assert.equal(res.body.status, 'unprocessable_content');
      assert.match(res.body.fields[field], why);
      assert.deepEqual(desk.queryStore('SELECT fixed_port FROM listen_settings'), [{ fixed_port: 4790 }]);
    });
  }

  test('malformed JSON is a 400 and changes nothing', async () => {
    const res = await desk.desk('PUT', '/listen', '{"fixed_port": ');
    assert.equal(res.status, 400);
    assert.deepEqual(desk.queryStore('SELECT fixed_port FROM listen_settings'), [{ fixed_port: 4790 }]);
  });

  test('needs the desk token', async () => {
    const res = await desk.request('/api/desk/listen', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"fixed_port":null}',
    });
    assert.equal(res.status, 401);
  });

  test('null forgets the saved port', async () => {
    const res = await desk.desk('PUT', '/listen', { fixed_port: null });
    assert.equal(res.status, 200);
    assert.equal(res.body.fixed_port, null);
  });
});

describe('where a start listens: flag, saved port, default', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-listen-'));
  const seedFile = join(dataDir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(BASE_SEED));
  const started: RunningDesk[] = [];
  const start = async (options: Partial<DeskOptions>) => {
    const desk = await startDesk({
      dataDir,
      logErrors: false,
      ...options,
      seedFile: started.length === 0 ? seedFile : undefined,
    });
    started.push(desk);
    return desk;
  };
  after(async () => {
    for (const desk of started) await desk.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let saved: number;

  test('nothing saved: the caller’s default (npm run serve: its fixed port), said as the default', async () => {
    const port = await freePort();
    const desk = await start({ portWhenUnset: port });
    assert.equal(desk.port, port);
    assert.equal(desk.listenSource, 'default');
    const { body } = await getListen(desk);
    assert.equal(body.default_port, port);
    saved = await freePort();
    assert.equal(
      (
        await fetch(`${desk.url}/api/desk/listen`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${desk.sessionToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ fixed_port: saved }),
        })
      ).status,
      200,
    );
    await desk.close();
  });

  test('the next start listens on the saved port, over the default', async () => {
    const desk = await start({ portWhenUnset: await freePort() });
    assert.equal(desk.port, saved);
    assert.equal(desk.listenSource, 'saved');
    assert.equal((await getListen(desk)).body.sync_api_url, `http://127.0.0.1:${saved}/api/f1/sync`);
    await desk.close();
  });

  test('a port given for the run (a flag) wins over the saved one', async () => {
    const desk = await start({ port: 0 });
    assert.notEqual(desk.port, saved);
    assert.equal(desk.listenSource, 'flag');
    assert.equal((await getListen(desk)).body.fixed_port, saved);
    await desk.close();
  });

  test('the desktop app: the saved port taken by another program → a random port, and it says so', async () => {
    const blocker = await occupy(saved);
    try {
      const desk = await start({ randomIfSavedPortBusy: true });
      assert.notEqual(desk.port, saved);
      assert.equal(desk.listenSource, 'saved_port_busy');
      assert.ok(
        desk.notices.some((n) => n.includes(`port ${saved}`) && n.includes(`listens on ${desk.port}`)),
        desk.notices.join('\n'),
      );
      const { body } = await getListen(desk);
      assert.equal(body.source, 'saved_port_busy');
      assert.equal(body.fixed_port, saved);
      assert.equal(body.default_port, null, 'the desktop app has no fixed default');
      await desk.close();
    } finally {
      blocker.close();
    }
  });

  test('npm run serve: the saved port taken → the start fails (it does not wander off to another port) and the store closes', async () => {
    const blocker = await occupy(saved);
    try {
      await assert.rejects(start({ portWhenUnset: 4780 }), { code: 'EADDRINUSE' });
    } finally {
      blocker.close();
    }
    // The store was closed: a new start opens it again without trouble.
    const desk = await start({ port: 0 });
    assert.equal(desk.listenSource, 'flag');
    await desk.close();
  });

  test('npm run serve without --port listens on the saved port; with --port on that one', async () => {
    const serve = await startServe(['--data-dir', dataDir]);
    try {
      assert.equal(serve.url, `http://127.0.0.1:${saved}`);
    } finally {
      await serve.stop();
    }
    const other = await startServe(['--data-dir', dataDir, '--port', '0']);
    try {
      assert.notEqual(other.url, `http://127.0.0.1:${saved}`);
    } finally {
      await other.stop();
    }
  });

  test('npm run serve on a saved port that is taken says why and how to choose another', async () => {
    const blocker = await occupy(saved);
    try {
      const run = runServe(['--data-dir', dataDir]);
      assert.equal(await run.exited, 1);
      assert.match(run.output(), /port is already in use.*--port/s);
    } finally {
      blocker.close();
    }
  });
});
