import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addDays } from '../../shared/dates';
import type { CopyTiming } from '../../electron/offline/copy-refresher';
import type { OutboxTiming } from '../../electron/offline/outbox-timing';
import { startTestDesk, type TestDesk } from '../support/desk';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { direct, FAST_HEALTH, startRemoteDesk, useProxy, waitForSession } from '../support/remote';
import { TEST_NOW } from '../support/seed';
import { waitFor } from '../support/wait-for';

// Proxy mode's outbox against our own server as the remote, behind a fault proxy the test switches:
// writes accepted while the line is down land once it is back, exactly once, and a person decides
// what both sides changed.

const TODAY = TEST_NOW.slice(0, 10);
const SLOW_COPY: CopyTiming = {
  todayMs: 60_000,
  tomorrowMs: 60_000,
  otherDaysMs: 60_000,
  todayShowsMs: 60_000,
  tomorrowShowsMs: 60_000,
  filmersMs: 60_000,
  catalogueMs: 60_000,
  retryStartMs: 50,
  retryMaxMs: 200,
};
const FAST_OUTBOX: OutboxTiming = {
  firstMs: 30,
  maxMs: 150,
  idleMs: 100,
  concurrency: 4,
  batchSize: 50,
  decisionGraceMs: 300,
};

let remote: TestDesk;
let proxy: FaultProxy;
let desk: TestDesk;

const GUESTS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((letter) => `OB-${letter}`);

before(async () => {
  remote = await startRemoteDesk();
  for (const externalId of GUESTS) {
    const res = await direct(remote, 'POST', '/bookings', {
      external_id: externalId,
      name: `Guest ${externalId}`,
      email: `${externalId.toLowerCase()}@example.com`,
      jump_on: TODAY,
    });
    assert.equal(res.status, 201, res.text);
  }
  proxy = await startFaultProxy(remote.url);
  // The desk's clock moves from TEST_NOW on, as a real one would: a decision's time to undo runs out.
  const started = Date.now();
  const now = () => new Date(Date.parse(TEST_NOW) + (Date.now() - started));
  desk = await startTestDesk({
    deskOptions: { healthTiming: FAST_HEALTH, copyTiming: SLOW_COPY, outboxTiming: FAST_OUTBOX, now },
  });
  await useProxy(desk, proxy.url, { request_timeout_ms: 1_000, connect_timeout_ms: 500 });
  await waitForSession(desk, (s) => typeof s.copy?.as_of === 'string', 20_000);
});

after(async () => {
  await desk.dispose();
  await proxy.close();
  await remote.dispose();
});

const summary = async () => (await desk.desk('GET', '/outbox/summary')).body;
const remoteBooking = async (externalId: string) => direct(remote, 'GET', `/bookings/${externalId}`);

async function lineDown() {
  await proxy.set({ kind: 'refuse' });
  await waitForSession(desk, (s) => s.health.state === 'offline', 5_000);
}

async function lineUp() {
  await proxy.set({ kind: 'pass' });
}

async function settled() {
  await waitFor(
    async () => {
      const s = await summary();
      return s.waiting === 0 && s.sending === null;
    },
    () => 'the outbox to empty',
    { timeoutMs: 15_000 },
  );
}

describe('writes while the remote cannot be reached', () => {
  test('an update is applied to the copy, queued, answered as the remote would, and lands once the line is back', async () => {
    await lineDown();
    const res = await desk.sync('POST', '/bookings', { external_id: 'OB-A', name: 'Anna Offline' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'ok');
    assert.equal(res.body.name, 'Anna Offline');
    assert.match(res.headers.get('x-desk-queued') ?? '', /^\d+$/);
    // Reception's list (the copy) shows it at once; the remote has not seen it.
    const list = await desk.desk('GET', `/bookings?q=Anna`);
    assert.ok(
      list.body.bookings.some((b: any) => b.name === 'Anna Offline'),
      list.text,
    );
    assert.equal((await remoteBooking('OB-A')).body.name, 'Guest OB-A');
    assert.equal((await summary()).waiting, 1);

    await lineUp();
    await settled();
    assert.equal((await remoteBooking('OB-A')).body.name, 'Anna Offline');
    const settledPage = await desk.desk('GET', '/outbox?state=settled');
    assert.equal(settledPage.body.ops[0].outcome, 'sent');
  });

  test('a create is answered without an id (the remote assigns it), lands, and the copy takes the remote id', async () => {
    await lineDown();
    const res = await desk.sync('POST', '/bookings', { external_id: 'OB-NEW', name: 'Nina New', jump_on: TODAY });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.id, null);
    // Its page reads it from the copy meanwhile, marked as waiting.
    const shown = await desk.sync('GET', '/bookings/OB-NEW');
    assert.equal(shown.status, 200, shown.text);
    assert.equal(shown.body.name, 'Nina New');
    assert.equal(shown.headers.get('x-desk-queued'), 'pending');
    await lineUp();
    await settled();
    const there = await remoteBooking('OB-NEW');
    assert.equal(there.status, 200);
    const copied = desk.offline.copy()!.store.bookings.byExternalId(desk.offline.copy()!.dropzone.id, 'OB-NEW');
    assert.equal(copied?.id, there.body.id);
  });

  test('a write the Sync API rules refuse is refused now, with the remote answer, and queues nothing', async () => {
    await lineDown();
    const before = (await summary()).waiting;
    const res = await desk.sync('POST', '/bookings', { external_id: 'OB-OLD', jump_on: addDays(TODAY, -40) });
    assert.equal(res.status, 406, res.text);
    assert.equal(res.headers.get('x-desk-queued'), null);
    const blank = await desk.sync('POST', '/bookings', { name: 'No id' });
    assert.equal(blank.status, 422);
    assert.equal((await summary()).waiting, before);
    await lineUp();
  });

  test('a booking the copy does not hold, outside its window: a 503 that says why, never taken for a create', async () => {
    await lineDown();
    const before = (await summary()).waiting;
    const update = await desk.sync('POST', '/bookings', { external_id: 'FAR-AWAY', name: 'Somebody' });
    assert.equal(update.status, 503, update.text);
    assert.equal(update.body.status, 'not_in_copy');
    assert.match(update.body.error, /cannot tell a new booking/);
    // Why the remote did not answer comes first, then what the desk cannot do without it.
    assert.match(update.body.error, /^remote unreachable: [^;]+; the desk's copy does not hold FAR-AWAY/);
    assert.ok(Number(update.headers.get('retry-after')) > 0);
    const far = await desk.sync('POST', '/bookings', { external_id: 'FAR-AWAY', jump_on: addDays(TODAY, 40) });
    assert.equal(far.status, 503, far.text);
    const gone = await desk.sync('DELETE', '/bookings/FAR-AWAY');
    assert.equal(gone.status, 503, gone.text);
    assert.equal((await summary()).waiting, before);
    await lineUp();
  });

  test('a batch: each element predicted on its own, the good ones queued under consecutive ids, and they land', async () => {
    await lineDown();
    const res = await desk.sync('POST', '/bookings/batch', {
      bookings: [
        { external_id: 'OB-G', mobile: '0633333333' },
        { external_id: 'OB-H', jump_on: 'not a day' },
        { external_id: 'OB-BATCH-NEW', name: 'Bea Batch', jump_on: TODAY },
      ],
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.results.map((r: any) => r.status),
      ['ok', 'unprocessable_content', 'created'],
    );
    assert.match(res.headers.get('x-desk-queued') ?? '', /^\d+-\d+$/);
    await lineUp();
    await settled();
    assert.equal((await remoteBooking('OB-G')).body.mobile, '0633333333');
    assert.equal((await remoteBooking('OB-BATCH-NEW')).body.name, 'Bea Batch');
  });

  test('a filmer create offline is a 503 with Retry-After and no id', async () => {
    await lineDown();
    const res = await desk.sync('POST', '/filmers', { name: 'Fay', email: 'fay@example.com' });
    assert.equal(res.status, 503, res.text);
    assert.ok(Number(res.headers.get('retry-after')) > 0);
    assert.equal(res.body.id, undefined);
    await lineUp();
  });

  test('a later write of a record waits behind its earlier ones, even once the line is back', async () => {
    await lineDown();
    await desk.sync('POST', '/bookings', { external_id: 'OB-B', name: 'Bo One' });
    await desk.sync('POST', '/bookings', { external_id: 'OB-B', mobile: '0611111111' });
    await lineUp();
    await settled();
    const there = (await remoteBooking('OB-B')).body;
    assert.equal(there.name, 'Bo One');
    assert.equal(there.mobile, '0611111111');
  });
});

describe('read before write', () => {
  test('both sides changed a field: a conflict held for a person; other records go on; decided field by field', async () => {
    await lineDown();
    const mine = await desk.sync('POST', '/bookings', {
      external_id: 'OB-C',
      email: 'desk@example.com',
      mobile: '0622222222',
    });
    assert.equal(mine.status, 200, mine.text);
    await desk.sync('POST', '/bookings', { external_id: 'OB-D', name: 'Dee Desk' });
    // Meanwhile, at the remote: the same booking's e-mail, to something else, and its name.
    assert.equal(
      (
        await direct(remote, 'POST', '/bookings', {
          external_id: 'OB-C',
          email: 'remote@example.com',
          name: 'Cee Remote',
        })
      ).status,
      200,
    );
    await lineUp();
    await waitFor(async () => (await summary()).attention === 1, 'a write to need attention', { timeoutMs: 15_000 });
    // The other record landed; the held one delayed nothing.
    await settled();
    assert.equal((await remoteBooking('OB-D')).body.name, 'Dee Desk');
    const held = (await desk.desk('GET', '/outbox?state=attention')).body.ops[0];
    assert.equal(held.attention, 'conflict');
    const email = held.fields.find((f: any) => f.name === 'email');
    assert.deepEqual(
      { queued: email.queued, desk: email.desk, remote: email.remote, conflict: email.conflict },
      { queued: 'ob-c@example.com', desk: 'desk@example.com', remote: 'remote@example.com', conflict: true },
    );
    // Only the desk changed the mobile: it landed, beside the held e-mail; the remote's name was never the desk's to touch.
    assert.deepEqual(
      held.fields.map((f: any) => f.name),
      ['email'],
    );
    assert.deepEqual(
      held.landed.map((f: any) => [f.name, f.value]),
      [['mobile', '0622222222']],
    );
    assert.equal((await remoteBooking('OB-C')).body.email, 'remote@example.com');
    assert.equal((await remoteBooking('OB-C')).body.mobile, '0622222222');

    // Decided: the desk's e-mail; undone; decided again; it lands.
    const decided = await desk.desk('PUT', `/outbox/${held.id}/decision`, {
      action: 'fields',
      fields: { email: { take: 'theirs' } },
      by: 'Rita',
    });
    assert.equal(decided.status, 200, decided.text);
    const undone = await desk.desk('POST', `/outbox/${held.id}/decision/undo`, { by: 'Rita' });
    assert.equal(undone.status, 200, undone.text);
    assert.equal(undone.body.state, 'attention');
    const again = await desk.desk('PUT', `/outbox/${held.id}/decision`, {
      action: 'fields',
      fields: { email: { take: 'mine' } },
      by: 'Rita',
    });
    assert.equal(again.status, 200, again.text);
    await waitFor(
      async () => (await summary()).attention === 0 && (await summary()).waiting === 0,
      'the decision to land',
      {
        timeoutMs: 15_000,
      },
    );
    const there = (await remoteBooking('OB-C')).body;
    assert.equal(there.email, 'desk@example.com');
    assert.equal(there.name, 'Cee Remote');
    assert.equal(there.mobile, '0622222222');
    const detail = (await desk.desk('GET', `/outbox/${held.id}`)).body;
    assert.equal(detail.outcome, 'decided');
    assert.ok(
      detail.history.some((h: any) => h.who === 'Rita' && /undid/.test(h.what)),
      JSON.stringify(detail.history),
    );
    const late = await desk.desk('POST', `/outbox/${held.id}/decision/undo`, { by: 'Rita' });
    assert.equal(late.status, 409);
  });

  test('a record the remote deleted meanwhile is a conflict, never re-created', async () => {
    await lineDown();
    await desk.sync('POST', '/bookings', { external_id: 'OB-E', name: 'Eve Edited' });
    assert.equal((await direct(remote, 'DELETE', '/bookings/OB-E')).status, 204);
    await lineUp();
    await waitFor(async () => (await summary()).attention === 1, 'the deletion to need attention', {
      timeoutMs: 15_000,
    });
    assert.equal((await remoteBooking('OB-E')).status, 404);
    const held = (await desk.desk('GET', '/outbox?state=attention')).body.ops[0];
    assert.equal(held.attention, 'deleted');
    const gone = await desk.desk('PUT', `/outbox/${held.id}/decision`, { action: 'keep_theirs', by: 'Rita' });
    assert.equal(gone.status, 200, gone.text);
    await waitFor(async () => (await summary()).attention === 0 && (await summary()).waiting === 0, 'the decision', {
      timeoutMs: 15_000,
    });
    assert.equal((await remoteBooking('OB-E')).status, 404);
    const copy = desk.offline.copy()!;
    assert.equal(copy.store.bookings.byExternalId(copy.dropzone.id, 'OB-E'), undefined);
  });

  test('an answer lost after the remote applied the write: read back, not sent twice', async () => {
    await proxy.set({ kind: 'reset-after' });
    const res = await desk.sync('POST', '/bookings', { external_id: 'OB-F', name: 'Fred Lost' });
    // The desk got no answer: the write is queued (and answered as the rules predict).
    assert.equal(res.status, 200, res.text);
    assert.ok(res.headers.get('x-desk-queued'));
    await lineUp();
    const sentBefore = proxy.passed.filter((line) => line.startsWith('POST')).length;
    await settled();
    assert.equal((await remoteBooking('OB-F')).body.name, 'Fred Lost');
    const op = (await desk.desk('GET', `/outbox/${res.headers.get('x-desk-queued')}`)).body;
    assert.equal(op.outcome, 'already_there');
    assert.equal(proxy.passed.filter((line) => line.startsWith('POST')).length, sentBefore);
  });
});

describe('a filmer create whose answer was lost', () => {
  test('is answered 503, looked up when sent again, and adopted: the remote has one such filmer', async () => {
    await proxy.set({ kind: 'reset-after' });
    const filmer = { name: 'Lou Lost', email: 'lou@example.com', external_id: 'LOST-1' };
    const first = await desk.sync('POST', '/filmers', filmer);
    assert.equal(first.status, 503, first.text);
    assert.ok(Number(first.headers.get('retry-after')) > 0);
    await lineUp();
    await waitForSession(desk, (s) => s.health.state === 'online', 5_000);
    // The booking system sends it again: the desk finds the one the lost create made.
    const again = await desk.sync('POST', '/filmers', filmer);
    assert.equal(again.status, 201, again.text);
    const all = (await direct(remote, 'GET', '/filmers?include_all=true')).body as any[];
    const lous = all.filter((f) => f.external_id === 'LOST-1');
    assert.equal(lous.length, 1);
    assert.equal(again.body.id, lous[0].id);
    const settledOps = (await desk.desk('GET', '/outbox?state=settled&per_page=500')).body.ops;
    assert.ok(
      settledOps.some((op: any) => op.outcome === 'adopted'),
      JSON.stringify(settledOps.map((o: any) => o.outcome)),
    );
  });
});

describe('the outbox routes', () => {
  test('unknown ids and bad decisions get clear errors', async () => {
    assert.equal((await desk.desk('GET', '/outbox/999999')).status, 404);
    const bad = await desk.desk('PUT', '/outbox/1/decision', { action: 'keep_mine' });
    assert.equal(bad.status, 422, bad.text);
    const settledOne = (await desk.desk('GET', '/outbox?state=settled')).body.ops[0];
    const late = await desk.desk('PUT', `/outbox/${settledOne.id}/decision`, { action: 'keep_mine', by: 'Rita' });
    assert.equal(late.status, 409, late.text);
    const csv = await desk.request('/api/desk/outbox/attention.csv', {
      headers: { authorization: `Bearer ${desk.sessionToken}` },
    });
    assert.equal(csv.status, 200);
    assert.match(csv.text, /^write,record,key/);
  });
});
