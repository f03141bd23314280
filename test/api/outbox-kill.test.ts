import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { dateInZone } from '../../shared/dates';
import type { TestDesk } from '../support/desk';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { REMOTE_TOKEN, startRemoteDesk } from '../support/remote';
import { BASE_SEED, TEST_TOKEN } from '../support/seed';
import { startServe, type ServeProcess } from '../support/serve-process';
import { waitFor } from '../support/wait-for';

// A desk process killed (SIGKILL) while it replays its outbox: the next start on the same data
// folder lands every write the desk acknowledged, exactly once. The remote's upsert by external id
// would hide a write sent twice, so the fault proxy's record of what reached the remote is checked
// too: each record's write went up once, also when the remote took a batch and its answer was lost.

const ZONE = 'Europe/Amsterdam';
const today = dateInZone(new Date(), ZONE);
const WRITES = 2_000;
const PER_CALL = 200;
const key = (i: number) => `KILL-${i}`;

let remote: TestDesk;
let proxy: FaultProxy;
let dataDir: string;
let desk: ServeProcess | undefined;

before(async () => {
  remote = await startRemoteDesk();
  proxy = await startFaultProxy(remote.url);
  dataDir = mkdtempSync(join(tmpdir(), 'desk-outbox-kill-'));
  writeFileSync(join(dataDir, 'seed.json'), JSON.stringify(BASE_SEED));
});

after(async () => {
  if (desk && desk.child.exitCode === null) await desk.stop('SIGKILL');
  await proxy.close();
  await remote.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const serve = (first: boolean) =>
  startServe(
    [
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--mode',
      'proxy',
      '--remote-url',
      proxy.url,
      ...(first ? ['--seed', join(dataDir, 'seed.json')] : []),
    ],
    { DESK_REMOTE_TOKEN: REMOTE_TOKEN, DESK_OUTBOX_MAX_WAIT_MS: '200' },
  );

async function call(method: string, path: string, body?: unknown, token = TEST_TOKEN) {
  const res = await fetch(`${desk!.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
}

const summary = async () => (await call('GET', '/api/desk/outbox/summary', undefined, desk!.token)).body;

/** Queues the writes through the desk while the line is down: every call answered from the outbox. */
async function queueOffline(bookings: Record<string, unknown>[]): Promise<void> {
  for (let at = 0; at < bookings.length; at += PER_CALL) {
    const res = await call('POST', '/api/f1/sync/bookings/batch', { bookings: bookings.slice(at, at + PER_CALL) });
    assert.equal(res.status, 200, res.text);
    assert.ok(res.headers.get('x-desk-queued'), `queued: ${res.text.slice(0, 300)}`);
    for (const element of res.body.results) assert.match(element.status, /^(created|ok)$/);
  }
}

const remoteCount = (prefix: string) =>
  remote.queryStore<{ n: number }>('SELECT count(*) AS n FROM bookings WHERE external_id LIKE ?', `${prefix}%`)[0]!.n;

/** How many times each external id went up to the remote in a write (a single upsert or a batch element). */
function sentCounts(from: number): Map<string, number> {
  const counts = new Map<string, number>();
  proxy.passed.forEach((request, index) => {
    if (index < from || !/^POST \/api\/f1\/sync\/bookings(\/batch)?$/.test(request)) return;
    const body = JSON.parse(proxy.passedBodies[index]!);
    for (const element of body.bookings ?? [body])
      counts.set(element.external_id, (counts.get(element.external_id) ?? 0) + 1);
  });
  return counts;
}

function assertSentOnce(ids: string[], from: number): void {
  const counts = sentCounts(from);
  const twice = ids.filter((id) => (counts.get(id) ?? 0) > 1);
  const never = ids.filter((id) => !counts.has(id));
  assert.deepEqual(twice.slice(0, 10), [], `sent more than once (${twice.length})`);
  assert.deepEqual(never.slice(0, 10), [], `never sent (${never.length})`);
}

function assertRemoteHolds(expected: Map<string, { name: string; reference: string }>): void {
  const rows = remote.queryStore<{ external_id: string; name: string; reference: string }>(
    "SELECT external_id, name, reference FROM bookings WHERE external_id LIKE 'KILL-%'",
  );
  const held = new Map(rows.map((row) => [row.external_id, { name: row.name, reference: row.reference }]));
  assert.equal(rows.length, held.size, 'no external id twice');
  const wrong = [...expected].filter(([id, values]) => JSON.stringify(held.get(id)) !== JSON.stringify(values));
  assert.deepEqual(wrong.slice(0, 5), [], `${wrong.length} records not as the desk acknowledged them`);
}

const expected = new Map<string, { name: string; reference: string }>();

test(
  'killed mid-replay: the next start lands every acknowledged write, each sent once',
  { timeout: 180_000 },
  async () => {
    desk = await serve(true);
    // The copy has today's bookings (none): a new booking of today is a create it can tell offline.
    await waitFor(
      async () => (await call('GET', '/api/desk/session', undefined, desk!.token)).body?.copy?.as_of,
      'the copy of today',
    );
    await proxy.set({ kind: 'refuse' });
    const bookings = Array.from({ length: WRITES }, (_, i) => ({
      external_id: key(i),
      name: `Killed ${i}`,
      reference: `K-${i}`,
      jump_on: today,
    }));
    for (const b of bookings) expected.set(b.external_id, { name: b.name, reference: b.reference });
    await queueOffline(bookings);
    assert.equal((await summary()).waiting, WRITES);

    const sentFrom = proxy.passed.length;
    await proxy.set({ kind: 'pass' });
    const landedAtKill = await waitFor(
      () => {
        const n = remoteCount('KILL-');
        return n > 0 && n < WRITES && n;
      },
      'some but not all of the writes on the remote',
      { intervalMs: 5 },
    );
    assert.equal(await desk.stop('SIGKILL'), null);
    assert.ok(remoteCount('KILL-') < WRITES, `killed before the replay ended (${landedAtKill} had landed)`);

    desk = await serve(false);
    await waitFor(async () => (await summary()).waiting === 0, 'the outbox drained after the restart', {
      timeoutMs: 120_000,
      intervalMs: 100,
    });
    const after = await summary();
    assert.equal(after.attention, 0, JSON.stringify(after));
    assert.equal(remoteCount('KILL-'), WRITES);
    assertRemoteHolds(expected);
    assertSentOnce([...expected.keys()], sentFrom);
  },
);

test(
  'answers lost after the remote applied a batch: each write read back, none sent again',
  { timeout: 120_000 },
  async () => {
    assert.ok(desk && desk.child.exitCode === null, 'the desk of the first test runs');
    await proxy.set({ kind: 'refuse' });
    // Updates of records the remote holds, and records new to it.
    const bookings = Array.from({ length: 600 }, (_, i) =>
      i < 300
        ? { external_id: key(i * 3), name: `Updated ${i}`, reference: `U-${i}`, jump_on: today }
        : { external_id: key(WRITES + i), name: `Lost ${i}`, reference: `L-${i}`, jump_on: today },
    );
    for (const b of bookings) expected.set(b.external_id, { name: b.name, reference: b.reference });
    await queueOffline(bookings);

    const sentFrom = proxy.passed.length;
    await proxy.set({ kind: 'reset-after', onlyMethod: 'POST' });
    // The remote takes batches whose answers never reach the desk.
    await waitFor(() => sentCounts(sentFrom).size >= 200, 'batches taken by the remote, answers lost', {
      timeoutMs: 60_000,
    });
    await proxy.set({ kind: 'pass' });
    await waitFor(async () => (await summary()).waiting === 0, 'the outbox drained', {
      timeoutMs: 90_000,
      intervalMs: 100,
    });
    assert.equal((await summary()).attention, 0);
    assertRemoteHolds(expected);
    assertSentOnce(
      bookings.map((b) => b.external_id),
      sentFrom,
    );
    // Each of them was read back after its answer was lost: a show of it went up after the batch.
    const shows = new Set(
      proxy.passed
        .slice(sentFrom)
        .flatMap((request) => request.match(/^GET \/api\/f1\/sync\/bookings\/(KILL-\d+)$/)?.[1] ?? []),
    );
    const lostAnswers = [...sentCounts(sentFrom).keys()];
    assert.ok(lostAnswers.every((id) => shows.has(id)));
    await desk!.stop();
  },
);
