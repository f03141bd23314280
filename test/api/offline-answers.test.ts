import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addDays } from '../../shared/dates';
import { direct, waitForSession } from '../support/remote';
import { waitFor } from '../support/wait-for';
import { outboxSummary, startOutboxPair, TODAY, type OutboxPair } from '../support/outbox-pair';

// What proxy mode answers offline is what the remote will do: against our own server as the
// remote behind a fault proxy, the copy takes in only what the remote accepted, and offline the
// desk answers only what it can stand behind (else 503 with Retry-After).

let pair: OutboxPair;

before(async () => {
  pair = await startOutboxPair({
    seedRemote: async (remote) => {
      for (const externalId of ['OA-1', 'OA-JUMP', 'OA-LOCK']) {
        const res = await direct(remote, 'POST', '/bookings', {
          external_id: externalId,
          name: `Guest ${externalId}`,
          email: `${externalId.toLowerCase()}@example.com`,
          reference: 'REF-0',
          jump_on: TODAY,
        });
        assert.equal(res.status, 201, res.text);
      }
      // Filmer 2 filmed today's OA-JUMP: the copy holds that booking whole, and sees the jump.
      const jump = await remote.desk('PUT', '/bookings/OA-JUMP/jump', {
        camera: 'selfie',
        filmer_id: 2,
        recorded_by: 'Test',
      });
      assert.ok(jump.status === 200 || jump.status === 201, jump.text);
      // A hand edit at the remote locks OA-LOCK's name against the booking system.
      const lock = await remote.desk('PATCH', '/bookings/OA-LOCK', { name: 'Locked There' });
      assert.equal(lock.status, 200, lock.text);
    },
  });
  const copy = pair.desk.offline.copy()!;
  await waitFor(
    () =>
      copy.store.bookings.byExternalId(copy.dropzone.id, 'OA-LOCK')?.name === 'Locked There' &&
      copy.store.remoteCopy.jumpsOfFilmer(2) > 0,
    'the copy to hold the bookings, the lock and the jump',
    { timeoutMs: 15_000 },
  );
});

after(async () => {
  await pair?.dispose();
});

const copy = () => pair.desk.offline.copy()!;
const copiedFilmer = (id: number) => copy().store.filmers.byId(copy().dropzone.id, id);
const copiedBooking = (externalId: string) => copy().store.bookings.byExternalId(copy().dropzone.id, externalId);

async function lineDown() {
  await pair.proxy.set({ kind: 'refuse' });
  await waitForSession(pair.desk, (s) => s.health.state === 'offline', 5_000);
}

async function lineUp() {
  await pair.proxy.set({ kind: 'pass' });
  await waitForSession(pair.desk, (s) => s.health.state === 'online', 5_000);
}

function assertRetryAfter(res: { status: number; headers: Headers; text: string }, what: string) {
  assert.equal(res.status, 503, `${what}: ${res.text}`);
  assert.ok(Number(res.headers.get('retry-after')) > 0, `${what} says when to come back`);
}

describe('online: the copy takes in only what the remote accepted', () => {
  test('a filmer batch: each refused element (invalid, not found, already taken) leaves the copy as it was', async () => {
    const before3 = copiedFilmer(3)!;
    const res = await pair.desk.sync('POST', '/filmers/batch', {
      filmers: [
        { id: 3, external_id: 'F-BAD', email: 'not-an-email' },
        { id: 999, name: 'Ghost' },
        { id: 2, external_id: 'F-1' },
        { id: 3, name: 'Jo Accepted' },
      ],
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.results.map((r: any) => r.status),
      ['unprocessable_content', 'not_found', 'unprocessable_content', 'ok'],
    );
    assert.equal(copiedFilmer(3)?.external_id, before3.external_id);
    assert.equal(copiedFilmer(3)?.name, 'Jo Accepted');
    assert.equal(copiedFilmer(999), undefined);
    assert.equal(copiedFilmer(2)?.external_id, null);
    assert.equal(copiedFilmer(1)?.external_id, 'F-1');
  });

  test('single filmer writes the remote refuses (404, 422) leave the copy as it was', async () => {
    const ghost = await pair.desk.sync('POST', '/filmers', { id: 999, name: 'Ghost' });
    assert.equal(ghost.status, 404, ghost.text);
    const bad = await pair.desk.sync('POST', '/filmers', { id: 3, email: 'not-an-email' });
    assert.equal(bad.status, 422, bad.text);
    assert.equal(copiedFilmer(999), undefined);
    assert.notEqual(copiedFilmer(3)?.email, 'not-an-email');
  });

  test('a booking batch and single bookings: refused elements (422, 406, 409) leave the copy as it was', async () => {
    const res = await pair.desk.sync('POST', '/bookings/batch', {
      bookings: [
        { external_id: 'OA-1', name: 'Ok Name' },
        { external_id: 'OA-1', name: 'Bad Day', jump_on: '2026-13-45' },
        { external_id: 'OA-OLD', name: 'Too Old', jump_on: addDays(TODAY, -40) },
        // Delivered for a jump more than 60 days ago at the remote: closed to changes.
        { external_id: 'DELIVERED-OLD', name: 'Closed' },
      ],
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.results.map((r: any) => r.status),
      ['ok', 'unprocessable_content', 'not_acceptable', 'conflict'],
    );
    // The refusal names the remote's id of the booking: taken in, it made a row of nothing in the copy.
    assert.equal(typeof res.body.results[3].id, 'number');
    assert.equal(copiedBooking('DELIVERED-OLD'), undefined);
    const closed = await pair.desk.sync('POST', '/bookings', { external_id: 'DELIVERED-OLD', name: 'Closed' });
    assert.equal(closed.status, 409, closed.text);
    assert.equal(copiedBooking('DELIVERED-OLD'), undefined);
    assert.equal(copiedBooking('OA-1')?.jump_on, TODAY);
    assert.equal(copiedBooking('OA-OLD'), undefined);
    // The accepted element is in the copy (a refresh answered just before it may have passed it by a moment).
    await waitFor(() => copiedBooking('OA-1')?.name === 'Ok Name', 'the accepted element in the copy');
    const single = await pair.desk.sync('POST', '/bookings', { external_id: 'OA-1', jump_on: 'not a day' });
    assert.equal(single.status, 422, single.text);
    const old = await pair.desk.sync('POST', '/bookings', { external_id: 'OA-OLD', jump_on: addDays(TODAY, -40) });
    assert.equal(old.status, 406, old.text);
    assert.equal(copiedBooking('OA-1')?.jump_on, TODAY);
    assert.equal(copiedBooking('OA-OLD'), undefined);
  });
});

describe('offline: the desk answers only what it can stand behind', () => {
  before(lineDown);
  after(lineUp);

  test('an invalid write is invalid offline too: 422 as online, before the copy is asked about the booking', async () => {
    const waiting = (await outboxSummary(pair.desk)).waiting;
    for (const jumpOn of ['2026-13-45', {}]) {
      const res = await pair.desk.sync('POST', '/bookings', { external_id: 'NEW-1', jump_on: jumpOn });
      assert.equal(res.status, 422, res.text);
      assert.equal(res.body.status, 'unprocessable_content');
      assert.equal(res.headers.get('x-desk-queued'), null);
    }
    // A filmer create needs the remote (503), but one the rules refuse on its body is refused as online.
    const noEmail = await pair.desk.sync('POST', '/filmers', { name: 'No Email' });
    assert.equal(noEmail.status, 422, noEmail.text);
    assert.equal(noEmail.body.error, 'email is required');
    const badEmail = await pair.desk.sync('POST', '/filmers', { name: 'Bad', email: 'not-an-email' });
    assert.equal(badEmail.status, 422, badEmail.text);
    const filmerBatch = await pair.desk.sync('POST', '/filmers/batch', {
      filmers: [{ name: 'Bad', email: 'not-an-email' }],
    });
    assert.equal(filmerBatch.status, 200, filmerBatch.text);
    assert.equal(filmerBatch.body.results[0].status, 'unprocessable_content');
    const batch = await pair.desk.sync('POST', '/bookings/batch', {
      bookings: [
        { external_id: 'OA-1', mobile: '0610000001' },
        { external_id: 'NEW-1', jump_on: '2026-13-45' },
        { external_id: 'NEW-3', jump_on: {} },
      ],
    });
    assert.equal(batch.status, 200, batch.text);
    assert.deepEqual(
      batch.body.results.map((r: any) => r.status),
      ['ok', 'unprocessable_content', 'unprocessable_content'],
    );
    assert.equal((await outboxSummary(pair.desk)).waiting, waiting + 1);
  });

  test('a batch with an element the copy cannot judge: the whole batch is 503 with Retry-After, none of it taken', async () => {
    const waiting = (await outboxSummary(pair.desk)).waiting;
    const reference = copiedBooking('OA-1')?.reference;
    const res = await pair.desk.sync('POST', '/bookings/batch', {
      bookings: [
        { external_id: 'OA-1', reference: 'REF-NOT-TAKEN' },
        { external_id: 'FAR-AWAY', name: 'Somebody' },
      ],
    });
    assertRetryAfter(res, 'a batch the copy cannot judge');
    assert.equal(res.body.status, 'not_in_copy');
    assert.match(res.body.error, /element 2 of the bookings batch \(FAR-AWAY\)/);
    assert.equal(res.headers.get('x-desk-queued'), null);
    assert.equal((await outboxSummary(pair.desk)).waiting, waiting);
    assert.equal(copiedBooking('OA-1')?.reference, reference);
  });

  test('a filmer delete: 503 where the copy cannot know (jumps beyond it), 422 where it sees a jump, 404 for none', async () => {
    const waiting = (await outboxSummary(pair.desk)).waiting;
    // Filmer 1 filmed a jump in March: outside the copy, which holds today's and tomorrow's jumps.
    const unknown = await pair.desk.sync('DELETE', '/filmers/1');
    assertRetryAfter(unknown, 'a filmer delete the copy cannot judge');
    assert.equal(unknown.body.status, 'not_in_copy');
    assert.equal(copiedFilmer(1)?.id, 1);
    const seen = await pair.desk.sync('DELETE', '/filmers/2');
    assert.equal(seen.status, 422, seen.text);
    assert.deepEqual(seen.body.errors, ['Cannot delete record because dependent jumps exist']);
    const none = await pair.desk.sync('DELETE', '/filmers/999');
    assert.equal(none.status, 404, none.text);
    assert.equal((await outboxSummary(pair.desk)).waiting, waiting);
  });

  test('every 503 says when to come back: reads the copy cannot answer, a filmer create', async () => {
    assertRetryAfter(await pair.desk.sync('GET', '/bookings/NOT-IN-THE-COPY'), 'a booking outside the copy');
    assertRetryAfter(await pair.desk.sync('GET', '/bookings'), 'an unbounded list');
    assertRetryAfter(
      await pair.desk.sync('GET', `/bookings?q[jump_on_gteq]=${TODAY}&q[jump_on_lteq]=${addDays(TODAY, 60)}`),
      'a list beyond the window',
    );
    assertRetryAfter(await pair.desk.sync('POST', '/filmers', { name: 'New', email: 'new@example.com' }), 'a create');
  });
});

describe('proxy mode answers a method as local mode does', () => {
  test('QUERY /products, with or without a body, online or not: 501 naming the method', async () => {
    for (const line of ['pass', 'refuse'] as const) {
      await pair.proxy.set({ kind: line });
      const seenBefore = pair.proxy.seen.length;
      const bare = await pair.desk.sync('QUERY', '/products');
      assert.equal(bare.status, 501, `${line}: ${bare.text}`);
      assert.equal(bare.body.status, 'not_implemented');
      assert.match(bare.body.error, /HTTP method QUERY/);
      const withBody = await pair.desk.sync('QUERY', '/products', {});
      assert.equal(withBody.status, 501, `${line}: ${withBody.text}`);
      assert.equal(pair.proxy.seen.slice(seenBefore).filter((s) => s.startsWith('QUERY')).length, 0);
    }
    const local = await direct(pair.remote, 'QUERY', '/products');
    assert.equal(local.status, 501, local.text);
    await lineUp();
  });
});

describe('at replay, a remote answer other than the offline one is shown beside it', () => {
  test('ok offline, then partial_update at the remote (a field locked there): settled, with both answers', async () => {
    await lineDown();
    const res = await pair.desk.sync('POST', '/bookings', {
      external_id: 'OA-LOCK',
      name: 'Desk Name',
      reference: 'REF-LOCK',
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'ok');
    const id = res.headers.get('x-desk-queued');
    await lineUp();
    const op = await waitFor(
      async () => {
        const view = (await pair.desk.desk('GET', `/outbox/${id}`)).body;
        return view.state === 'settled' && view;
      },
      'the write to settle',
      { timeoutMs: 15_000 },
    );
    assert.equal(op.predicted, 'ok');
    assert.equal(op.remote_status, 200);
    assert.match(op.remote_error, /^partial_update: product locked, some changes ignored \(name kept by the remote\)/);
    const there = (await direct(pair.remote, 'GET', '/bookings/OA-LOCK')).body;
    assert.equal(there.name, 'Locked There');
    assert.equal(there.reference, 'REF-LOCK');
  });

  test('ok offline, then 422 at the remote (an external id taken there meanwhile): held, with both answers', async () => {
    await lineDown();
    const res = await pair.desk.sync('POST', '/filmers', { id: 3, external_id: 'F-TAKEN-LATER' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'ok');
    const id = res.headers.get('x-desk-queued');
    const taken = await direct(pair.remote, 'POST', '/filmers', { id: 2, external_id: 'F-TAKEN-LATER' });
    assert.equal(taken.status, 200, taken.text);
    await lineUp();
    const op = await waitFor(
      async () => {
        const view = (await pair.desk.desk('GET', `/outbox/${id}`)).body;
        return view.state === 'attention' && view;
      },
      'the write to be held',
      { timeoutMs: 15_000 },
    );
    assert.equal(op.attention, 'refused');
    assert.equal(op.predicted, 'ok');
    assert.equal(op.remote_status, 422);
    assert.match(op.remote_error, /taken/);
    // A refusal holds the whole record: a later write of another field waits behind it.
    const later = await pair.desk.sync('POST', '/filmers', { id: 3, name: 'Jo Later' });
    assert.equal(later.status, 200, later.text);
    const behind = await waitFor(
      async () => {
        const view = (await pair.desk.desk('GET', `/outbox/${later.headers.get('x-desk-queued')}`)).body;
        return new RegExp(`waits behind write ${id}`).test(view.last_error ?? '') && view;
      },
      'the later write to wait behind the refused one',
      { timeoutMs: 15_000 },
    );
    assert.equal(behind.state, 'waiting');
    assert.notEqual((await direct(pair.remote, 'GET', '/filmers/3')).body.name, 'Jo Later');
  });
});
