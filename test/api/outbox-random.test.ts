import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { addDays } from '../../shared/dates';
import { mulberry32 } from '../../scripts/seeded-random';
import { bookingLane, filmerLane } from '../../shared/schemas/outbox';
import type { FaultMode } from '../support/fault-proxy';
import { direct } from '../support/remote';
import { waitFor } from '../support/wait-for';
import {
  asReception,
  outboxSummary,
  remoteBookings,
  startOutboxPair,
  TODAY,
  type OutboxPair,
} from '../support/outbox-pair';

// A randomised model test of proxy mode's outbox. Booking-system writes and reception's edits go
// through the desk while the line to the remote changes at random (refused, reset, 503 with
// Retry-After, hanging, slow, answers lost after the remote applied the write); meanwhile the remote
// is written to directly (other fields, the same fields, deletions). A model predicts where every
// record ends: the desk's acknowledged writes land once, the remote's own changes to other fields
// stay, conflicts end as decided (keep mine), a deletion at the remote is never undone (keep
// theirs). While writes are held, every field of their record that no open write touches has
// landed: a conflict holds only the fields both sides changed. Replay a failure with OUTBOX_SEED=<the printed seed>.

const SEED = Number(process.env.OUTBOX_SEED ?? Date.now() % 1_000_000);
const STEPS = Number(process.env.OUTBOX_STEPS ?? 500);
const RECORDS = 40;
const TOMORROW = addDays(TODAY, 1);
const FIELDS = ['name', 'email', 'mobile', 'reference'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string | null>;

/** A write the desk queued: an upsert of some fields (`createsInCopy`: the copy had no such record), or a delete. */
type PendingOp = { kind: 'upsert'; fields: Partial<Values>; createsInCopy: boolean } | { kind: 'delete' };

interface ModelRecord {
  externalId: string;
  jumpOn: string;
  /** The remote's record as the model knows it: every write known to have reached it, in order. */
  remote: Values | null;
  /** Writes the desk acknowledged as queued, not yet known to have landed. */
  pending: PendingOp[];
  /** Whether the desk's copy holds the record (a queued upsert is a create for the copy when not). */
  inCopy: boolean;
  /** Deleted at the remote: the model leaves it alone from then on. */
  retired: boolean;
}

const BLOCKED = new Set<FaultMode['kind']>(['refuse', 'reset', 'status', 'hang']);
const MODES: FaultMode[] = [
  { kind: 'pass' },
  { kind: 'pass' },
  { kind: 'refuse' },
  { kind: 'refuse' },
  { kind: 'reset' },
  { kind: 'status', status: 503, retryAfterSeconds: 1 },
  { kind: 'hang' },
  { kind: 'slow', delayMs: 150 },
  // Slower than the desk waits for an answer (1 s): the write reaches the remote, the desk queues it.
  { kind: 'slow', delayMs: 1_300 },
  { kind: 'reset-after' },
];

let pair: OutboxPair;
const records = new Map<string, ModelRecord>();
const random = mulberry32(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
let counter = 0;
let queuedWrites = 0;
const fresh = (what: string) => `${what}-${SEED}-${++counter}`;

before(async () => {
  console.log(`outbox-random: seed ${SEED} (OUTBOX_SEED=${SEED} replays it), ${STEPS} steps`);
  pair = await startOutboxPair({
    seedRemote: async (remote) => {
      const bookings = Array.from({ length: RECORDS }, (_, i) => ({
        external_id: `RND-${i}`,
        name: `Guest ${i}`,
        email: `guest${i}@example.com`,
        mobile: null,
        reference: `REF-${i}`,
        jump_on: i % 2 === 0 ? TODAY : TOMORROW,
      }));
      const res = await direct(remote, 'POST', '/bookings/batch', { bookings });
      assert.equal(res.status, 200, res.text);
      for (const booking of bookings)
        records.set(booking.external_id, {
          externalId: booking.external_id,
          jumpOn: booking.jump_on,
          remote: { name: booking.name, email: booking.email, mobile: null, reference: booking.reference },
          pending: [],
          inCopy: true,
          retired: false,
        });
    },
  });
  for (const id of [1, 2, 3]) {
    const res = await direct(pair.remote, 'GET', `/filmers/${id}`);
    assert.equal(res.status, 200, res.text);
    filmers.set(id, { id, remote: { name: res.body.name, email: res.body.email }, pending: [] });
  }
  const copy = pair.desk.offline.copy()!;
  await waitFor(
    () =>
      [...records.keys()].every((id) => copy.store.bookings.byExternalId(copy.dropzone.id, id)) &&
      [...filmers.keys()].every((id) => copy.store.filmers.byId(copy.dropzone.id, id)),
    'every record in the copy',
  );
});

after(async () => {
  await pair?.dispose();
});

/** The desk's acknowledged upsert on the model's remote record: the desk's values win field by field. */
function applyUpsert(state: Values | null, op: PendingOp & { kind: 'upsert' }, queued: boolean): Values | null {
  if (state) return { ...state, ...op.fields };
  // Not on the remote: a queued write the copy made a record for creates it; one on a record the
  // remote deleted meanwhile is held as "deleted" and kept theirs (never re-created unasked).
  if (queued && !op.createsInCopy) return null;
  return { name: null, email: null, mobile: null, reference: null, ...op.fields };
}

function settle(record: ModelRecord): Values | null {
  let state = record.remote;
  for (const op of record.pending) state = op.kind === 'delete' ? null : applyUpsert(state, op, true);
  return state;
}

/** The record's writes are known to have landed (its lane is empty): fold them into the remote's record. */
function landed(record: ModelRecord): void {
  record.remote = settle(record);
  record.pending = [];
}

function laneOpen(externalId: string): boolean {
  return pair.desk.offline.outbox()!.holds(bookingLane(externalId));
}

/** Applies what the desk answered for one record's write. */
function acknowledged(record: ModelRecord, op: PendingOp, queued: boolean): void {
  if (queued) {
    record.pending.push(op);
    queuedWrites += 1;
  } else {
    // Forwarded and answered: the record had no writes waiting (else it would have queued behind them).
    landed(record);
    record.remote = op.kind === 'delete' ? null : applyUpsert(record.remote, op, false);
  }
  record.inCopy = op.kind === 'upsert';
}

const live = () => [...records.values()].filter((r) => !r.retired);

/**
 * The seed's filmers (ids 1–3), updated through the desk (their names) and at the remote (names
 * too: conflicts; e-mails: the remote's own field). The same model, with no creates or deletes.
 */
type FilmerValues = { name: string | null; email: string | null };
interface ModelFilmer {
  id: number;
  remote: FilmerValues;
  pending: Partial<FilmerValues>[];
}
const filmers = new Map<number, ModelFilmer>();

function settleFilmer(filmer: ModelFilmer): FilmerValues {
  return filmer.pending.reduce<FilmerValues>((state, fields) => ({ ...state, ...fields }), filmer.remote);
}

async function filmerWrite(): Promise<void> {
  const filmer = pick([...filmers.values()]);
  const body = { id: filmer.id, name: fresh('Filmer') };
  const res = await pair.desk.sync('POST', '/filmers', body);
  assert.equal(res.status, 200, `filmer ${filmer.id}: ${res.text}`);
  if (queuedHeader(res)) filmer.pending.push({ name: body.name });
  else {
    filmer.remote = { ...settleFilmer(filmer), name: body.name };
    filmer.pending = [];
  }
}

async function filmerAtTheRemote(): Promise<void> {
  const filmer = pick([...filmers.values()]);
  if (!pair.desk.offline.outbox()!.holds(filmerLane(filmer.id))) {
    filmer.remote = settleFilmer(filmer);
    filmer.pending = [];
  }
  const there = await direct(pair.remote, 'GET', `/filmers/${filmer.id}`);
  assert.equal(there.status, 200, there.text);
  filmer.remote = { name: there.body.name, email: there.body.email };
  filmer.pending = stillOpen(filmerLane(filmer.id), filmer.pending);
  const field = random() < 0.5 ? 'name' : 'email';
  const value = field === 'name' ? fresh('Remote filmer') : `${fresh('remote')}@example.com`;
  const res = await direct(pair.remote, 'POST', '/filmers', { id: filmer.id, [field]: value });
  assert.equal(res.status, 200, res.text);
  filmer.remote[field] = value;
}

function newRecord(): ModelRecord {
  const record: ModelRecord = {
    externalId: fresh('NEW'),
    jumpOn: random() < 0.5 ? TODAY : TOMORROW,
    remote: null,
    pending: [],
    inCopy: false,
    retired: false,
  };
  records.set(record.externalId, record);
  return record;
}

function bookingSystemWrite(record: ModelRecord): Record<string, unknown> {
  return { external_id: record.externalId, name: fresh('Name'), reference: fresh('Ref'), jump_on: record.jumpOn };
}

function upsertOp(record: ModelRecord, body: Record<string, unknown>): PendingOp {
  const fields: Partial<Values> = {};
  for (const field of FIELDS) if (typeof body[field] === 'string') fields[field] = body[field] as string;
  return { kind: 'upsert', fields, createsInCopy: !record.inCopy };
}

const queuedHeader = (res: { headers: Headers }) => res.headers.get('x-desk-queued') !== null;

async function bookingSystemSingle(): Promise<void> {
  const record = random() < 0.1 ? newRecord() : pick(live());
  const body = bookingSystemWrite(record);
  const res = await pair.desk.sync('POST', '/bookings', body);
  assert.ok(res.status === 200 || res.status === 201, `${record.externalId}: ${res.status} ${res.text}`);
  acknowledged(record, upsertOp(record, body), queuedHeader(res));
}

async function bookingSystemBatch(): Promise<void> {
  const chosen = new Set<ModelRecord>();
  const size = 2 + Math.floor(random() * 7);
  while (chosen.size < size) chosen.add(random() < 0.1 ? newRecord() : pick(live()));
  const bodies = [...chosen].map((record) => ({ record, body: bookingSystemWrite(record) }));
  const res = await pair.desk.sync('POST', '/bookings/batch', { bookings: bodies.map((b) => b.body) });
  assert.equal(res.status, 200, res.text);
  const queued = queuedHeader(res);
  bodies.forEach(({ record, body }, i) => {
    assert.match(res.body.results[i].status, /^(created|ok)$/, JSON.stringify(res.body.results[i]));
    acknowledged(record, upsertOp(record, body), queued);
  });
}

async function bookingSystemDelete(): Promise<void> {
  const candidates = live().filter((r) => r.inCopy);
  if (candidates.length === 0) return;
  const record = pick(candidates);
  const res = await pair.desk.sync('DELETE', `/bookings/${record.externalId}`);
  assert.equal(res.status, 204, `${record.externalId}: ${res.text}`);
  acknowledged(record, { kind: 'delete' }, queuedHeader(res));
}

async function receptionEdit(): Promise<void> {
  const candidates = live().filter((r) => r.inCopy);
  if (candidates.length === 0) return;
  const record = pick(candidates);
  const body = { external_id: record.externalId, email: `${fresh('desk')}@example.com` };
  const res = await asReception(pair.desk, 'POST', '/bookings', body);
  assert.equal(res.status, 200, `${record.externalId}: ${res.text}`);
  acknowledged(record, upsertOp(record, body), queuedHeader(res));
}

/**
 * Writes at the remote itself, only while the line is cut and nothing the desk sent is still on
 * its way: then the model knows whether the desk's writes of the record landed before this one.
 */
async function atTheRemote(): Promise<void> {
  if (!BLOCKED.has(pair.proxy.mode().kind)) return;
  await waitFor(() => pair.proxy.forwarding() === 0, 'nothing on its way to the remote');
  if (random() < 0.15) return filmerAtTheRemote();
  // A record with a delete waiting is left alone: whether that delete (and a create after it)
  // reached the remote before its answer was lost is more than the model can know.
  const candidates = live().filter((r) => r.pending.every((op) => op.kind === 'upsert'));
  if (candidates.length === 0) return;
  const record = pick(candidates);
  if (!laneOpen(record.externalId)) {
    landed(record);
    await assertRemoteIsModel(record, 'before a change at the remote');
  }
  const there = await direct(pair.remote, 'GET', `/bookings/${record.externalId}`);
  if (there.status === 404) {
    assert.equal(record.remote, null, `${record.externalId} is on the remote (seed ${SEED})`);
    return;
  }
  // Some of its waiting writes may be there already: landed by the replay (no longer waiting), or
  // sent with the answer lost (still waiting). The remote's record is what the change is made to;
  // the writes still waiting win over it as decided (keep mine).
  record.remote = valuesOf(there.body);
  record.pending = stillOpen(bookingLane(record.externalId), record.pending);
  const roll = random();
  if (roll < 0.12) {
    assert.equal((await direct(pair.remote, 'DELETE', `/bookings/${record.externalId}`)).status, 204);
    record.remote = null;
    record.retired = true;
    return;
  }
  const field: Field = roll < 0.55 ? 'mobile' : 'name';
  const value = field === 'mobile' ? `+3161${String(++counter).padStart(7, '0')}` : fresh('Remote');
  const res = await direct(pair.remote, 'POST', '/bookings', { external_id: record.externalId, [field]: value });
  assert.equal(res.status, 200, res.text);
  record.remote[field] = value;
}

/** The outbox's rows in the desk's copy store: what the model reads to know which writes landed. */
const copyOutbox = () => pair.desk.offline.copy()!.store.outbox;

/**
 * The model's waiting writes of a record that the desk's outbox has not landed yet. A lane stays
 * open while any write of it waits, so writes the replay landed before the line was cut again
 * (their record's later writes queued behind the cut) are in the remote's record as read: they
 * count as landed, and a change made at the remote after them stands. Each write the desk queued
 * is one row of its lane, in order: the model's waiting writes are the lane's last rows. Called
 * while the line is cut and nothing is on its way, when the outbox cannot move.
 */
function stillOpen<T>(lane: string, pending: readonly T[]): T[] {
  const rows = copyOutbox().listLane(lane, pending.length, 0).rows.reverse();
  assert.equal(rows.length, pending.length, `${lane}: one outbox row per queued write (seed ${SEED})`);
  return pending.filter((_, i) => rows[i]!.state !== 'settled');
}

async function changeLine(): Promise<void> {
  await pair.proxy.set(pick(MODES));
}

const norm = (value: unknown) => (value === undefined || value === null || value === '' ? null : value);

function valuesOf(body: Record<string, unknown>): Values {
  return Object.fromEntries(FIELDS.map((f) => [f, norm(body[f])])) as Values;
}

async function assertRemoteIsModel(record: ModelRecord, when: string): Promise<void> {
  const res = await direct(pair.remote, 'GET', `/bookings/${record.externalId}`);
  const actual = res.status === 200 ? valuesOf(res.body) : null;
  assert.deepEqual(actual, record.remote, `${record.externalId} at the remote ${when} (seed ${SEED})`);
}

/**
 * A person deciding a held write while the line still comes and goes, by the same rule as at the
 * end, and sometimes taking the decision back at once: either way the rule decides in the end.
 */
async function decideOne(): Promise<void> {
  const held = await pair.desk.desk('GET', '/outbox?state=attention&per_page=50');
  assert.equal(held.status, 200, held.text);
  if (held.body.ops.length === 0) return;
  const op = pick(held.body.ops as { id: number; attention: string }[]);
  assert.notEqual(op.attention, 'refused', `nothing here is refused by the remote: ${JSON.stringify(op)}`);
  const action = op.attention === 'conflict' ? 'keep_mine' : 'keep_theirs';
  const res = await pair.desk.desk('PUT', `/outbox/${op.id}/decision`, { action, by: 'a person' });
  assert.equal(res.status, 200, res.text);
  if (random() < 0.5) {
    const undo = await pair.desk.desk('POST', `/outbox/${op.id}/decision/undo`, { by: 'a person' });
    // Undone, or already acted on (sent or settled): both are answers a person can get.
    assert.ok(undo.status === 200 || undo.status === 409, undo.text);
  }
}

interface OpView {
  id: number;
  action: string;
  attention: string | null;
  record: { kind: string; key: string };
  fields: { name: string }[];
}

/**
 * While writes are held for a person, what does not conflict has landed: every field of a record
 * that no open write of it touches is at the remote as the model says (a write acknowledged before
 * a conflict arose is not held by it). A record held whole (deleted at the remote) is left aside.
 */
async function assertLandedBesideHeld(open: OpView[]): Promise<number> {
  const touched = new Map<string, Set<string>>();
  const whole = new Set<string>();
  for (const op of open) {
    if (op.record.kind !== 'booking') continue;
    if (op.action === 'delete' || op.attention === 'deleted' || op.attention === 'refused') whole.add(op.record.key);
    const names = touched.get(op.record.key) ?? new Set<string>();
    for (const field of op.fields) names.add(field.name);
    touched.set(op.record.key, names);
  }
  let checked = 0;
  for (const [key, names] of touched) {
    const record = records.get(key);
    if (!record || whole.has(key) || record.pending.some((op) => op.kind === 'delete')) continue;
    const expected = settle(record);
    if (!expected) continue;
    const res = await direct(pair.remote, 'GET', `/bookings/${key}`);
    assert.equal(res.status, 200, `${key} at the remote while a write of it is held (seed ${SEED})`);
    const there = valuesOf(res.body);
    for (const field of FIELDS)
      if (!names.has(field)) {
        assert.equal(there[field], expected[field], `${key}.${field} landed beside its held fields (seed ${SEED})`);
        checked += 1;
      }
  }
  return checked;
}

/** What the model and the desk's outbox say of one record: a failure's message carries it, to be read without a rerun. */
function laneStory(externalId: string): string {
  const record = records.get(externalId);
  const outbox = copyOutbox();
  const ops = outbox.listLane(bookingLane(externalId), 100, 0).rows.map((row) => ({
    id: row.id,
    state: row.state,
    outcome: row.outcome,
    before: row.before,
    after: row.after,
    history: outbox.history(row.id).map((h) => `${h.who}: ${h.what}`),
  }));
  return JSON.stringify({ model: record, ops }, null, 1);
}

/** Every held write decided by the model's rule: a conflict keeps the desk's values, a deletion at the remote stands. */
async function decideEverything(): Promise<{ keptMine: number; keptTheirs: number; landedBeside: number }> {
  const decided = { keptMine: 0, keptTheirs: 0, landedBeside: 0 };
  for (;;) {
    await pair.desk.desk('POST', '/outbox/retry');
    // Until every waiting write is behind one held for a person (its record's later writes wait for it).
    let last = '';
    const held = await waitFor(
      async () => {
        // Waiting first: a write the replay holds between the two reads is then seen held, never missed.
        const waiting = await pair.desk.desk('GET', '/outbox?state=waiting&per_page=500');
        const attention = await pair.desk.desk('GET', '/outbox?state=attention&per_page=500');
        const heldKeys = new Set(attention.body.ops.map((op: { record: { key: string } }) => op.record.key));
        last = JSON.stringify({ attention: attention.body.total, waiting: waiting.body.total });
        const stuck = waiting.body.ops.every((op: { record: { key: string } }) => heldKeys.has(op.record.key));
        return (
          stuck &&
          attention.body.total === attention.body.ops.length &&
          waiting.body.total === waiting.body.ops.length && { ...attention.body, waiting: waiting.body.ops }
        );
      },
      () => `the replay to settle every write it can; last ${last}`,
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    if (held.total === 0) return decided;
    decided.landedBeside += await assertLandedBesideHeld([...held.ops, ...held.waiting]);
    for (const op of held.ops) {
      assert.notEqual(op.attention, 'refused', `nothing here is refused by the remote: ${JSON.stringify(op)}`);
      const action = op.attention === 'conflict' ? 'keep_mine' : 'keep_theirs';
      if (action === 'keep_mine') decided.keptMine += 1;
      else decided.keptTheirs += 1;
      const res = await pair.desk.desk('PUT', `/outbox/${op.id}/decision`, { action, by: 'the model' });
      assert.equal(res.status, 200, res.text);
    }
  }
}

test('random writes, faults and remote changes end with remote = copy = model', { timeout: 240_000 }, async () => {
  const started = Date.now();
  for (let step = 0; step < STEPS; step++) {
    const roll = random();
    if (roll < 0.28) await bookingSystemSingle();
    else if (roll < 0.38) await bookingSystemBatch();
    else if (roll < 0.43) await bookingSystemDelete();
    else if (roll < 0.55) await receptionEdit();
    else if (roll < 0.58) await filmerWrite();
    else if (roll < 0.76) await atTheRemote();
    else if (roll < 0.8) await decideOne();
    else await changeLine();
  }
  await pair.proxy.set({ kind: 'pass' });
  const decided = await decideEverything();
  const summary = await outboxSummary(pair.desk);
  assert.equal(summary.waiting, 0);
  assert.equal(summary.attention, 0);
  assert.equal(summary.paused, null);

  // The remote: every record where the model says, once, with the model's values.
  const { byExternalId, duplicates } = await remoteBookings(pair.remote, TODAY, TOMORROW);
  assert.deepEqual(duplicates, [], 'no booking twice at the remote');
  const expected = new Map([...records.values()].map((r) => [r.externalId, settle(r)]));
  const actual = new Map(
    [...byExternalId].filter(([id]) => records.has(id)).map(([id, body]) => [id, valuesOf(body)] as const),
  );
  for (const [id, values] of expected)
    assert.deepEqual(actual.get(id) ?? null, values, `${id} at the remote (seed ${SEED})\n${laneStory(id)}`);
  const extra = [...byExternalId.keys()].filter((id) => /^(RND|NEW)-/.test(id) && !records.has(id));
  assert.deepEqual(extra, [], 'nothing at the remote the model does not know');
  const counts = pair.remote.queryStore<{ external_id: string; n: number }>(
    'SELECT external_id, count(*) AS n FROM bookings GROUP BY external_id HAVING n > 1',
  );
  assert.deepEqual(counts, []);

  // The desk's copy says the same as the remote (its refresh of today and tomorrow runs every 300 ms).
  const copy = pair.desk.offline.copy()!;
  let disagreement = '';
  await waitFor(
    () => {
      for (const [id, values] of expected) {
        const row = copy.store.bookings.byExternalId(copy.dropzone.id, id);
        const held = row ? valuesOf(row as unknown as Record<string, unknown>) : null;
        if (JSON.stringify(held) !== JSON.stringify(values)) {
          disagreement = `${id}: copy ${JSON.stringify(held)}, remote ${JSON.stringify(values)}`;
          return false;
        }
      }
      return true;
    },
    () => `the copy to agree with the remote (seed ${SEED}): ${disagreement}`,
  );
  for (const filmer of filmers.values()) {
    const expectedFilmer = settleFilmer(filmer);
    const there = await direct(pair.remote, 'GET', `/filmers/${filmer.id}`);
    assert.deepEqual(
      { name: there.body.name, email: there.body.email },
      expectedFilmer,
      `filmer ${filmer.id} at the remote (seed ${SEED})`,
    );
    await waitFor(
      () => {
        const row = copy.store.filmers.byId(copy.dropzone.id, filmer.id);
        return row?.name === expectedFilmer.name && row?.email === expectedFilmer.email;
      },
      () =>
        `filmer ${filmer.id} in the copy as at the remote (seed ${SEED}): ` +
        JSON.stringify(copy.store.filmers.byId(copy.dropzone.id, filmer.id)),
    );
  }
  const landedCount = [...expected.values()].filter(Boolean).length;
  console.log(
    `outbox-random: seed ${SEED}: ${STEPS} steps, ${records.size} records (${landedCount} on the remote), ` +
      `${queuedWrites} writes queued, ${decided.keptMine} conflicts kept mine, ${decided.keptTheirs} deletions kept theirs, ` +
      `${decided.landedBeside} fields seen landed beside held ones, ` +
      `${Date.now() - started} ms`,
  );
});
