import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { deskChangeEvents } from '../../shared/schemas/desk-changes';
import { startTestDesk, type TestDesk } from '../support/desk';
import { watchEvents, type EventWatch } from '../support/import-events';
import { copyHolds, copyMarkOf } from '../support/paired-copy';
import { FAST_HEALTH, waitForSession } from '../support/remote';
import { TEST_NOW, TEST_TODAY } from '../support/seed';
import { waitFor } from '../support/wait-for';

/**
 * A paired desk on loopback: proxy mode whose upstream is a main desk (docs/desks.md). The LAN's
 * TLS and pairing are tried in test/integration/; here the main desk's own session token stands
 * for the paired desk's credential, so what is tried is what the paired desk DOES with its main desk.
 */
describe('a paired desk: the main desk is its upstream', () => {
  let main: TestDesk;
  let paired: TestDesk;
  let watch: EventWatch;
  let mainClock: () => Date;

  before(async () => {
    // Both clocks move (from the seed's day): of two marks made apart, the one made later is in force.
    const started = Date.now();
    const now = () => new Date(Date.parse(TEST_NOW) + (Date.now() - started));
    mainClock = now;
    main = await startTestDesk({ deskOptions: { now } });
    paired = await startTestDesk({
      seed: null,
      deskOptions: {
        now,
        healthTiming: FAST_HEALTH,
        mainDesk: { url: main.url, fingerprint: '', credential: main.sessionToken, name: 'Reception' },
      },
    });
    watch = await watchEvents(paired, '/api/desk/changes');
    await watch.next((e) => e.event === 'ready');
  });
  after(async () => {
    watch.close();
    await paired.dispose();
    await main.dispose();
  });

  test("its windows name the main desk's dropzone, not the paired desk's own store's", async () => {
    const atMain = await main.desk('GET', '/session');
    const own = paired.queryStore<{ name: string }>('SELECT name FROM dropzones ORDER BY id LIMIT 1')[0]?.name;
    assert.notEqual(own, atMain.body.dropzone.name, "the paired desk's store names its dropzone otherwise");
    const session = await waitForSession(paired, (s) => s.dropzone?.name === atMain.body.dropzone.name, 10_000);
    assert.deepEqual(session.dropzone, atMain.body.dropzone);
  });

  test("its screens show the main desk's bookings", async () => {
    const atMain = await main.desk('GET', '/bookings?include_all=true');
    const atPaired = await paired.desk('GET', '/bookings?include_all=true');
    assert.equal(atPaired.status, 200, atPaired.text);
    assert.deepEqual(atPaired.body, atMain.body);
  });

  test('a check-in made at the paired desk is at the main desk, and back', async () => {
    const res = await paired.desk('PUT', '/bookings/by-id/101/check-in', { state: 'arrived', recorded_by: 'Vic' });
    assert.equal(res.status, 200, res.text);
    const atMain = await main.desk('GET', '/bookings/by-id/101/check-in');
    assert.equal(atMain.body.check_in.state, 'arrived');
    await main.desk('PUT', '/bookings/by-id/102/check-in', { state: 'no_show', recorded_by: 'Rita' });
    assert.equal((await paired.desk('GET', '/bookings/by-id/102/check-in')).body.check_in.state, 'no_show');
  });

  test("a booking the booking system syncs to the main desk is news at the paired desk's windows", async () => {
    const seen = watch.events.length;
    const made = await main.sync('POST', '/bookings', {
      external_id: 'LIVE-1',
      name: 'Live One',
      jump_on: '2026-06-15',
    });
    assert.equal(made.status, 201, made.text);
    await waitFor(
      () =>
        watch.events
          .slice(seen)
          .some(
            (e) =>
              e.event === 'changes' &&
              deskChangeEvents.changes
                .parse(e.data)
                .changes.some((c) => c.kind === 'bookings' && (c.many || c.external_ids.includes('LIVE-1'))),
          ),
      () => 'the bookings change to reach the paired desk',
      { timeoutMs: 2_000 },
    );
    const found = await paired.desk('GET', '/bookings?include_all=true&q=LIVE-1');
    assert.equal(found.body.bookings.length, 1);
  });

  test('a change at the main desk is news once, by what it names: the copy taking it in tells the windows nothing more', async () => {
    const seen = watch.events.length;
    const made = await main.sync('POST', '/bookings', { external_id: 'LIVE-ONCE', name: 'Once', jump_on: TEST_TODAY });
    assert.equal(made.status, 201, made.text);
    const id = (await main.desk('GET', '/bookings?include_all=true&q=LIVE-ONCE')).body.bookings[0].id as number;
    const marked = await main.desk('PUT', `/bookings/by-id/${id}/check-in`, { state: 'arrived', recorded_by: 'Rita' });
    assert.equal(marked.status, 200, marked.text);
    // The copy takes both in (it fetches today's bookings and the marks again)...
    await waitFor(
      () => copyHolds(paired, 'LIVE-ONCE') && copyMarkOf(paired, id) === 'arrived',
      () =>
        `the copy to take the booking and its mark in (booking: ${copyHolds(paired, 'LIVE-ONCE')}, mark: ${copyMarkOf(paired, id)})`,
      { timeoutMs: 5_000 },
    );
    // ...past the bus's 100 ms gathering: the windows, which read from the main desk while it
    // answers, were told of this booking and its mark, and never "everything changed".
    await new Promise((resolve) => setTimeout(resolve, 500));
    const changes = watch.events
      .slice(seen)
      .filter((e) => e.event === 'changes')
      .flatMap((e) => deskChangeEvents.changes.parse(e.data).changes);
    assert.ok(changes.some((c) => c.kind === 'bookings' && c.external_ids.includes('LIVE-ONCE')));
    assert.ok(changes.some((c) => c.kind === 'check_ins' && c.ids.includes(id)));
    assert.deepEqual(
      changes.filter((c) => c.many && (c.kind === 'bookings' || c.kind === 'check_ins')),
      [],
      'no window was told to ask again for all it shows',
    );
  });

  test("its Sync API is the main desk's", async () => {
    const res = await paired.request('/api/f1/sync/products', {
      headers: { authorization: `Bearer ${paired.sessionToken}` },
    });
    assert.equal(res.status, 200, res.text);
    const atMain = await main.sync('GET', '/products');
    assert.deepEqual(res.body, atMain.body);
  });

  test('what is about this desk itself stays here: its session and connection', async () => {
    const session = await paired.desk('GET', '/session');
    assert.equal(session.status, 200);
    assert.equal(session.body.main_desk.name, 'Reception');
    assert.equal(session.body.main_desk.state, 'answering');
    assert.equal((await paired.desk('GET', '/connection')).body.remote_url, main.url);
    // Its upstream is the main desk for as long as it is paired: the connection settings cannot point it elsewhere.
    const moved = await paired.admin('PUT', '/connection', { mode: 'local' });
    assert.equal(moved.status, 422, moved.text);
    assert.match(moved.body.error, /cannot be changed on a paired desk/);
  });

  test('the main desk stops: within 10 s the paired desk says since when; the day goes on from its copy; then it comes back by itself', async () => {
    // The main desk's change stream made the copy fetch today again: the booking made a moment ago is in it.
    await waitFor(
      () => copyHolds(paired, 'LIVE-1'),
      () => 'the copy to hold the booking synced a moment ago',
      { timeoutMs: 5_000 },
    );
    const window = `/bookings?from=${TEST_TODAY}&to=${TEST_TODAY}`;
    const before = (await paired.desk('GET', window)).body.bookings.map((b: any) => b.id);
    assert.ok(before.length > 0);
    // Reception at the main desk marks the guest synced a moment ago: the paired desk's copy takes the mark in.
    const live = (await main.desk('GET', '/bookings?q=LIVE-1')).body.bookings[0].id as number;
    assert.equal(
      (await main.desk('PUT', `/bookings/by-id/${live}/check-in`, { state: 'arrived', recorded_by: 'Rita' })).status,
      200,
    );
    await waitFor(
      () => copyMarkOf(paired, live) === 'arrived',
      () => "the paired desk's copy to hold the main desk's mark",
      { timeoutMs: 5_000 },
    );
    const { dataDir, port } = main;
    await main.close();
    const cut = Date.now();
    const down = await waitForSession(paired, (s) => s.main_desk.state === 'not_answering', 10_000);
    assert.ok(Date.now() - cut < 10_000);
    assert.ok(down.main_desk.since);
    const fromCopy = await paired.desk('GET', window);
    assert.equal(fromCopy.status, 200, fromCopy.text);
    assert.deepEqual(
      fromCopy.body.bookings.map((b: any) => b.id),
      before,
    );
    assert.equal((await paired.desk('GET', `/bookings/by-id/${live}/check-in`)).body.check_in.state, 'arrived');
    const ledger = await paired.desk('GET', '/bookings/HAS-PRODUCT/ledger');
    assert.equal(ledger.status, 503, ledger.text);
    assert.equal(ledger.body.status, 'main_desk_unreachable');
    assert.match(ledger.body.error, /This needs the main desk \(Reception\), which is not answering since \d\d:\d\d/);
    assert.ok(Number(ledger.headers.get('retry-after')) > 0);

    // Reception marks a guest at the paired desk while apart: in its copy at once, and kept for the main desk.
    // A guest of another day the copy holds (the window is the spec's 14 days each way).
    const guest = 102;
    const marked = await paired.desk('PUT', `/bookings/by-id/${guest}/check-in`, {
      state: 'arrived',
      recorded_by: 'Vic',
    });
    assert.equal(marked.status, 200, marked.text);
    assert.equal((await paired.desk('GET', `/bookings/by-id/${guest}/check-in`)).body.check_in.state, 'arrived');
    assert.equal((await paired.desk('GET', '/session')).body.main_desk.marks_waiting, 1);

    main = await startTestDesk({
      dataDir,
      port,
      seed: null,
      deskOptions: { sessionToken: main.sessionToken, now: mainClock },
    });
    await waitForSession(paired, (s) => s.main_desk.state === 'answering', 10_000);
    assert.equal((await paired.desk('GET', '/bookings/HAS-PRODUCT/ledger')).status, 200);
    // The mark made apart lands at the main desk once, with the time it was made.
    await waitForSession(paired, (s) => s.main_desk.marks_waiting === 0, 10_000);
    const atMain = await main.desk('GET', `/bookings/by-id/${guest}/check-in`);
    assert.equal(atMain.body.check_in.state, 'arrived');
    assert.deepEqual(
      atMain.body.history.map((m: any) => [m.state, m.recorded_by]),
      [
        ['no_show', 'Rita'],
        ['arrived', 'Vic'],
      ],
    );
  });

  test('the same guest marked at two desks while apart: the later mark is in force at both, the history keeps both', async () => {
    const { dataDir, port } = main;
    await main.close();
    await waitForSession(paired, (s) => s.main_desk.state === 'not_answering', 10_000);
    // The paired desk (the video desk) marks first: jumped; the main desk (reception) later: no-show.
    const early = await paired.desk('PUT', '/bookings/by-id/103/check-in', { state: 'jumped', recorded_by: 'Vic' });
    assert.equal(early.status, 200, early.text);
    await new Promise((resolve) => setTimeout(resolve, 20));
    main = await startTestDesk({
      dataDir,
      port,
      seed: null,
      deskOptions: { sessionToken: main.sessionToken, now: mainClock },
    });
    // Not yet reconnected: the main desk marks now, later than the paired desk's mark.
    const late = await main.desk('PUT', '/bookings/by-id/103/check-in', { state: 'no_show', recorded_by: 'Rita' });
    assert.equal(late.status, 200);
    await waitForSession(paired, (s) => s.main_desk.state === 'answering' && s.main_desk.marks_waiting === 0, 10_000);
    const atMain = (await main.desk('GET', '/bookings/by-id/103/check-in')).body;
    const atPaired = (await paired.desk('GET', '/bookings/by-id/103/check-in')).body;
    assert.equal(atMain.check_in.state, 'no_show');
    assert.deepEqual(atPaired.check_in, atMain.check_in);
    assert.deepEqual(
      atMain.history.map((m: any) => [m.state, m.recorded_by]),
      [
        ['jumped', 'Vic'],
        ['no_show', 'Rita'],
      ],
    );
  });
});
