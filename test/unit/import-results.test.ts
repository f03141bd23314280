import assert from 'node:assert/strict';
import Papa from 'papaparse';
import { after, before, describe, test } from 'node:test';
import { outcomeOfResult } from '../../renderer/src/features/import/outcomes';
import { resultsCsv, resultsFileName } from '../../renderer/src/features/import/results-csv';
import { sendImport, type SendItem } from '../../renderer/src/features/import/send-import';
import type { RowOutcome } from '../../renderer/src/features/import/outcomes';
import { startTestDesk, type TestDesk } from '../support/desk';
import { deskImportTransport } from '../support/import-transport';

describe('results CSV', () => {
  const headers = ['Booking ID', 'Name', 'Notes'];
  const lines = [
    { cells: ['BK-1', 'Ann', 'likes; semicolons'], status: 'created' as const, message: null },
    { cells: ['BK-2', 'Ben "Big"', 'two\nlines'], status: 'partial_update' as const, message: 'product locked, some changes ignored (kept: camera_package)' },
    { cells: ['', 'Nadia', ''], status: 'left_out' as const, message: 'left out: requires external id' },
  ];

  test('the original columns, then status and message; read back cell for cell', () => {
    const csv = resultsCsv(headers, lines, ';');
    assert.ok(csv.startsWith('\uFEFF'), 'a BOM so spreadsheets read UTF-8');
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', skipEmptyLines: true });
    assert.deepEqual(parsed.data[0], ['Booking ID', 'Name', 'Notes', 'Import status', 'Import message']);
    assert.deepEqual(parsed.data[1], ['BK-1', 'Ann', 'likes; semicolons', 'created', '']);
    assert.deepEqual(parsed.data[2], ['BK-2', 'Ben "Big"', 'two\nlines', 'partial_update', 'product locked, some changes ignored (kept: camera_package)']);
    assert.deepEqual(parsed.data[3], ['', 'Nadia', '', 'left_out', 'left out: requires external id']);
  });
  test('file names', () => {
    assert.equal(resultsFileName('bookings june.csv'), 'bookings-june-results.csv');
    assert.equal(resultsFileName('Pasted cells', 'failed-rows'), 'Pasted-cells-failed-rows.csv');
  });
});

describe('batch results → row outcomes', () => {
  test('each Sync API status, with its words', () => {
    assert.deepEqual(outcomeOfResult({ id: 5, external_id: 'A', status: 'created' }), { status: 'created', message: null, recordId: 5 });
    assert.deepEqual(outcomeOfResult({ id: 5, status: 'partial_update', warning: 'product locked, some changes ignored', ignored_attributes: ['camera_package'] }), {
      status: 'partial_update',
      message: 'product locked, some changes ignored (kept: camera_package)',
      recordId: 5,
    });
    assert.deepEqual(outcomeOfResult({ external_id: 'A', error: 'booking is too old', status: 'not_acceptable' }), { status: 'not_acceptable', message: 'booking is too old', recordId: null });
    assert.deepEqual(outcomeOfResult({ errors: ["Email can't be blank", 'Email is invalid'], status: 'unprocessable_content' }).message, "Email can't be blank; Email is invalid");
  });
  test('an element the server could not store is not sent (a retry may send it)', () => {
    assert.equal(outcomeOfResult({ error: 'element could not be stored: disk full', status: 'internal_error' }).status, 'not_sent');
    assert.equal(outcomeOfResult(null).status, 'not_sent');
  });
});

/** The sender's transport on a real desk; the first `failures.batches` batch calls fail as a dead remote would. */
function transportFor(desk: TestDesk, failures: { batches: number } = { batches: 0 }) {
  return deskImportTransport(desk, () => {
    if (failures.batches > 0) {
      failures.batches--;
      throw new Error('remote unreachable: connection refused');
    }
  });
}

function items(records: Record<string, unknown>[]): SendItem[] {
  return records.map((record, index) => ({ index, number: index + 1, cells: Object.values(record).map(String), key: String(record.external_id ?? record.email ?? ''), record }));
}

async function newImport(desk: TestDesk, kind: string, total: number): Promise<number> {
  const r = await desk.desk('POST', '/imports', { kind, file_name: 't.csv', headers: ['a'], mapping: { a: null }, total_rows: total });
  assert.equal(r.status, 201, r.text);
  return r.body.id;
}

describe('sending an import, on a real desk', () => {
  let desk: TestDesk;
  before(async () => {
    desk = await startTestDesk();
  });
  after(() => desk.dispose());

  const run = async (kind: 'bookings' | 'filmers', list: SendItem[], options: { importId: number | null; chunkSize?: number; failures?: number; cancelAfter?: number }) => {
    const outcomes = new Map<number, RowOutcome>();
    const transport = transportFor(desk, { batches: options.failures ?? 0 });
    let chunks = 0;
    const summary = await sendImport({
      kind,
      importId: options.importId,
      items: list,
      keptBack: [],
      chunkSize: options.chunkSize ?? 500,
      transport,
      isCancelled: () => options.cancelAfter !== undefined && chunks >= options.cancelAfter,
      onOutcomes: (o) => {
        chunks++;
        for (const { index, outcome } of o) outcomes.set(index, outcome);
      },
      onHistoryError: (e) => assert.fail(String(e)),
      retryDelayMs: 1,
    });
    return { summary, outcomes, transport };
  };

  test('bookings: every outcome mapped to its row, and recorded in the history', async () => {
    const id = await newImport(desk, 'bookings', 4);
    const list = items([
      { external_id: 'IMP-1', name: 'New' },
      { external_id: 'NO-PRODUCT', name: 'Nina Noproduct' },
      { external_id: 'HAS-PRODUCT', camera_package: 'Video' },
      { external_id: 'DELIVERED-OLD', name: 'Dora' },
    ]);
    const { summary, outcomes } = await run('bookings', list, { importId: id, chunkSize: 3 });
    assert.deepEqual(summary, { cancelled: false, stoppedBy: null });
    assert.deepEqual([0, 1, 2, 3].map((i) => outcomes.get(i)?.status), ['created', 'ok', 'partial_update', 'conflict']);
    const stored = await desk.desk('GET', `/imports/${id}`);
    assert.equal(stored.body.state, 'finished');
    assert.deepEqual(stored.body.counts, { created: 1, ok: 1, partial_update: 1, conflict: 1 });
  });

  test('cancel: the chunk on its way stays sent, the rest is not_sent', async () => {
    const id = await newImport(desk, 'bookings', 5);
    const list = items([1, 2, 3, 4, 5].map((n) => ({ external_id: `CAN-${n}` })));
    const { summary, outcomes } = await run('bookings', list, { importId: id, chunkSize: 2, cancelAfter: 1 });
    assert.equal(summary.cancelled, true);
    assert.deepEqual([0, 1, 2, 3, 4].map((i) => outcomes.get(i)?.status), ['created', 'created', 'not_sent', 'not_sent', 'not_sent']);
    assert.equal((await desk.sync('GET', '/bookings/CAN-3')).status, 404);
    const stored = await desk.desk('GET', `/imports/${id}`);
    assert.equal(stored.body.state, 'cancelled');
    assert.deepEqual(stored.body.counts, { created: 2, not_sent: 3 });
  });

  test('a chunk with no answer is tried once more; twice, and the import stops there', async () => {
    const once = await run('bookings', items([{ external_id: 'NET-1' }]), { importId: null, failures: 1 });
    assert.equal(once.outcomes.get(0)?.status, 'created');
    assert.equal(once.transport.batchCalls, 2);

    const twice = await run('bookings', items([{ external_id: 'NET-2' }, { external_id: 'NET-3' }]), { importId: null, failures: 2, chunkSize: 1 });
    assert.match(twice.summary.stoppedBy ?? '', /remote unreachable/);
    assert.equal(twice.outcomes.get(0)?.status, 'not_sent');
    assert.match(twice.outcomes.get(1)?.message ?? '', /no answer from the server/);
    assert.equal(twice.transport.batchCalls, 2, 'no further chunk is tried once the import stopped');
  });

  test('filmers: a resend updates what the first send created, never a second filmer', async () => {
    const list = items([
      { name: 'Nia New', email: 'nia@example.com' },
      { name: 'Ola Other', email: 'ola@example.com', external_id: 'F-50' },
      { name: 'Fay Filmer', email: 'fay@example.com', external_id: 'F-1', videographer: false },
    ]);
    const first = await run('filmers', list, { importId: null });
    assert.deepEqual([0, 1, 2].map((i) => first.outcomes.get(i)?.status), ['created', 'created', 'ok']);
    const again = await run('filmers', list, { importId: null });
    assert.deepEqual([0, 1, 2].map((i) => again.outcomes.get(i)?.status), ['ok', 'ok', 'ok']);
    const all = (await desk.sync('GET', '/filmers?include_all=true')).body as { email: string }[];
    assert.equal(all.filter((f) => f.email === 'nia@example.com').length, 1);
    assert.equal(all.filter((f) => f.email === 'ola@example.com').length, 1);
  });

  test('filmers: a chunk that got no answer may have been stored: the retry looks again first', async () => {
    let stored = false;
    const transport = transportFor(desk);
    const realSend = transport.sendBatch;
    // The first try is stored but its answer is lost, as when a connection drops mid-response.
    transport.sendBatch = async (kind, records) => {
      const results = await realSend(kind, records);
      if (!stored) {
        stored = true;
        throw new Error('socket hang up');
      }
      return results;
    };
    const outcomes = new Map<number, RowOutcome>();
    await sendImport({
      kind: 'filmers',
      importId: null,
      items: items([{ name: 'Lost Answer', email: 'lost@example.com' }]),
      keptBack: [],
      chunkSize: 10,
      transport,
      isCancelled: () => false,
      onOutcomes: (o) => o.forEach(({ index, outcome }) => outcomes.set(index, outcome)),
      onHistoryError: () => undefined,
      retryDelayMs: 1,
    });
    assert.equal(outcomes.get(0)?.status, 'ok');
    const all = (await desk.sync('GET', '/filmers?include_all=true')).body as { email: string }[];
    assert.equal(all.filter((f) => f.email === 'lost@example.com').length, 1);
  });

  type StoredFilmer = { id: number; name: string; email: string; external_id: string | null };
  const filmers = async () => (await desk.sync('GET', '/filmers?include_all=true')).body as StoredFilmer[];

  test('filmers: a Name/E-mail sheet of the roster updates the filmers it names, whatever their external ids (e-mail case ignored)', async () => {
    const before = await filmers();
    const list = items([
      { name: 'Fay F. Filmer', email: 'FAY@example.com' },
      { name: 'Jo Jumper', email: 'jo@example.com' },
      { name: 'Ivo Internal', email: 'ivo@example.com' },
    ]);
    const { outcomes } = await run('filmers', list, { importId: null });
    assert.deepEqual([0, 1, 2].map((i) => outcomes.get(i)?.status), ['ok', 'ok', 'ok']);
    const after = await filmers();
    assert.equal(after.length, before.length, 'no filmer created');
    const fay = after.filter((f) => f.email.toLowerCase().includes('fay@example.com'));
    assert.equal(fay.length, 1);
    assert.equal(fay[0]?.name, 'Fay F. Filmer');
    assert.equal(fay[0]?.external_id, 'F-1', 'the external id is kept');
  });

  test('filmers: an unknown external id with the e-mail of a filmer that has another one is refused unsent; without one, the filmer gets it', async () => {
    const before = await filmers();
    const list = items([
      { name: 'Fay Other', email: 'fay@example.com', external_id: 'STAFF-99' },
      { name: 'Ivo Internal', email: 'Ivo@Example.com', external_id: 'STAFF-2' },
    ]);
    const { outcomes } = await run('filmers', list, { importId: null });
    assert.equal(outcomes.get(0)?.status, 'conflict');
    assert.match(outcomes.get(0)?.message ?? '', /^e-mail fay@example\.com belongs to filmer .+ \(external id F-1\), not STAFF-99: correct the external id/);
    assert.equal(outcomes.get(1)?.status, 'ok');
    const after = await filmers();
    assert.equal(after.length, before.length);
    assert.ok(!after.some((f) => f.external_id === 'STAFF-99'));
    assert.equal(after.find((f) => f.email.toLowerCase() === 'ivo@example.com')?.external_id, 'STAFF-2');
    assert.notEqual(after.find((f) => f.external_id === 'F-1')?.name, 'Fay Other');
  });

  test('filmers: an e-mail two filmers share (made before matching by e-mail) is refused, naming both', async () => {
    const twins = await desk.sync('POST', '/filmers/batch', { filmers: [{ name: 'Tim Twin', email: 'twin@example.com' }, { name: 'Tom Twin', email: 'twin@example.com', external_id: 'T-2' }] });
    assert.deepEqual((twins.body.results as { status: string }[]).map((r) => r.status), ['created', 'created']);
    const { outcomes } = await run('filmers', items([{ name: 'Twin', email: 'TWIN@example.com' }]), { importId: null });
    assert.equal(outcomes.get(0)?.status, 'conflict');
    assert.match(outcomes.get(0)?.message ?? '', /belongs to 2 filmers: Tim Twin \(no external id\), Tom Twin \(external id T-2\); add an external id column/);
    assert.equal((await filmers()).filter((f) => f.email === 'twin@example.com').length, 2);
  });
});
