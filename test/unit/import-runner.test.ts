import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ImportProgress } from '../../shared/schemas/imports/progress';
import { prepareStore } from '../../electron/bootstrap';
import type { BatchSender, SendItem } from '../../electron/imports/import-job';
import { ImportRunner } from '../../electron/imports/import-runner';
import { sendBatchLocally } from '../../electron/imports/local-batches';
import { shownState } from '../../electron/store/repos/imports';
import type { DropzoneRecord } from '../../electron/store/records';
import { Store } from '../../electron/store/store';
import { BASE_SEED, TEST_NOW } from '../support/seed';

/**
 * The import runner on a real store (a temp SQLite file, seeded), sending batches of two by the
 * Sync API's rules. `beforeBatch` runs before each batch call (numbered from 1): it may wait (a
 * slow remote), throw (no answer) or act (Cancel pressed while the batch is on its way).
 */
function deskWithRunner() {
  const dir = mkdtempSync(join(tmpdir(), 'desk-runner-'));
  const seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(BASE_SEED));
  const store = Store.open(join(dir, 'desk.sqlite3'));
  const now = () => new Date(TEST_NOW);
  const dropzone = prepareStore(store, { seedFile, now: now() });
  let beforeBatch: (call: number) => Promise<void> | void = () => undefined;
  let calls = 0;
  const sendBatch: BatchSender = async (job, batch) => {
    await beforeBatch(++calls);
    return sendBatchLocally(store, now, job, batch);
  };
  const runner = new ImportRunner({ store, now, sendBatch, batchSize: 2, retryBackoff: { firstMs: 1, maxMs: 1 } });
  const events: ImportProgress[] = [];
  runner.subscribe((_dz, progress) => events.push(progress));

  /** An import handed over as the route does: its rows recorded pending, in one transaction. */
  const handOver = (kind: 'bookings' | 'filmers', records: Record<string, unknown>[]) => {
    const send = records.map((record, i) => ({
      row_number: i + 1,
      cells: Object.values(record).map(String),
      key: null,
      record,
    }));
    const at = now().toISOString();
    const importId = store.transaction(() => {
      const id = store.imports.create(
        dropzone.id,
        { kind, file_name: 't.csv', headers: ['a'], mapping: { a: null }, total_rows: send.length },
        at,
      );
      store.imports.handOver(id, send, [], at);
      return id;
    });
    const items: SendItem[] = send.map(({ row_number, record }) => ({ row_number, record }));
    return { importId, items, facts: { importId, dropzone: dropzone as DropzoneRecord, kind } };
  };
  const statuses = (importId: number) => store.imports.outcomes(importId).map((o) => o.status);
  const bookingExists = (externalId: string) => store.bookings.byExternalId(dropzone.id, externalId) !== undefined;
  return {
    store,
    runner,
    events,
    handOver,
    statuses,
    bookingExists,
    setBeforeBatch: (fn: typeof beforeBatch) => {
      calls = 0;
      beforeBatch = fn;
      events.length = 0;
    },
    batchCalls: () => calls,
    dispose: () => {
      runner.stop();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('the import runner, on a real store', () => {
  let desk: ReturnType<typeof deskWithRunner>;
  before(() => (desk = deskWithRunner()));
  after(() => desk.dispose());

  test('bookings: batch by batch, each outcome recorded with its booking; progress at every batch, then finished', async () => {
    desk.setBeforeBatch(() => undefined);
    const { importId, items, facts } = desk.handOver('bookings', [
      { external_id: 'RUN-1', name: 'New' },
      { external_id: 'NO-PRODUCT', name: 'Nina Noproduct' },
      { external_id: 'HAS-PRODUCT', camera_package: 'Video' },
      { external_id: 'DELIVERED-OLD', name: 'Dora' },
      { name: 'No id' },
    ]);
    assert.deepEqual(desk.statuses(importId), ['pending', 'pending', 'pending', 'pending', 'pending']);
    await desk.runner.start(facts, items);
    assert.deepEqual(desk.statuses(importId), ['created', 'ok', 'partial_update', 'conflict', 'unprocessable_content']);
    assert.deepEqual(
      desk.events.map((e) => [e.state, e.sent, e.to_send]),
      [
        ['running', 0, 5],
        ['running', 2, 5],
        ['running', 4, 5],
        ['running', 5, 5],
        ['finished', 5, 5],
      ],
    );
    assert.deepEqual(desk.events.at(-1)?.counts, {
      created: 1,
      ok: 1,
      partial_update: 1,
      conflict: 1,
      unprocessable_content: 1,
    });
    const record = desk.store.imports.byId(facts.dropzone.id, importId)!;
    assert.equal(record.state, 'finished');
    assert.equal(shownState(record, desk.runner.isRunning(importId)), 'finished');
    assert.equal(
      desk.store.imports.outcomes(importId)[0]?.record_id,
      desk.store.bookings.byExternalId(facts.dropzone.id, 'RUN-1')?.id,
    );
  });

  test('Cancel while a batch is on its way: that batch is stored and recorded, the rest is not sent', async () => {
    const { importId, items, facts } = desk.handOver(
      'bookings',
      [1, 2, 3, 4, 5].map((n) => ({ external_id: `CAN-${n}` })),
    );
    desk.setBeforeBatch((call) => {
      if (call === 2) assert.equal(desk.runner.cancel(importId), true);
    });
    await desk.runner.start(facts, items);
    assert.deepEqual(desk.statuses(importId), ['created', 'created', 'created', 'created', 'not_sent']);
    assert.equal(desk.batchCalls(), 2, 'no batch goes after Cancel');
    assert.ok(desk.bookingExists('CAN-4'));
    assert.ok(!desk.bookingExists('CAN-5'));
    assert.equal(desk.store.imports.outcomes(importId)[4]?.message, 'not sent: the import was cancelled');
    assert.equal(desk.store.imports.byId(facts.dropzone.id, importId)?.state, 'cancelled');
    assert.ok(
      desk.events.some((e) => e.state === 'running' && e.cancelling),
      'watchers hear that it is stopping',
    );
    assert.deepEqual(desk.events.at(-1), {
      id: importId,
      kind: 'bookings',
      state: 'cancelled',
      to_send: 5,
      sent: 5,
      cancelling: true,
      counts: { created: 4, not_sent: 1 },
      stop_reason: null,
    });
    assert.equal(desk.runner.cancel(importId), false, 'nothing left to cancel');
  });

  test('a batch with no answer is tried once more; twice, and the import stops there with the cause', async () => {
    const once = desk.handOver('bookings', [{ external_id: 'NET-1' }]);
    desk.setBeforeBatch((call) => {
      if (call === 1) throw new Error('remote unreachable: connection refused');
    });
    await desk.runner.start(once.facts, once.items);
    assert.deepEqual(desk.statuses(once.importId), ['created']);
    assert.equal(desk.batchCalls(), 2);

    const twice = desk.handOver(
      'bookings',
      [1, 2, 3, 4, 5].map((n) => ({ external_id: `NET-2-${n}` })),
    );
    desk.setBeforeBatch((call) => {
      if (call >= 2) throw new Error('remote unreachable: connection refused');
    });
    await desk.runner.start(twice.facts, twice.items);
    assert.equal(desk.batchCalls(), 3, 'the first batch, then the second twice; no further batch');
    assert.deepEqual(desk.statuses(twice.importId), ['created', 'created', 'not_sent', 'not_sent', 'not_sent']);
    assert.match(
      desk.store.imports.outcomes(twice.importId)[2]?.message ?? '',
      /^not sent: the batch got no answer \(remote unreachable: connection refused\); the import stopped here/,
    );
    const record = desk.store.imports.byId(twice.facts.dropzone.id, twice.importId)!;
    assert.equal(record.state, 'finished');
    assert.equal(record.stop_reason, 'remote unreachable: connection refused');
    assert.equal(desk.events.at(-1)?.stop_reason, 'remote unreachable: connection refused');
  });

  test('Cancel while a batch waits to be tried again: it is not tried again', async () => {
    const { importId, items, facts } = desk.handOver('bookings', [
      { external_id: 'WAIT-1' },
      { external_id: 'WAIT-2' },
    ]);
    desk.setBeforeBatch(() => {
      // No answer; Cancel comes before the retry.
      desk.runner.cancel(importId);
      throw new Error('remote timeout');
    });
    await desk.runner.start(facts, items);
    assert.equal(desk.batchCalls(), 1);
    assert.deepEqual(desk.statuses(importId), ['not_sent', 'not_sent']);
    assert.equal(desk.store.imports.byId(facts.dropzone.id, importId)?.state, 'cancelled');
  });

  test("filmers: matched inside the batch's transaction; a later row with the e-mail of a filmer an earlier row made updates it", async () => {
    desk.setBeforeBatch(() => undefined);
    const before = desk.store.filmers.list(1, true).length;
    const { importId, items, facts } = desk.handOver('filmers', [
      { name: 'Nia New', email: 'nia@example.com' },
      { name: 'Nia Newer', email: 'NIA@example.com' },
      { name: 'Fay F. Filmer', email: 'FAY@example.com' },
      { name: 'Fay Other', email: 'fay@example.com', external_id: 'STAFF-99' },
    ]);
    await desk.runner.start(facts, items);
    assert.deepEqual(desk.statuses(importId), ['created', 'ok', 'ok', 'conflict']);
    assert.match(
      desk.store.imports.outcomes(importId)[3]?.message ?? '',
      /^e-mail fay@example\.com belongs to filmer Fay Filmer \(external id F-1\), not STAFF-99/,
    );
    const after = desk.store.filmers.list(1, true);
    assert.equal(after.length, before + 1);
    assert.equal(after.find((f) => f.email.toLowerCase() === 'nia@example.com')?.name, 'Nia Newer');
  });

  test('the desk stopping mid-send: no further batch, the rest stays pending, the reason is noted, and it reads as interrupted', async () => {
    const { importId, items, facts } = desk.handOver(
      'bookings',
      [1, 2, 3, 4, 5].map((n) => ({ external_id: `STOP-${n}` })),
    );
    desk.setBeforeBatch((call) => {
      if (call === 2) desk.runner.stop();
    });
    await desk.runner.start(facts, items);
    assert.equal(desk.batchCalls(), 2);
    assert.deepEqual(
      desk.statuses(importId),
      ['created', 'created', 'created', 'created', 'pending'],
      'the batch on its way is written with its outcomes',
    );
    const record = desk.store.imports.byId(facts.dropzone.id, importId)!;
    assert.equal(record.state, 'running');
    assert.match(record.stop_reason ?? '', /^the desk stopped while this import was being sent/);
    assert.equal(shownState(record, desk.runner.isRunning(importId)), 'interrupted');
  });
});

describe('history and store never disagree (local mode)', () => {
  test('an outcome that cannot be recorded undoes its booking: the batch rolls back whole and is no answer', () => {
    const desk = deskWithRunner();
    try {
      const { importId, facts } = desk.handOver('bookings', [{ external_id: 'PAIR-1' }]);
      // Row 7 was never handed over: its outcome has nowhere to go.
      const answer = sendBatchLocally(desk.store, () => new Date(TEST_NOW), facts, [
        { row_number: 1, record: { external_id: 'PAIR-1' } },
        { row_number: 7, record: { external_id: 'PAIR-7' } },
      ]);
      assert.equal(answer.ok, false);
      assert.match(!answer.ok ? answer.error : '', /row 7 of import \d+ was never handed over/);
      assert.ok(!desk.bookingExists('PAIR-7'), 'no booking without its outcome');
      assert.ok(!desk.bookingExists('PAIR-1'), 'the batch is one transaction');
      assert.deepEqual(desk.statuses(importId), ['pending']);
    } finally {
      desk.dispose();
    }
  });
});
