import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { joinMainDesk } from '../../electron/desks/join';
import { startTestDesk, type TestDesk } from '../support/desk';
import { FAST_OUTBOX } from '../support/outbox-pair';
import { copyHolds } from '../support/paired-copy';
import { FAST_HEALTH, waitForSession } from '../support/remote';
import { TEST_NOW } from '../support/seed';
import { waitFor } from '../support/wait-for';

/** A TCP line to the main desk's LAN port (TLS passes through it untouched): cut (refused) and restored on the same port. */
async function tcpLine(target: number) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = async () => {
    server = createServer((client) => {
      const upstream = connect(target, '127.0.0.1');
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  };
  await open();
  return {
    url: () => `https://127.0.0.1:${port}`,
    cut: async () => {
      const closed = new Promise((resolve) => server!.close(resolve));
      for (const s of sockets) s.destroy();
      await closed;
    },
    restore: open,
  };
}

/**
 * A field both desks changed while apart waits for a person at the paired desk, where the edit
 * was made; the main desk's Sync screen shows it too, from what the paired desk tells it
 * (PUT /api/desk/desks/held, with its own credential over the pinned LAN).
 */
describe('what waits at a paired desk for a person is shown at its main desk', () => {
  let main: TestDesk;
  let paired: TestDesk;
  let line: Awaited<ReturnType<typeof tcpLine>>;
  const joinerDir = mkdtempSync(join(tmpdir(), 'desk-held-'));

  before(async () => {
    const started = Date.now();
    const now = () => new Date(Date.parse(TEST_NOW) + (Date.now() - started));
    main = await startTestDesk({
      deskOptions: { now, lan: { enabled: true, port: 0, address: '127.0.0.1' } },
    });
    const lanPort = Number(new URL(main.lan.endpoints()[0]!.url).port);
    const fingerprint = main.lan.view().fingerprint!;
    const code = (await main.admin('POST', '/desks/pairing-codes')).body.code as string;
    const pairing = await joinMainDesk({
      url: `https://127.0.0.1:${lanPort}`,
      code,
      name: 'Video desk',
      dataDir: joinerDir,
    });
    line = await tcpLine(lanPort);
    paired = await startTestDesk({
      seed: null,
      deskOptions: {
        now,
        healthTiming: FAST_HEALTH,
        outboxTiming: FAST_OUTBOX,
        mainDesk: { url: line.url(), fingerprint, credential: pairing.credential, name: 'Reception' },
      },
    });
    await waitForSession(paired, (s) => s.main_desk?.state === 'answering', 10_000);
    await waitFor(
      () => copyHolds(paired, 'HAS-PRODUCT'),
      () => 'the copy to hold the booking',
      { timeoutMs: 10_000 },
    );
  });
  after(async () => {
    await paired?.dispose();
    await line?.cut();
    await main?.dispose();
    rmSync(joinerDir, { recursive: true, force: true });
  });

  const heldAtMain = async () =>
    ((await main.desk('GET', '/desks')).body.desks as { name: string; held: any }[]).find(
      (d) => d.name === 'Video desk',
    )?.held;

  test('a field both changed: held at the paired desk, named at the main desk; decided there, gone here', async () => {
    // The paired desk says so when its link opens: nothing waits there.
    assert.deepEqual(
      await waitFor(
        async () => await heldAtMain(),
        () => 'the first report',
        { timeoutMs: 5_000 },
      ).then((h) => [h.count, h.writes]),
      [0, []],
    );
    await line.cut();
    await waitForSession(paired, (s) => s.main_desk.state === 'not_answering', 10_000);
    // Apart: the video desk edits the guest's mobile and reference; the booking system syncs another mobile to the main desk.
    const atPaired = await paired.request('/api/f1/sync/bookings', {
      method: 'POST',
      headers: { authorization: `Bearer ${paired.sessionToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ external_id: 'HAS-PRODUCT', mobile: '+31 6 1111 1111', reference: 'R-VIDEO' }),
    });
    assert.equal(atPaired.status, 200, atPaired.text);
    assert.ok(atPaired.headers.get('x-desk-queued'), 'queued for the main desk');
    const atMain = await main.sync('POST', '/bookings', { external_id: 'HAS-PRODUCT', mobile: '+31 6 2222 2222' });
    assert.equal(atMain.status, 200, atMain.text);

    await line.restore();
    await waitForSession(paired, (s) => s.main_desk.state === 'answering' && s.outbox?.attention === 1, 20_000);
    // The field only the paired desk changed landed; the one both changed waits.
    const booking = (await main.sync('GET', '/bookings/HAS-PRODUCT')).body;
    assert.equal(booking.reference, 'R-VIDEO');
    assert.equal(booking.mobile, '+31 6 2222 2222');
    let held: any;
    await waitFor(
      async () => (held = await heldAtMain())?.count === 1,
      () => `the main desk to be told; it has ${JSON.stringify(held)}`,
      { timeoutMs: 5_000 },
    );
    assert.deepEqual(
      held.writes.map((w: any) => [w.kind, w.key, w.attention, w.fields]),
      [['booking', 'HAS-PRODUCT', 'conflict', ['mobile']]],
    );
    assert.ok(Date.parse(held.reported_at) > 0);

    // Decided at the paired desk (the main desk's value stays): the main desk hears that nothing waits.
    const op = (await paired.desk('GET', '/outbox?state=attention')).body.ops[0];
    const decided = await paired.desk('PUT', `/outbox/${op.id}/decision`, { action: 'keep_theirs', by: 'Vic' });
    assert.equal(decided.status, 200, decided.text);
    await waitFor(
      async () => (held = await heldAtMain())?.count === 0,
      () => `the main desk to hear nothing waits; it has ${JSON.stringify(held)}`,
      { timeoutMs: 10_000 },
    );
    assert.deepEqual(held.writes, []);
  });

  test("only a paired desk's credential reports; the main desk's own session is refused, nothing kept", async () => {
    const refused = await main.desk('PUT', '/desks/held', { count: 3, writes: [] });
    assert.equal(refused.status, 403, refused.text);
    assert.match(refused.body.error, /only a desk paired with this one/);
    const malformed = await main.desk('PUT', '/desks/held', { count: -1, writes: 'no' });
    assert.equal(malformed.status, 422, malformed.text);
    assert.equal((await heldAtMain())?.count, 0);
  });
});
