import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { loadSeed } from '../../electron/seed/seed';
import { seedFile } from '../../electron/seed/seed-schema';
import { GroupCommit } from '../../electron/store/group-commit';
import { Store } from '../../electron/store/store';
import { upsertBooking } from '../../electron/sync/bookings';
import type { SyncContext } from '../../electron/sync/context';

/**
 * Group commit (electron/store/group-commit.ts) on a real store: writes of one turn share one
 * transaction, each fails alone, nobody is answered before the commit, and a failed commit fails
 * every write of its group and writes none of them.
 */

const dir = mkdtempSync(join(tmpdir(), 'desk-group-commit-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function openDesk(): { ctx: SyncContext; file: string } {
  const file = join(dir, `group-${Math.random().toString(36).slice(2)}.sqlite3`);
  const store = Store.open(file);
  loadSeed(store, seedFile.parse({ dropzones: [{ key: 'dz', name: 'DZ', timezone: 'UTC' }] }));
  return { ctx: { store, dropzone: store.dropzones.all()[0]!, now: () => new Date('2026-06-01T10:00:00Z') }, file };
}

const booking = (n: number) => ({ external_id: `G-${n}`, name: `Guest ${n}`, jump_on: '2026-06-10' });

/** The store's transaction, counting how many outermost transactions (commits) it began. */
function countingTransactions(store: Store) {
  let depth = 0;
  const counter = {
    commits: 0,
    transaction: <T>(work: () => T): T =>
      store.transaction(() => {
        if (depth++ === 0) counter.commits++;
        try {
          return work();
        } finally {
          depth--;
        }
      }),
  };
  return counter;
}

test('writes queued in one turn share one commit, and each gets its own answer', async () => {
  const { ctx } = openDesk();
  const counter = countingTransactions(ctx.store);
  const group = new GroupCommit(counter.transaction);
  const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => group.run(() => upsertBooking(ctx, booking(n)))));
  assert.deepEqual(
    answers.map((a) => a.status),
    ['created', 'created', 'created', 'created', 'created'],
  );
  assert.equal(counter.commits, 1, 'five writes, one transaction');
  assert.equal(ctx.store.bookings.count(ctx.dropzone.id), 5);

  await group.run(() => upsertBooking(ctx, booking(6)));
  assert.equal(counter.commits, 2, 'a write of a later turn commits in a group of its own');
});

test('a write that throws rolls back alone; the rest of its group commits', async () => {
  const { ctx } = openDesk();
  const group = new GroupCommit((work) => ctx.store.transaction(work));
  const results = await Promise.allSettled([
    group.run(() => upsertBooking(ctx, booking(1))),
    group.run(() => {
      upsertBooking(ctx, booking(2));
      throw new Error('failed after writing');
    }),
    group.run(() => upsertBooking(ctx, booking(3))),
  ]);
  assert.deepEqual(
    results.map((r) => r.status),
    ['fulfilled', 'rejected', 'fulfilled'],
  );
  assert.equal(ctx.store.bookings.byExternalId(ctx.dropzone.id, 'G-2'), undefined, 'its write was rolled back with it');
  assert.ok(ctx.store.bookings.byExternalId(ctx.dropzone.id, 'G-1'));
  assert.ok(ctx.store.bookings.byExternalId(ctx.dropzone.id, 'G-3'));
});

test('an answer comes only after the commit: another connection already sees the write', async () => {
  const { ctx, file } = openDesk();
  const reader = Store.openReader(file);
  try {
    const group = new GroupCommit((work) => ctx.store.transaction(work));
    const pending = group.run(() => upsertBooking(ctx, booking(1)));
    assert.equal(reader.bookings.byExternalId(ctx.dropzone.id, 'G-1'), undefined, 'queued, not yet written');
    await pending;
    assert.ok(reader.bookings.byExternalId(ctx.dropzone.id, 'G-1'), 'committed before the answer');
  } finally {
    reader.close();
  }
});

test('a commit that fails fails every write of its group and writes none of them', async () => {
  const { ctx } = openDesk();
  let failNextCommit = true;
  const group = new GroupCommit((work) =>
    ctx.store.transaction(() => {
      const result = work();
      if (failNextCommit) throw new Error('disk full');
      return result;
    }),
  );
  const results = await Promise.allSettled([1, 2].map((n) => group.run(() => upsertBooking(ctx, booking(n)))));
  assert.deepEqual(
    results.map((r) => r.status),
    ['rejected', 'rejected'],
  );
  assert.equal(ctx.store.bookings.count(ctx.dropzone.id), 0);
  failNextCommit = false;
  assert.equal((await group.run(() => upsertBooking(ctx, booking(3)))).status, 'created', 'the next group goes on');
});
