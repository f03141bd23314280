import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { importSummary } from '../../shared/schemas/imports/history';
import { storedJumpDates } from '../../shared/schemas/imports/stored-jump-dates';
import { startTestDesk, type TestDesk } from '../support/desk';
import { door, startGate, type Gate, type GatedRequest } from '../support/gate-proxy';
import { endOf, importAndWait, watchImports } from '../support/import-events';
import { direct, FAST_HEALTH, startRemoteDesk, useProxy } from '../support/remote';
import { OTHER_DZ_TOKEN, TEST_TOKEN } from '../support/seed';

/** Three batches' worth (the desk sends 500 rows per batch). */
const ROWS = 1_200;
const FAST_RETRY = { importRetryBackoff: { firstMs: 1, maxMs: 1 } };

function bookingsImport(prefix: string, rows = ROWS) {
  const send = Array.from({ length: rows }, (_, i) => {
    const record = { external_id: `${prefix}-${i + 1}`, name: `Person ${i + 1}` };
    return { row_number: i + 1, cells: [record.external_id, record.name], key: record.external_id, record };
  });
  return {
    kind: 'bookings',
    file_name: `${prefix.toLowerCase()}.csv`,
    headers: ['External ID', 'Name'],
    mapping: { 'External ID': 'external_id', Name: 'name' },
    total_rows: rows,
    send,
  };
}

/**
 * A desk in proxy mode whose remote (a second real desk) sits behind a gate: the test holds the
 * n-th bookings batch there, so it can act while an import is surely mid-send.
 */
async function proxiedThroughGate(options: { dataDir?: string } = {}) {
  const remote = await startRemoteDesk();
  let hold: (request: GatedRequest) => Promise<void> | void = () => undefined;
  const gate: Gate = await startGate(remote.url, (request) => hold(request));
  const desk = await startTestDesk({
    dataDir: options.dataDir,
    deskOptions: { healthTiming: FAST_HEALTH, ...FAST_RETRY },
  });
  await useProxy(desk, gate.url);
  return {
    remote,
    gate,
    desk,
    /** Holds the n-th POST …/bookings/batch from now until the door opens. */
    holdBatch(n: number) {
      const d = door();
      let batches = 0;
      hold = async ({ method, url }) => {
        if (method === 'POST' && url.endsWith('/bookings/batch') && ++batches === n) await d.hold();
      };
      return d;
    },
    act(fn: typeof hold) {
      hold = fn;
    },
    dispose: async () => {
      await desk.dispose();
      await gate.close();
      await remote.dispose();
    },
  };
}

describe('the progress stream (GET /api/desk/imports/events)', () => {
  let pair: Awaited<ReturnType<typeof proxiedThroughGate>>;
  before(async () => (pair = await proxiedThroughGate()));
  after(() => pair.dispose());

  test("only for the desk's own session: no token 401, a booking system's token 403", async () => {
    assert.equal((await pair.desk.request('/api/desk/imports/events')).status, 401);
    const asBookingSystem = await watchImports(pair.desk, TEST_TOKEN);
    assert.equal(asBookingSystem.status, 403);
  });

  test('every window of the dropzone hears each batch and the end; the window that handed the import over may go; another dropzone hears nothing', async () => {
    const held = pair.holdBatch(2);
    const handingOver = await watchImports(pair.desk);
    assert.equal(handingOver.status, 200);
    assert.match(handingOver.contentType ?? '', /^text\/event-stream/);
    await handingOver.next((e) => e.event === 'snapshot');
    const other = await watchImports(pair.desk, pair.desk.addSession('other'));

    const res = await pair.desk.desk('POST', '/imports', bookingsImport('WATCH'));
    assert.equal(res.status, 201, res.text);
    const id = res.body.id as number;
    await held.reached;
    await handingOver.next((e) => e.event === 'progress' && e.data.id === id && e.data.sent === 500);
    // The window that pressed Send goes away mid-send: nothing stops.
    handingOver.close();

    // A second window, opened now, is told where the import stands, then follows it.
    const second = await watchImports(pair.desk);
    const snapshot = await second.next((e) => e.event === 'snapshot');
    assert.deepEqual(snapshot.data, {
      imports: [
        {
          id,
          kind: 'bookings',
          state: 'running',
          to_send: ROWS,
          sent: 500,
          cancelling: false,
          counts: { created: 500 },
          stop_reason: null,
        },
      ],
    });
    const shown = importSummary.parse((await pair.desk.desk('GET', `/imports/${id}`)).body);
    assert.equal(shown.state, 'running');
    assert.deepEqual(shown.progress, snapshot.data.imports[0]);
    assert.deepEqual(shown.counts, { created: 500, pending: 700 });

    held.open();
    const end = await second.next(endOf(id));
    assert.deepEqual(end.data, {
      id,
      kind: 'bookings',
      state: 'finished',
      to_send: ROWS,
      sent: ROWS,
      cancelling: false,
      counts: { created: ROWS },
      stop_reason: null,
    });
    assert.deepEqual(
      second.events.filter((e) => e.event === 'progress').map((e) => e.data.sent),
      [1_000, ROWS, ROWS],
    );
    second.close();

    const seenByOther = other.events;
    other.close();
    assert.deepEqual(
      seenByOther,
      [{ event: 'snapshot', data: { imports: [] } }],
      "another dropzone's desk is told nothing of it",
    );
    assert.equal((await direct(pair.remote, 'GET', `/bookings/WATCH-${ROWS}`)).status, 200);
  });

  test('a desk that stops ends its streams (they do not hold up its close)', async () => {
    const desk = await startTestDesk();
    const watch = await watchImports(desk);
    await watch.next((e) => e.event === 'snapshot');
    const closing = desk.dispose();
    await assert.rejects(
      watch.next(() => false, 5_000),
      /the stream ended/,
    );
    await closing;
  });
});

describe('Cancel and the remote (proxy mode)', () => {
  let pair: Awaited<ReturnType<typeof proxiedThroughGate>>;
  before(async () => (pair = await proxiedThroughGate()));
  after(() => pair.dispose());

  test("the batches go to the remote; the history is the desk's own", async () => {
    const { end, summary } = await importAndWait(pair.desk, bookingsImport('UP', 3));
    assert.deepEqual(end.counts, { created: 3 });
    assert.equal((await direct(pair.remote, 'GET', '/bookings/UP-3')).status, 200);
    assert.equal(
      pair.desk.queryStore("SELECT count(*) AS n FROM bookings WHERE external_id LIKE 'UP-%'")[0].n,
      0,
      'nothing in the local store',
    );
    assert.deepEqual((await pair.desk.desk('GET', `/imports/${summary.id}`)).body.counts, { created: 3 });
    assert.ok(pair.gate.passed.includes('POST /api/f1/sync/bookings/batch'));
  });

  test('POST …/cancel mid-send: 202; the batch on its way finishes, the rest is recorded not sent, state cancelled', async () => {
    const held = pair.holdBatch(2);
    const watch = await watchImports(pair.desk);
    const res = await pair.desk.desk('POST', '/imports', bookingsImport('CANCEL'));
    const id = res.body.id as number;
    await held.reached;
    const cancel = await pair.desk.desk('POST', `/imports/${id}/cancel`);
    assert.equal(cancel.status, 202);
    assert.equal(cancel.body.progress.cancelling, true);
    await watch.next((e) => e.event === 'progress' && e.data.id === id && e.data.cancelling);
    held.open();
    const end = (await watch.next(endOf(id))).data;
    watch.close();
    assert.deepEqual(end, {
      id,
      kind: 'bookings',
      state: 'cancelled',
      to_send: ROWS,
      sent: ROWS,
      cancelling: true,
      counts: { created: 1_000, not_sent: 200 },
      stop_reason: null,
    });
    assert.equal((await direct(pair.remote, 'GET', '/bookings/CANCEL-1000')).status, 200);
    assert.equal((await direct(pair.remote, 'GET', '/bookings/CANCEL-1001')).status, 404);
    const failed = await pair.desk.desk('GET', `/imports/${id}/rows?failed=true&per_page=1`);
    assert.deepEqual(
      [failed.body.rows[0].row_number, failed.body.rows[0].message, failed.body.pagination.total],
      [1001, 'not sent: the import was cancelled', 200],
    );
    assert.equal((await pair.desk.desk('GET', `/imports/${id}`)).body.state, 'cancelled');
    assert.equal((await pair.desk.desk('POST', `/imports/${id}/cancel`)).status, 409, 'nothing left to cancel');
  });

  test('an import being sent cannot be sent again or deleted meanwhile: 409', async () => {
    const held = pair.holdBatch(1);
    const res = await pair.desk.desk('POST', '/imports', bookingsImport('BUSY', 2));
    const id = res.body.id as number;
    await held.reached;
    const again = await pair.desk.desk('POST', `/imports/${id}/send`, { send: bookingsImport('BUSY', 2).send });
    assert.equal(again.status, 409);
    assert.match(again.body.error, /is being sent now/);
    assert.equal((await pair.desk.desk('DELETE', `/imports/${id}`)).status, 409);
    const watch = await watchImports(pair.desk);
    held.open();
    await watch.next(endOf(id));
    watch.close();
  });

  test("filmers are matched against the remote's filmers; one another desk deletes between the look-up and the batch comes back not_found", async () => {
    const jo = (await direct(pair.remote, 'GET', '/filmers?include_all=true')).body.find(
      (f: { external_id: string | null }) => f.external_id === 'F-3',
    );
    pair.act(async ({ method, url }) => {
      if (method === 'POST' && url.endsWith('/filmers/batch'))
        assert.equal((await direct(pair.remote, 'DELETE', `/filmers/${jo.id}`)).status, 204);
    });
    const send = [
      {
        row_number: 1,
        cells: ['Jo Jumper', 'jo@example.com', 'F-3'],
        key: 'F-3',
        record: { name: 'Jo Jumper', email: 'jo@example.com', external_id: 'F-3' },
      },
      {
        row_number: 2,
        cells: ['Nell New', 'nell@example.com', 'F-90'],
        key: 'F-90',
        record: { name: 'Nell New', email: 'nell@example.com', external_id: 'F-90' },
      },
    ];
    const { end, summary } = await importAndWait(pair.desk, {
      kind: 'filmers',
      file_name: 'gone.csv',
      headers: ['Name', 'Email', 'External ID'],
      mapping: { Name: 'name', Email: 'email', 'External ID': 'external_id' },
      total_rows: 2,
      send,
    });
    pair.act(() => undefined);
    assert.deepEqual(end.counts, { not_found: 1, created: 1 });
    const rows = (await pair.desk.desk('GET', `/imports/${summary.id}/rows`)).body.rows;
    assert.equal(rows[0].message, 'filmer not found');
  });

  test('the too-old look-up asks the remote, booking by booking, in one call from the page', async () => {
    const res = await pair.desk.desk('POST', '/imports/stored-jump-dates', {
      external_ids: ['REMOTE-ONLY', 'NO-PRODUCT', 'NOWHERE'],
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(storedJumpDates.parse(res.body), {
      jump_dates: { 'REMOTE-ONLY': '2026-06-22', 'NO-PRODUCT': '2026-06-20', NOWHERE: null },
      not_answered: [],
    });
    assert.ok(pair.gate.passed.includes('GET /api/f1/sync/bookings/REMOTE-ONLY'));
  });
});

describe('a remote that does not answer', () => {
  test('a batch is tried once more, then the import stops with the cause; the rest is not sent and can be retried', async () => {
    const desk = await startTestDesk({ deskOptions: { healthTiming: FAST_HEALTH, ...FAST_RETRY } });
    try {
      await useProxy(desk, 'http://127.0.0.1:9');
      const { end, summary } = await importAndWait(desk, bookingsImport('DEAD', 3));
      assert.equal(end.state, 'finished');
      assert.match(end.stop_reason ?? '', /remote unreachable/);
      assert.deepEqual(end.counts, { not_sent: 3 });
      const shown = (await desk.desk('GET', `/imports/${summary.id}`)).body;
      assert.equal(shown.stop_reason, end.stop_reason);
      const row = (await desk.desk('GET', `/imports/${summary.id}/rows?per_page=1`)).body.rows[0];
      assert.match(
        row.message,
        /^not sent: the batch got no answer \(remote unreachable.*\); the import stopped here\. Retry sends it$/,
      );
      const lookUp = await desk.desk('POST', '/imports/stored-jump-dates', { external_ids: ['DEAD-1'] });
      assert.deepEqual(lookUp.body, { jump_dates: {}, not_answered: ['DEAD-1'] });
    } finally {
      await desk.dispose();
    }
  });
});

describe('the desk stopping mid-send', () => {
  test('the import reads as interrupted after the restart, its unsent rows pending; "Retry failed rows" sends them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-imports-interrupted-'));
    const pair = await proxiedThroughGate({ dataDir });
    try {
      const held = pair.holdBatch(2);
      const res = await pair.desk.desk('POST', '/imports', bookingsImport('INT'));
      const id = res.body.id as number;
      await held.reached;
      await pair.desk.close();
      held.open();

      const again = await startTestDesk({ dataDir, seed: null, deskOptions: FAST_RETRY });
      try {
        const shown = importSummary.parse((await again.desk('GET', `/imports/${id}`)).body);
        assert.equal(shown.state, 'interrupted');
        assert.equal(shown.progress, null);
        assert.match(shown.stop_reason ?? '', /^the desk stopped while this import was being sent/);
        assert.equal(shown.counts.created, 500);
        assert.equal(
          shown.counts.pending,
          700,
          'the batch whose answer never came is pending too: sending it again is safe',
        );
        const failed = (await again.desk('GET', `/imports/${id}/rows?failed=true&per_page=10000`)).body.rows as {
          row_number: number;
        }[];
        assert.deepEqual([failed[0]?.row_number, failed.length], [501, 700]);

        const retry = bookingsImport('INT').send.filter((row) => failed.some((f) => f.row_number === row.row_number));
        const { status, end } = await importAndWait(again, { send: retry }, `/imports/${id}/send`);
        assert.equal(status, 202);
        assert.equal(end.state, 'finished');
        const done = (await again.desk('GET', `/imports/${id}`)).body;
        // The held batch reached the remote after all (its answer was lost with the desk): sent
        // again, its 500 bookings are updated, not doubled.
        assert.deepEqual([done.state, done.counts, done.stop_reason], ['finished', { created: 700, ok: 500 }, null]);
        assert.equal((await direct(pair.remote, 'GET', `/bookings/INT-${ROWS}`)).status, 200);
      } finally {
        await again.close();
      }
    } finally {
      await pair.gate.close();
      await pair.remote.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('stored jump dates (POST /api/desk/imports/stored-jump-dates), local store', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test("one call for a file's too-old rows: each id's stored jump_on, null for no booking", async () => {
    const res = await desk.desk('POST', '/imports/stored-jump-dates', {
      external_ids: ['DELIVERED-OLD', 'NO-PRODUCT', 'NOWHERE', 'DELIVERED-OLD'],
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {
      jump_dates: { 'DELIVERED-OLD': '2026-03-01', 'NO-PRODUCT': '2026-06-20', NOWHERE: null },
      not_answered: [],
    });
  });

  test("another dropzone's bookings are not looked at", async () => {
    const res = await desk.deskAs('other', 'POST', '/imports/stored-jump-dates', { external_ids: ['NO-PRODUCT'] });
    assert.deepEqual(res.body.jump_dates, { 'NO-PRODUCT': null });
  });

  test('bad input: 422 naming the field', async () => {
    const notStrings = await desk.desk('POST', '/imports/stored-jump-dates', { external_ids: [1] });
    assert.equal(notStrings.status, 422);
    assert.ok(notStrings.body.fields['external_ids.0'], notStrings.text);
    const extra = await desk.desk('POST', '/imports/stored-jump-dates', { external_ids: [], page: 1 });
    assert.equal(extra.status, 422);
    assert.equal(
      (
        await desk.sync(
          'POST',
          '/../../api/desk/imports/stored-jump-dates',
          { external_ids: [] },
          { authorization: `Bearer ${OTHER_DZ_TOKEN}` },
        )
      ).status === 200,
      false,
    );
  });
});
