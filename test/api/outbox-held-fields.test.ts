import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { storePath } from '../../electron/store/open';
import { Store } from '../../electron/store/store';
import { TEST_TOKEN } from '../support/seed';
import { direct, waitForSession } from '../support/remote';
import { waitFor } from '../support/wait-for';
import { outboxSummary, startOutboxPair, TODAY, type OutboxPair } from '../support/outbox-pair';

// A conflict holds only what conflicts: each queued write of a record is merged on its own, field
// by field, in the record's order, against our own server as the remote behind a fault proxy.

let pair: OutboxPair;

before(async () => {
  pair = await startOutboxPair({
    seedRemote: async (remote) => {
      const bookings: [string, string][] = [
        ['HQ-1150', 'Hanna Original'],
        ['HQ-1151', 'Bram Original'],
        ['HQ-1152', 'Cleo Original'],
      ];
      for (const [externalId, name] of bookings) {
        const res = await direct(remote, 'POST', '/bookings', {
          external_id: externalId,
          name,
          email: `${externalId.toLowerCase()}@example.com`,
          mobile: '0600000000',
          reference: 'REF-OLD',
          jump_on: TODAY,
        });
        assert.equal(res.status, 201, res.text);
      }
    },
  });
  const copy = pair.desk.offline.copy()!;
  await waitFor(
    () => ['HQ-1150', 'HQ-1151', 'HQ-1152'].every((id) => copy.store.bookings.byExternalId(copy.dropzone.id, id)),
    'the bookings in the copy',
  );
});

after(async () => {
  await pair?.dispose();
});

const remoteBooking = async (externalId: string) => (await direct(pair.remote, 'GET', `/bookings/${externalId}`)).body;
const postsFor = (externalId: string) =>
  pair.proxy.passedBodies.filter(
    (body, i) => pair.proxy.passed[i]!.startsWith('POST /api/f1/sync/bookings') && body.includes(`"${externalId}"`),
  );

async function lineDown() {
  await pair.proxy.set({ kind: 'refuse' });
  await waitForSession(pair.desk, (s) => s.health.state === 'offline', 5_000);
}

async function heldOps() {
  const res = await pair.desk.desk('GET', '/outbox?state=attention');
  assert.equal(res.status, 200, res.text);
  return res.body.ops as any[];
}

test('mobile, then name and reference offline; the name changed at the remote meanwhile: mobile and reference land, only the name is held', async () => {
  await lineDown();
  const mobile = await pair.desk.sync('POST', '/bookings', { external_id: 'HQ-1150', mobile: '0611500000' });
  assert.equal(mobile.status, 200, mobile.text);
  assert.equal(mobile.body.status, 'ok');
  const later = await pair.desk.sync('POST', '/bookings', {
    external_id: 'HQ-1150',
    name: 'Hanna Desk',
    reference: 'REF-NEW',
  });
  assert.equal(later.status, 200, later.text);
  const laterId = Number(later.headers.get('x-desk-queued'));
  assert.ok(laterId > 0, later.text);
  assert.equal(
    (await direct(pair.remote, 'POST', '/bookings', { external_id: 'HQ-1150', name: 'Hanna Remote' })).status,
    200,
  );

  await pair.proxy.set({ kind: 'pass' });
  await waitFor(
    async () => {
      const s = await outboxSummary(pair.desk);
      return s.attention === 1 && s.waiting === 0;
    },
    'the name to be held and the rest to land',
    { timeoutMs: 20_000 },
  );
  const there = await remoteBooking('HQ-1150');
  assert.equal(there.mobile, '0611500000');
  assert.equal(there.reference, 'REF-NEW');
  assert.equal(there.name, 'Hanna Remote');

  const mobileOp = (await pair.desk.desk('GET', `/outbox/${mobile.headers.get('x-desk-queued')}`)).body;
  assert.equal(mobileOp.outcome, 'sent');
  const [held] = await heldOps();
  assert.equal(held.id, laterId);
  assert.equal(held.attention, 'conflict');
  assert.deepEqual(held.fields, [
    { name: 'name', queued: 'Hanna Original', desk: 'Hanna Desk', remote: 'Hanna Remote', conflict: true },
  ]);
  assert.deepEqual(
    held.landed.map((f: any) => [f.name, f.value, f.write]).sort(),
    [
      ['mobile', '0611500000', mobileOp.id],
      ['reference', 'REF-NEW', laterId],
    ].sort(),
  );

  // A later write of another field goes on; one that touches the held name stays behind it.
  const email = await pair.desk.sync('POST', '/bookings', { external_id: 'HQ-1150', email: 'hanna@new.example' });
  assert.equal(email.status, 200, email.text);
  const rename = await pair.desk.sync('POST', '/bookings', { external_id: 'HQ-1150', name: 'Hanna Later' });
  assert.equal(rename.status, 200, rename.text);
  await waitFor(
    async () => (await remoteBooking('HQ-1150')).email === 'hanna@new.example',
    'the e-mail to land past the held name',
    { timeoutMs: 15_000 },
  );
  const behind = (await pair.desk.desk('GET', `/outbox/${rename.headers.get('x-desk-queued')}`)).body;
  assert.equal(behind.state, 'waiting');
  assert.match(behind.last_error ?? '', new RegExp(`waits behind write ${laterId}`));
  assert.equal((await remoteBooking('HQ-1150')).name, 'Hanna Remote');

  // Keep theirs: nothing more is sent for it. The rename behind it meets the remote's name: a conflict of its own.
  const sentBefore = postsFor('HQ-1150').length;
  const theirs = await pair.desk.desk('PUT', `/outbox/${laterId}/decision`, { action: 'keep_theirs', by: 'Rita' });
  assert.equal(theirs.status, 200, theirs.text);
  const next = await waitFor(
    async () => (await heldOps()).find((op) => op.id === Number(rename.headers.get('x-desk-queued'))),
    'the rename to meet the remote name',
    { timeoutMs: 15_000 },
  );
  assert.equal(postsFor('HQ-1150').length, sentBefore, 'keep theirs sent nothing');
  assert.equal((await pair.desk.desk('GET', `/outbox/${laterId}`)).body.outcome, 'kept_theirs');
  assert.deepEqual(
    next.fields.map((f: any) => f.name),
    ['name'],
  );

  // Keep mine: the held field, and nothing else, goes up.
  const mine = await pair.desk.desk('PUT', `/outbox/${next.id}/decision`, { action: 'keep_mine', by: 'Rita' });
  assert.equal(mine.status, 200, mine.text);
  await waitFor(async () => (await remoteBooking('HQ-1150')).name === 'Hanna Later', 'keep mine to land', {
    timeoutMs: 15_000,
  });
  const sent = postsFor('HQ-1150');
  assert.equal(sent.length, sentBefore + 1);
  const element = JSON.parse(sent.at(-1)!);
  assert.deepEqual(element.bookings?.[0] ?? element, { external_id: 'HQ-1150', name: 'Hanna Later' });
  const final = await remoteBooking('HQ-1150');
  assert.deepEqual([final.mobile, final.reference, final.email], ['0611500000', 'REF-NEW', 'hanna@new.example']);
});

test('a deletion at the remote holds the whole record: a later write of another field stays behind it', async () => {
  await lineDown();
  const mobile = await pair.desk.sync('POST', '/bookings', { external_id: 'HQ-1151', mobile: '0611510000' });
  assert.equal(mobile.status, 200, mobile.text);
  assert.equal((await direct(pair.remote, 'DELETE', '/bookings/HQ-1151')).status, 204);
  await pair.proxy.set({ kind: 'pass' });
  const held = await waitFor(
    async () => (await heldOps()).find((op) => op.record.key === 'HQ-1151'),
    'the deletion to be held',
    { timeoutMs: 15_000 },
  );
  assert.equal(held.attention, 'deleted');
  const reference = await pair.desk.sync('POST', '/bookings', { external_id: 'HQ-1151', reference: 'REF-X' });
  assert.equal(reference.status, 200, reference.text);
  const waiting = await waitFor(
    async () => {
      const op = (await pair.desk.desk('GET', `/outbox/${reference.headers.get('x-desk-queued')}`)).body;
      return /waits behind/.test(op.last_error ?? '') && op;
    },
    'the later write to wait behind the deletion',
    { timeoutMs: 15_000 },
  );
  assert.equal(waiting.state, 'waiting');
  assert.equal(postsFor('HQ-1151').length, 0, 'nothing was sent to a record whose fate is undecided');
  assert.equal((await direct(pair.remote, 'GET', '/bookings/HQ-1151')).status, 404);
});

/** A desk paired with this one (docs/desks.md): its credential, kept in the desk's store as pairing keeps it. */
function pairADesk(name: string): string {
  const credential = `dzp_${name.replace(/\W/g, '').toLowerCase()}-credential-for-the-test`;
  const store = Store.open(storePath(pair.desk.dataDir));
  try {
    const dropzoneId = pair.desk.offline.copy()!.dropzone.id;
    store.pairedDesks.add({ dropzoneId, name, credential, at: new Date().toISOString(), from: null });
  } finally {
    store.close();
  }
  return credential;
}

test("a paired desk's edit queued here is reception's at that desk, by name; Resolve all leaves its conflict to a person", async () => {
  const videoDesk = pairADesk('Video desk');
  await lineDown();
  // The main desk in proxy mode, its remote cut: the paired desk's edit and a booking system's both wait here.
  const sendAs = async (credential: string, booking: Record<string, unknown>) => {
    const res = await pair.desk.sync('POST', '/bookings', booking, { authorization: `Bearer ${credential}` });
    assert.equal(res.status, 200, res.text);
    return Number(res.headers.get('x-desk-queued'));
  };
  const fromDeskId = await sendAs(videoDesk, { external_id: 'HQ-1152', name: 'Cleo Desk' });
  const fromSystemId = await sendAs(TEST_TOKEN, { external_id: 'HQ-1152', reference: 'REF-SYSTEM' });
  assert.ok(fromDeskId > 0 && fromSystemId > 0, 'both writes queued');
  const queued = (await pair.desk.desk('GET', `/outbox/${fromDeskId}`)).body;
  assert.equal(queued.source, 'reception at "Video desk"');
  assert.equal((await pair.desk.desk('GET', `/outbox/${fromSystemId}`)).body.source, 'booking system "seed token 1"');

  // Both fields changed at the remote meanwhile: both writes meet a newer value there.
  const atRemote = await direct(pair.remote, 'POST', '/bookings', {
    external_id: 'HQ-1152',
    name: 'Cleo Remote',
    reference: 'REF-REMOTE',
  });
  assert.equal(atRemote.status, 200, atRemote.text);
  await pair.proxy.set({ kind: 'pass' });
  await waitFor(
    async () => {
      const ids = (await heldOps()).map((op) => op.id);
      return ids.includes(fromDeskId) && ids.includes(fromSystemId);
    },
    'both writes to be held',
    { timeoutMs: 20_000 },
  );

  const resolved = await pair.desk.desk('POST', '/outbox/resolve-all', { by: 'Rita' });
  assert.equal(resolved.status, 200, resolved.text);
  const stillHeld = (await heldOps()).map((op) => op.id);
  assert.ok(stillHeld.includes(fromDeskId), "the paired desk's edit waits for a person");
  assert.ok(!stillHeld.includes(fromSystemId), "the booking system's write was settled: it sends its records again");
  // Its decision settles once the grace to undo it has passed.
  await waitFor(
    async () => (await pair.desk.desk('GET', `/outbox/${fromSystemId}`)).body.outcome === 'kept_theirs',
    "the booking system's write to be settled as the remote's",
    { timeoutMs: 10_000 },
  );
  assert.equal((await remoteBooking('HQ-1152')).name, 'Cleo Remote');
});
