import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PENDING_MESSAGE, sendImport, type SendItem } from '../../renderer/src/features/import/send-import';
import { startTestDesk, type TestDesk } from '../support/desk';
import { deskImportTransport } from '../support/import-transport';

const transportFor = deskImportTransport;

const bookings = (n: number, prefix: string): SendItem[] =>
  Array.from({ length: n }, (_, index) => {
    const record = { external_id: `${prefix}-${index + 1}`, name: `Person ${index + 1}` };
    return { index, number: index + 1, cells: [record.external_id, record.name], key: record.external_id, record };
  });

describe('the history of a send, on a real desk', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  const newImport = async (total: number) => {
    const r = await desk.desk('POST', '/imports', { kind: 'bookings', file_name: 'p.csv', headers: ['id', 'name'], mapping: { id: 'external_id', name: 'name' }, total_rows: total });
    return r.body.id as number;
  };
  const statuses = async (id: number) =>
    ((await desk.desk('GET', `/imports/${id}/rows?per_page=10000`)).body.rows as { row_number: number; status: string; message: string }[]).map((r) => r.status);

  test('every row is recorded as pending (left-out ones with their reason) before the first batch goes', async () => {
    const id = await newImport(6);
    const items = bookings(5, 'PEND');
    const seenAtFirstBatch: string[][] = [];
    const transport = transportFor(desk, async (call) => {
      if (call === 1) seenAtFirstBatch.push(await statuses(id));
    });
    const keptBack = [{ index: 5, number: 6, cells: ['', 'No id'], key: null, outcome: { status: 'left_out' as const, message: 'left out: requires external id', recordId: null } }];
    await sendImport({ kind: 'bookings', importId: id, items, keptBack, chunkSize: 2, transport, isCancelled: () => false, onOutcomes: () => undefined, onHistoryError: (e) => assert.fail(String(e)) });
    assert.deepEqual(seenAtFirstBatch, [['pending', 'pending', 'pending', 'pending', 'pending', 'left_out']]);
    const first = (await desk.desk('GET', `/imports/${id}/rows?status=created&per_page=1`)).body.rows[0];
    assert.equal(first.status, 'created', 'outcomes replace the pending rows');
    assert.deepEqual(await statuses(id), ['created', 'created', 'created', 'created', 'created', 'left_out']);
  });

  test('a send that never finishes (the window went away) leaves its unsent rows pending, listed as failed', async () => {
    const id = await newImport(5);
    let release: () => void = () => undefined;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const transport = transportFor(desk, async (call) => {
      if (call === 2) await stuck;
    });
    const sending = sendImport({ kind: 'bookings', importId: id, items: bookings(5, 'GONE'), keptBack: [], chunkSize: 2, transport, isCancelled: () => false, onOutcomes: () => undefined, onHistoryError: () => undefined });
    // While batch 2 hangs, the history is what a closed window would leave behind.
    for (let i = 0; i < 50 && (await statuses(id))[0] !== 'created'; i++) await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(await statuses(id), ['created', 'created', 'pending', 'pending', 'pending']);
    const failed = await desk.desk('GET', `/imports/${id}/rows?failed=true`);
    assert.deepEqual(failed.body.rows.map((r: { row_number: number }) => r.row_number), [3, 4, 5]);
    assert.equal(failed.body.rows[0].message, PENDING_MESSAGE);
    release();
    await sending;
    assert.equal((await desk.desk('GET', `/imports/${id}`)).body.state, 'finished');
  });

  // Without a heartbeat the batches would wait for ever: the timeout is what fails then.
  test('the lease is renewed while batches are on their way, and no more once the send is over', { timeout: 10_000 }, async () => {
    const id = await newImport(4);
    // A barrier, not a delay: batch n goes only once the lease has been renewed n times, so the
    // heartbeat must be running while batches are under way however slow the machine is.
    const renewedAtLeast = async (n: number) => {
      while (transport.renewals < n) await new Promise((r) => setTimeout(r, 5));
    };
    const transport = transportFor(desk, (call) => renewedAtLeast(call));
    await sendImport({ kind: 'bookings', importId: id, items: bookings(4, 'BEAT'), keptBack: [], chunkSize: 2, transport, isCancelled: () => false, onOutcomes: () => undefined, onHistoryError: () => undefined, leaseRenewMs: 20 });
    const renewals = transport.renewals;
    assert.equal(transport.batchCalls, 2, 'both batches went, each after a renewal');
    await new Promise((r) => setTimeout(r, 80));
    assert.equal(transport.renewals, renewals, 'the heartbeat stopped with the send');
  });
});
