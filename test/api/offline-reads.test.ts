import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addDays } from '../../shared/dates';
import type { CopyTiming } from '../../electron/offline/copy-refresher';
import { startTestDesk, type TestDesk } from '../support/desk';
import { startFaultProxy, type FaultMode, type FaultProxy } from '../support/fault-proxy';
import { direct, FAST_HEALTH, startRemoteDesk, useProxy, waitForSession } from '../support/remote';
import { TEST_NOW } from '../support/seed';

// Proxy mode with the remote (our own server started a second time) behind a fault proxy: reads
// answered from the desk's copy while the line is bad, in the spec's shapes and marked as the copy's.

const TODAY = TEST_NOW.slice(0, 10);
const FAST_COPY: CopyTiming = {
  todayMs: 300,
  tomorrowMs: 300,
  otherDaysMs: 60_000,
  todayShowsMs: 300,
  tomorrowShowsMs: 60_000,
  filmersMs: 60_000,
  catalogueMs: 60_000,
  retryStartMs: 50,
  retryMaxMs: 200,
};

let remote: TestDesk;
let proxy: FaultProxy;
let desk: TestDesk;

before(async () => {
  remote = await startRemoteDesk();
  for (const [externalId, jumpOn, mobile] of [
    ['R-TODAY', TODAY, '+31 6 5863 9910'],
    ['R-TOMORROW', addDays(TODAY, 1), '0612345678'],
    ['R-LATER', addDays(TODAY, 9), null],
  ] as const) {
    const res = await direct(remote, 'POST', '/bookings', {
      external_id: externalId,
      name: `Guest ${externalId}`,
      jump_on: jumpOn,
      mobile,
    });
    assert.equal(res.status, 201, res.text);
  }
  proxy = await startFaultProxy(remote.url);
  // The desk's clock moves from TEST_NOW on, as a real one would: the copy's slices age and fall due.
  const started = Date.now();
  const now = () => new Date(Date.parse(TEST_NOW) + (Date.now() - started));
  desk = await startTestDesk({ deskOptions: { healthTiming: FAST_HEALTH, copyTiming: FAST_COPY, now } });
  await useProxy(desk, proxy.url, { request_timeout_ms: 1_000, connect_timeout_ms: 500 });
  // The first copy: every day of the window, the shows of today and tomorrow, filmers, the catalogue.
  await waitForSession(desk, (s) => s.copy?.as_of !== null && s.copy?.as_of !== undefined, 20_000);
  await desk.offline.settled();
  const ages = () => desk.offline.copy()!.sliceAges();
  await waitFor(() => ages().has(`day:${addDays(TODAY, 14)}`) && ages().has(`day:${addDays(TODAY, -14)}`), 30_000);
});

after(async () => {
  await desk.dispose();
  await proxy.close();
  await remote.dispose();
});

async function waitFor(done: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const FAULTS: FaultMode[] = [
  { kind: 'refuse' },
  { kind: 'reset' },
  { kind: 'hang' },
  { kind: 'status', status: 503, retryAfterSeconds: 30 },
  // Slower than the desk waits (request_timeout_ms 1,000): a timeout, then the copy.
  { kind: 'slow', delayMs: 1_500 },
];

describe('reads when the remote cannot be reached', () => {
  test('online, a read is the remote’s: no copy header', async () => {
    const res = await desk.sync('GET', '/bookings/R-TODAY');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-desk-source'), null);
  });

  for (const fault of FAULTS) {
    test(`${fault.kind}: list, show, filmers, products and upgrades from the copy, in the remote's own bodies`, async () => {
      const online = {
        list: await direct(remote, 'GET', `/bookings?q[jump_on_gteq]=${TODAY}&q[jump_on_lteq]=${addDays(TODAY, 9)}`),
        show: await direct(remote, 'GET', '/bookings/R-TODAY'),
        filmers: await direct(remote, 'GET', '/filmers?include_all=true'),
        filmer: await direct(remote, 'GET', '/filmers/1'),
        products: await direct(remote, 'GET', '/products'),
        upgrades: await direct(remote, 'GET', '/upgrades'),
      };
      await proxy.set(fault);
      try {
        const list = await desk.sync('GET', `/bookings?q[jump_on_gteq]=${TODAY}&q[jump_on_lteq]=${addDays(TODAY, 9)}`);
        assert.equal(list.status, 200, list.text);
        assert.match(list.headers.get('x-desk-source') ?? '', /^copy; as-of=\d{4}-\d\d-\d\dT/);
        assert.deepEqual(list.body, online.list.body, 'the same page, the same ids, the same pagination');

        const show = await desk.sync('GET', '/bookings/R-TODAY');
        assert.equal(show.status, 200);
        assert.deepEqual(show.body, online.show.body);
        assert.match(show.headers.get('x-desk-source') ?? '', /^copy; as-of=/);

        for (const [path, expected] of [
          ['/filmers?include_all=true', online.filmers.body],
          ['/filmers/1', online.filmer.body],
          ['/products', online.products.body],
          ['/upgrades', online.upgrades.body],
        ] as const) {
          const res = await desk.sync('GET', path);
          assert.equal(res.status, 200, `${path}: ${res.text}`);
          assert.deepEqual(res.body, expected, path);
        }
      } finally {
        await proxy.set({ kind: 'pass' });
      }
    });
  }

  test('what the copy cannot answer truly is a 503 that says why, never an empty list', async () => {
    await proxy.set({ kind: 'refuse' });
    try {
      const cases: [string, RegExp][] = [
        ['/bookings', /answers a list only within its window \(bookings jumping from 2026-06-01 to 2026-06-29\)/],
        [`/bookings?q[jump_on_gteq]=${TODAY}&q[jump_on_lteq]=${addDays(TODAY, 15)}`, /within its window/],
        ['/bookings/R-LATER', /whole booking \(jump, finance events\) for today's and tomorrow's bookings only/],
        ['/bookings/NOT-ANYWHERE', /NOT-ANYWHERE is not in the desk's copy/],
      ];
      for (const [path, why] of cases) {
        const res = await desk.sync('GET', path);
        assert.equal(res.status, 503, path);
        assert.equal(res.body.status, 'not_in_copy');
        assert.match(res.body.error, why);
        assert.match(res.body.error, /^remote unreachable: [^;]+; /, path);
      }
      // A filmer the copy does not hold is not found, as of the copy (it holds every filmer).
      const missing = await desk.sync('GET', '/filmers/999');
      assert.equal(missing.status, 404);
      assert.equal(missing.body.status, 'not_found');
      // A malformed list query gets the Sync API's own 422, as the remote would give it.
      assert.equal((await desk.sync('GET', '/bookings?per_page=abc')).status, 422);
      // A write is the outbox's (test/api/outbox.test.ts): accepted on the copy and queued.
      const write = await desk.sync('POST', '/bookings', { external_id: 'OFFLINE-1', name: 'X', jump_on: TODAY });
      assert.equal(write.status, 201, write.text);
      assert.ok(write.headers.get('x-desk-queued'));
    } finally {
      await proxy.set({ kind: 'pass' });
    }
  });

  test('the window’s edges: the first and last day answer, one day past either does not', async () => {
    await proxy.set({ kind: 'refuse' });
    try {
      const from = addDays(TODAY, -14);
      const to = addDays(TODAY, 14);
      assert.equal((await desk.sync('GET', `/bookings?q[jump_on_gteq]=${from}&q[jump_on_lteq]=${to}`)).status, 200);
      assert.equal(
        (await desk.sync('GET', `/bookings?q[jump_on_gt]=${addDays(from, -1)}&q[jump_on_lt]=${addDays(to, 1)}`)).status,
        200,
      );
      assert.equal(
        (await desk.sync('GET', `/bookings?q[jump_on_gteq]=${addDays(from, -1)}&q[jump_on_lteq]=${to}`)).status,
        503,
      );
      assert.equal(
        (await desk.sync('GET', `/bookings?q[jump_on_gteq]=${from}&q[jump_on_lteq]=${addDays(to, 1)}`)).status,
        503,
      );
    } finally {
      await proxy.set({ kind: 'pass' });
    }
  });

  test('back online, reads are the remote’s again at once, and a change made there shows', async () => {
    await proxy.set({ kind: 'refuse' });
    assert.ok((await desk.sync('GET', '/bookings/R-TODAY')).headers.get('x-desk-source'));
    await direct(remote, 'POST', '/bookings', { external_id: 'R-TODAY', name: 'Renamed at the remote' });
    await proxy.set({ kind: 'pass' });
    const res = await desk.sync('GET', '/bookings/R-TODAY');
    assert.equal(res.headers.get('x-desk-source'), null);
    assert.equal(res.body.name, 'Renamed at the remote');
    // The proxied answer went into the copy at once: offline again, the copy says the new name.
    await proxy.set({ kind: 'refuse' });
    try {
      assert.equal((await desk.sync('GET', '/bookings/R-TODAY')).body.name, 'Renamed at the remote');
    } finally {
      await proxy.set({ kind: 'pass' });
    }
  });
});

describe('reception in proxy mode works on the copy, online and offline', () => {
  test('the desk list finds by phone digits, sorts across pages, and a check-in survives the refresh', async () => {
    for (const fault of [{ kind: 'pass' }, { kind: 'refuse' }] as FaultMode[]) {
      await proxy.set(fault);
      const found = await desk.desk('GET', '/bookings?q=5863991');
      assert.equal(found.status, 200, found.text);
      assert.deepEqual(
        found.body.bookings.map((b: { external_id: string }) => b.external_id),
        ['R-TODAY'],
        fault.kind,
      );
    }
    await proxy.set({ kind: 'pass' });
    const page = await desk.desk('GET', `/bookings?from=${TODAY}&to=${TODAY}`);
    const booking = page.body.bookings.find((b: { external_id: string }) => b.external_id === 'R-TODAY');
    const marked = await desk.desk('PUT', `/bookings/by-id/${booking.id}/check-in`, {
      state: 'arrived',
      recorded_by: 'Rita at reception',
    });
    assert.equal(marked.status, 200, marked.text);
    // Two refreshes of today later, the mark is still there (the row is updated in place).
    const ages = () => desk.offline.copy()!.sliceAges().get(`day:${TODAY}`);
    const before = ages();
    await waitFor(() => ages() !== before);
    const again = await desk.desk('GET', `/bookings?from=${TODAY}&to=${TODAY}&check_in=arrived`);
    assert.deepEqual(
      again.body.bookings.map((b: { external_id: string }) => b.external_id),
      ['R-TODAY'],
    );
    const sheet = await desk.desk('GET', `/day-sheet?day=${TODAY}`);
    assert.equal(sheet.status, 200);
  });

  test('the session says how old the copy is, and since when the remote has not answered', async () => {
    await proxy.set({ kind: 'refuse' });
    try {
      // The first failure may be a pooled connection cut as the line went down; then every new one is refused.
      const session = await waitForSession(desk, (s) => s.health.result === 'refused' && s.copy?.failing_since);
      assert.ok(session.health.since);
      assert.match(session.health.cause, /refused/);
      assert.ok(session.copy.as_of <= session.copy.failing_since);
      assert.deepEqual([session.copy.from, session.copy.to], [addDays(TODAY, -14), addDays(TODAY, 14)]);
    } finally {
      await proxy.set({ kind: 'pass' });
    }
    const back = await waitForSession(desk, (s) => s.health.state === 'online' && s.copy?.failing_since === null);
    assert.ok(back.copy.as_of);
  });

  test('back in local mode the desk list is the local store’s again; the copy is not mixed in', async () => {
    const local = await desk.admin('PUT', '/connection', { mode: 'local' });
    assert.equal(local.status, 200);
    await desk.offline.settled();
    const list = await desk.desk('GET', `/bookings?from=${TODAY}&to=${addDays(TODAY, 9)}`);
    assert.equal(
      list.body.bookings.some((b: { external_id: string }) => b.external_id?.startsWith('R-')),
      false,
    );
    await useProxy(desk, proxy.url, { request_timeout_ms: 1_000, connect_timeout_ms: 500 });
    await desk.offline.settled();
    const again = await desk.desk('GET', `/bookings?from=${TODAY}&to=${TODAY}&check_in=arrived`);
    assert.deepEqual(
      again.body.bookings.map((b: { external_id: string }) => b.external_id),
      ['R-TODAY'],
      'back to the same remote, the same copy, check-ins and all',
    );
  });

  test('two remotes in turn: each its own copy; back to the first, its copy is as it was', async () => {
    const other = await startRemoteDesk();
    try {
      const res = await direct(other, 'POST', '/bookings', {
        external_id: 'OTHER-TODAY',
        name: 'Olga Other',
        jump_on: TODAY,
      });
      assert.equal(res.status, 201, res.text);
      await useProxy(desk, other.url, { request_timeout_ms: 1_000, connect_timeout_ms: 500 });
      await desk.offline.settled();
      await waitFor(() => desk.offline.copy()!.sliceAges().has(`day:${TODAY}`));
      const theirs = await desk.desk('GET', `/bookings?from=${TODAY}&to=${TODAY}`);
      const ids = theirs.body.bookings.map((b: { external_id: string }) => b.external_id);
      assert.ok(ids.includes('OTHER-TODAY'));
      assert.equal(ids.includes('R-TODAY'), false, "the first remote's bookings are not in the second's copy");
    } finally {
      await useProxy(desk, proxy.url, { request_timeout_ms: 1_000, connect_timeout_ms: 500 });
      await desk.offline.settled();
      await other.dispose();
    }
    await proxy.set({ kind: 'refuse' });
    try {
      const ours = await desk.desk('GET', `/bookings?from=${TODAY}&to=${TODAY}`);
      const ids = ours.body.bookings.map((b: { external_id: string }) => b.external_id);
      assert.ok(ids.includes('R-TODAY'));
      assert.equal(ids.includes('OTHER-TODAY'), false);
    } finally {
      await proxy.set({ kind: 'pass' });
    }
  });
});
