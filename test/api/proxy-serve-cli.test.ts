import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { TestDesk } from '../support/desk';
import { REMOTE_TOKEN, startRemoteDesk } from '../support/remote';
import { runServe, startServe } from '../support/serve-process';

const dir = mkdtempSync(join(tmpdir(), 'desk-serve-proxy-'));

describe('npm run serve -- --mode proxy --remote-url URL, with DESK_REMOTE_TOKEN', () => {
  let remote: TestDesk;
  before(async () => {
    remote = await startRemoteDesk();
  });
  after(async () => {
    await remote?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  test('forwards to the remote with the token from the environment, prints the mode and never the token; the flags are not saved', async () => {
    const dataDir = join(dir, 'proxied');
    const serve = await startServe(
      ['--data-dir', dataDir, '--port', '0', '--mode', 'proxy', '--remote-url', `${remote.url}/`],
      { DESK_REMOTE_TOKEN: REMOTE_TOKEN },
    );
    try {
      const auth = { authorization: `Bearer ${serve.token}` };
      const booking = await fetch(`${serve.url}/api/f1/sync/bookings/REMOTE-ONLY`, { headers: auth });
      assert.equal(booking.status, 200);
      assert.equal(((await booking.json()) as { name: string }).name, 'Remote Rita');

      const connection = (await (await fetch(`${serve.url}/api/desk/connection`, { headers: auth })).json()) as any;
      assert.equal(connection.mode, 'proxy');
      assert.equal(connection.remote_url, remote.url);
      assert.deepEqual(connection.credentials, { kind: 'bearer', set: true });
      assert.deepEqual(connection.overridden, ['mode', 'remote_url', 'credentials']);
      assert.match(
        serve.output(),
        new RegExp(
          `Mode: +proxy: /api/f1/sync is forwarded to ${remote.url}/api/f1/sync with a bearer token \\(from DESK_REMOTE_TOKEN\\)`,
        ),
      );
      assert.ok(!serve.output().includes(REMOTE_TOKEN), 'the token is never printed');
    } finally {
      assert.equal(await serve.stop(), 0);
    }
    assert.ok(!serve.output().includes(REMOTE_TOKEN));

    const again = await startServe(['--data-dir', dataDir, '--port', '0']);
    try {
      assert.match(again.output(), /Mode: +local: \/api\/f1\/sync is served from the store/);
      const connection = (await (
        await fetch(`${again.url}/api/desk/connection`, { headers: { authorization: `Bearer ${again.token}` } })
      ).json()) as any;
      assert.equal(connection.mode, 'local');
      assert.equal(connection.remote_url, null);
      assert.deepEqual(connection.credentials, { kind: 'none', set: false });
    } finally {
      await again.stop();
    }
  });

  test('the token as a flag is refused, pointing to DESK_REMOTE_TOKEN', async () => {
    const run = runServe([
      '--data-dir',
      join(dir, 'flag'),
      '--port',
      '0',
      '--mode',
      'proxy',
      '--remote-url',
      remote.url,
      '--remote-token',
      'oops-visible',
    ]);
    assert.equal(await run.exited, 1);
    assert.match(run.output(), /read from the environment variable DESK_REMOTE_TOKEN, never from a flag/);
  });

  test('proxy mode without a remote URL, a bad URL or a bad mode: a clear error, exit 1', async () => {
    const noUrl = runServe(['--data-dir', join(dir, 'nourl'), '--port', '0', '--mode', 'proxy']);
    assert.equal(await noUrl.exited, 1);
    assert.match(noUrl.output(), /proxy mode needs a remote URL .*give --remote-url URL, or --mode local/);
    const badUrl = runServe([
      '--data-dir',
      join(dir, 'badurl'),
      '--port',
      '0',
      '--mode',
      'proxy',
      '--remote-url',
      'ftp://x',
    ]);
    assert.equal(await badUrl.exited, 1);
    assert.match(badUrl.output(), /--remote-url must start with http:\/\/ or https:\/\//);
    const badMode = runServe(['--data-dir', join(dir, 'badmode'), '--port', '0', '--mode', 'remote']);
    assert.equal(await badMode.exited, 1);
    assert.match(badMode.output(), /--mode must be "local" or "proxy"/);
  });
});
