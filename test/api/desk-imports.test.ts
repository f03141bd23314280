import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { importList, importSummary } from '../../shared/schemas/imports/history';
import { IMPORT_LIMITS } from '../../shared/schemas/imports/limits';
import { rememberedMapping } from '../../shared/schemas/imports/mappings';
import { importOutcomes, importRowPage } from '../../shared/schemas/imports/row-outcomes';
import { startProxiedTestDesk, startTestDesk, type ApiResponse, type TestDesk } from '../support/desk';
import { importAndWait } from '../support/import-events';
import { TEST_NOW } from '../support/seed';

const FACTS = {
  kind: 'bookings',
  file_name: 'bookings-june.csv',
  headers: ['External ID', 'Name', 'Jump date'],
  mapping: { 'External ID': 'external_id', Name: 'name', 'Jump date': 'jump_on' },
  date_format: 'DD.MM.YYYY',
  operator: 'Rita at reception',
  total_rows: 30,
};

/** A row to send as the wizard hands it over: its number, its cells, its key and its record. */
function sendRow(
  row_number: number,
  record: Record<string, unknown> = { external_id: `BK-${row_number}`, name: `Person ${row_number}` },
) {
  return {
    row_number,
    cells: [String(record.external_id ?? ''), String(record.name ?? ''), '20.06.2026'],
    key: (record.external_id as string | undefined) ?? null,
    record,
  };
}

/** A row the wizard keeps back, with its reason. */
function keptRow(row_number: number, message = 'left out by the person importing') {
  return { row_number, cells: ['', `Person ${row_number}`, ''], key: null, message };
}

/** The import of `rows` (and `keptBack`), handed over and run to its end. */
async function importRows(
  desk: TestDesk,
  send: unknown[],
  keptBack: unknown[] = [],
  facts: Record<string, unknown> = {},
) {
  return importAndWait(desk, { ...FACTS, ...facts, send, kept_back: keptBack });
}

/** The desk API as the other dropzone's desk sees it (its own session, same store). */
function asOtherDropzone(desk: TestDesk, method: string, path: string, body?: unknown): Promise<ApiResponse> {
  return desk.deskAs('other', method, path, body);
}

const rowCount = (desk: TestDesk, id: number) =>
  desk.queryStore<{ n: number }>('SELECT count(*) AS n FROM import_rows WHERE import_id = ?', id)[0]!.n;
const rowsOf = async (desk: TestDesk, id: number) =>
  importRowPage.parse((await desk.desk('GET', `/imports/${id}/rows?per_page=10000`)).body).rows;

describe("desk API: an import handed over is the desk's to send", () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('POST /imports: 201 with the import; the desk sends the rows and records each outcome, the kept-back rows with their reason', async () => {
    const send = [
      sendRow(1),
      sendRow(2, { external_id: 'NO-PRODUCT', name: 'Nina Renamed' }),
      sendRow(3, { external_id: 'DELIVERED-OLD', name: 'Dora' }),
      sendRow(4, { name: 'No id' }),
    ];
    const { status, summary, end } = await importRows(desk, send, [keptRow(5, 'left out: requires external id')], {
      total_rows: 5,
    });
    assert.equal(status, 201);
    const parsed = importSummary.parse(summary);
    assert.deepEqual(
      { ...parsed, id: 0, state: 'x', progress: null, counts: {} },
      {
        ...FACTS,
        total_rows: 5,
        id: 0,
        state: 'x',
        dropzone: 'test',
        created_at: TEST_NOW,
        updated_at: TEST_NOW,
        delimiter: null,
        counts: {},
        stop_reason: null,
        progress: null,
      },
    );
    assert.deepEqual(end, {
      id: parsed.id,
      kind: 'bookings',
      state: 'finished',
      to_send: 4,
      sent: 4,
      cancelling: false,
      counts: { created: 1, ok: 1, conflict: 1, unprocessable_content: 1 },
      stop_reason: null,
    });

    const shown = importSummary.parse((await desk.desk('GET', `/imports/${parsed.id}`)).body);
    assert.equal(shown.state, 'finished');
    assert.equal(shown.progress, null);
    assert.deepEqual(shown.counts, { created: 1, ok: 1, conflict: 1, unprocessable_content: 1, left_out: 1 });
    const rows = await rowsOf(desk, parsed.id);
    assert.deepEqual(
      rows.map((r) => [r.row_number, r.status]),
      [
        [1, 'created'],
        [2, 'ok'],
        [3, 'conflict'],
        [4, 'unprocessable_content'],
        [5, 'left_out'],
      ],
    );
    assert.deepEqual(rows[0], {
      row_number: 1,
      cells: ['BK-1', 'Person 1', '20.06.2026'],
      key: 'BK-1',
      status: 'created',
      message: null,
      record_id: rows[0]!.record_id,
      updated_at: TEST_NOW,
    });
    assert.match(rows[2]!.message ?? '', /external_id cannot be reused/);
    assert.equal(rows[3]!.message, 'requires external id');
    assert.equal(rows[4]!.message, 'left out: requires external id');

    // In the store, past the desk API: what the history says happened did.
    const booking = await desk.sync('GET', '/bookings/BK-1');
    assert.equal(booking.body.id, rows[0]!.record_id);
    assert.equal((await desk.sync('GET', '/bookings/NO-PRODUCT')).body.name, 'Nina Renamed');
  });

  test("GET /imports/:id/outcomes: every row's outcome in row order, without cells", async () => {
    const { summary } = await importRows(
      desk,
      [sendRow(2, { external_id: 'OUT-2' }), sendRow(1, { external_id: 'OUT-1' })],
      [keptRow(3)],
      { total_rows: 3 },
    );
    const res = await desk.desk('GET', `/imports/${summary.id}/outcomes`);
    assert.equal(res.status, 200);
    const { outcomes } = importOutcomes.parse(res.body);
    assert.deepEqual(
      outcomes.map((o) => [o.row_number, o.status, o.message]),
      [
        [1, 'created', null],
        [2, 'created', null],
        [3, 'left_out', 'left out by the person importing'],
      ],
    );
    assert.equal(typeof outcomes[0]!.record_id, 'number');
  });

  test('nothing to send (every row kept back): finished at once', async () => {
    const { summary, end } = await importRows(desk, [], [keptRow(1), keptRow(2)], { total_rows: 2 });
    assert.equal(end.state, 'finished');
    assert.deepEqual((await desk.desk('GET', `/imports/${summary.id}`)).body.counts, { left_out: 2 });
  });

  test('filmers: matched to the filmers the desk has by external id or e-mail; re-sending never makes a second one', async () => {
    const filmers = [
      sendRow(1, { name: 'Nia New', email: 'nia@example.com' }),
      sendRow(2, { name: 'Fay F. Filmer', email: 'FAY@example.com' }),
      sendRow(3, { name: 'Ola Other', email: 'ola@example.com', external_id: 'F-50' }),
    ];
    const facts = {
      kind: 'filmers',
      headers: ['Name', 'E-mail'],
      mapping: { Name: 'name', 'E-mail': 'email' },
      date_format: null,
      total_rows: 3,
    };
    const first = await importRows(desk, filmers, [], facts);
    assert.deepEqual(first.end.counts, { created: 2, ok: 1 });
    const again = await importRows(desk, filmers, [], facts);
    assert.deepEqual(again.end.counts, { ok: 3 });
    const all = (await desk.sync('GET', '/filmers?include_all=true')).body as {
      email: string;
      name: string;
      external_id: string | null;
    }[];
    assert.equal(all.filter((f) => f.email === 'nia@example.com').length, 1);
    assert.equal(
      all.find((f) => f.external_id === 'F-1')?.name,
      'Fay F. Filmer',
      'a Name/E-mail row updates the filmer with that e-mail, its external id kept',
    );
  });

  test('POST /imports/:id/send ("Retry failed rows"): the rows given go again, the rest stays as recorded; 202', async () => {
    const { summary } = await importRows(
      desk,
      [sendRow(1, { external_id: 'RE-1' }), sendRow(2, { external_id: 'RE-2', show_publicly: 'maybe' })],
      [keptRow(3)],
      { total_rows: 3 },
    );
    assert.deepEqual((await desk.desk('GET', `/imports/${summary.id}`)).body.counts, {
      created: 1,
      unprocessable_content: 1,
      left_out: 1,
    });
    const retried = await importAndWait(
      desk,
      { send: [sendRow(2, { external_id: 'RE-2', show_publicly: true }), sendRow(3, { external_id: 'RE-3' })] },
      `/imports/${summary.id}/send`,
    );
    assert.equal(retried.status, 202);
    assert.equal(retried.summary.id, summary.id);
    assert.deepEqual(retried.end.counts, { created: 2 });
    const shown = (await desk.desk('GET', `/imports/${summary.id}`)).body;
    assert.equal(shown.state, 'finished');
    assert.deepEqual(shown.counts, { created: 3 });
    assert.equal(rowCount(desk, summary.id), 3, 'a row sent again replaces its outcome');
    assert.equal((await rowsOf(desk, summary.id))[1]!.cells[0], 'RE-2');
  });

  test("in proxy mode, another dropzone's desk cannot hand an import over (the remote credentials are not its)", async () => {
    const proxied = await startProxiedTestDesk();
    try {
      const res = await asOtherDropzone(proxied, 'POST', '/imports', { ...FACTS, send: [sendRow(1)] });
      assert.equal(res.status, 403);
      assert.match(res.body.error, /proxy mode sends imports for dropzone "test" only/);
      assert.equal(proxied.queryStore('SELECT count(*) AS n FROM imports')[0].n, 0);
    } finally {
      await proxied.dispose();
    }
  });
});

describe('desk API: import history, list and show', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('GET /imports lists newest first; ?kind= filters', async () => {
    const filmers = await importRows(desk, [], [], {
      kind: 'filmers',
      headers: [],
      mapping: {},
      date_format: null,
      total_rows: 0,
    });
    const newest = (await importRows(desk, [], [], { file_name: 'newest.csv', total_rows: 0 })).summary.id;
    const all = await desk.desk('GET', '/imports');
    assert.equal(all.status, 200);
    const list = importList.parse(all.body).imports;
    assert.equal(list[0]!.id, newest);
    assert.deepEqual(
      list.map((i) => i.id),
      [newest, filmers.summary.id],
    );
    const onlyFilmers = await desk.desk('GET', '/imports?kind=filmers');
    assert.deepEqual(
      onlyFilmers.body.imports.map((i: { id: number }) => i.id),
      [filmers.summary.id],
    );
  });

  test('GET /imports refuses an unknown kind or parameter with a 422 naming it', async () => {
    const badKind = await desk.desk('GET', '/imports?kind=jumps');
    assert.equal(badKind.status, 422);
    assert.match(badKind.body.fields.kind, /must be "bookings" or "filmers"/);
    const unknown = await desk.desk('GET', '/imports?knd=bookings');
    assert.equal(unknown.status, 422);
    assert.deepEqual(unknown.body.fields, { knd: 'is not a known parameter' });
  });

  test('the list holds at most 500 imports, the newest', async () => {
    const busy = await startTestDesk();
    try {
      let last = 0;
      for (let i = 0; i < 501; i += 1)
        last = (await busy.desk('POST', '/imports', { ...FACTS, total_rows: 0, send: [] })).body.id;
      const res = await busy.desk('GET', '/imports');
      assert.equal(res.body.imports.length, 500);
      assert.equal(res.body.imports[0].id, last);
      assert.equal(res.body.imports[499].id, last - 499);
    } finally {
      await busy.dispose();
    }
  });

  test('a semicolon (or tab) file keeps its delimiter for the downloads; none given reads as null (a comma); anything else is a 422', async () => {
    for (const delimiter of [';', '\t', '|', ',']) {
      const res = await desk.desk('POST', '/imports', { ...FACTS, total_rows: 0, send: [], delimiter });
      assert.equal(res.status, 201, res.text);
      assert.equal((await desk.desk('GET', `/imports/${res.body.id}`)).body.delimiter, delimiter);
    }
    const before = (await desk.desk('GET', '/imports')).body.imports.length;
    for (const delimiter of [':', ';;', 9]) {
      const res = await desk.desk('POST', '/imports', { ...FACTS, send: [], delimiter });
      assert.equal(res.status, 422, String(delimiter));
      assert.ok(res.body.fields.delimiter, res.text);
    }
    assert.equal((await desk.desk('GET', '/imports')).body.imports.length, before);
  });
});

describe('desk API: paging rows and the failed-rows filter', () => {
  let desk: TestDesk;
  let id: number;
  // 21 rows: a cycle through outcomes, done and not, as the store and the wizard make them.
  const RECORDS: Record<string, Record<string, unknown>> = {
    created: { name: 'New' },
    ok: { external_id: 'NO-PRODUCT' },
    partial_update: { external_id: 'HAS-PRODUCT', camera_package: 'Video' },
    unprocessable_content: { show_publicly: 'maybe' },
    not_acceptable: { jump_on: '2026-01-01' },
    conflict: { external_id: 'DELIVERED-OLD' },
  };
  const CYCLE = [
    'created',
    'ok',
    'partial_update',
    'unprocessable_content',
    'not_acceptable',
    'conflict',
    'left_out',
  ] as const;
  const NOT_DONE = ['unprocessable_content', 'not_acceptable', 'conflict', 'left_out'];
  const statusOf = (n: number) => CYCLE[(n - 1) % CYCLE.length]!;
  before(async () => {
    desk = await startTestDesk();
    const numbers = Array.from({ length: 21 }, (_, i) => 21 - i);
    // Handed over out of order, to show the pages come back in row order anyway.
    const send = numbers
      .filter((n) => statusOf(n) !== 'left_out')
      .map((n) => sendRow(n, { external_id: `PG-${n}`, ...RECORDS[statusOf(n)] }));
    const kept = numbers.filter((n) => statusOf(n) === 'left_out').map((n) => keptRow(n));
    id = (await importRows(desk, send, kept, { total_rows: 21 })).summary.id;
  });
  after(() => desk.dispose());

  test('the outcomes are the ones this test lays out', async () => {
    assert.deepEqual(
      (await rowsOf(desk, id)).map((r) => r.status),
      Array.from({ length: 21 }, (_, i) => statusOf(i + 1)),
    );
  });

  test('pages are in row order with page, per_page, total and pages', async () => {
    const res = await desk.desk('GET', `/imports/${id}/rows?page=2&per_page=10`);
    assert.equal(res.status, 200);
    const page = importRowPage.parse(res.body);
    assert.deepEqual(page.pagination, { page: 2, per_page: 10, total: 21, pages: 3 });
    assert.deepEqual(
      page.rows.map((r) => r.row_number),
      [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
    );
    const beyond = await desk.desk('GET', `/imports/${id}/rows?page=4&per_page=10`);
    assert.deepEqual(beyond.body, { rows: [], pagination: { page: 4, per_page: 10, total: 21, pages: 3 } });
  });

  test('without page parameters: page 1 of 1,000; per_page above the maximum is capped', async () => {
    const res = await desk.desk('GET', `/imports/${id}/rows`);
    assert.deepEqual(res.body.pagination, { page: 1, per_page: IMPORT_LIMITS.rowsPerPageDefault, total: 21, pages: 1 });
    const capped = await desk.desk('GET', `/imports/${id}/rows?per_page=999999`);
    assert.equal(capped.body.pagination.per_page, IMPORT_LIMITS.rowsPerPageMax);
  });

  test('failed=true: every row that is not created, ok or partial_update, in row order', async () => {
    const expected = Array.from({ length: 21 }, (_, i) => i + 1).filter((n) => NOT_DONE.includes(statusOf(n)));
    const res = await desk.desk('GET', `/imports/${id}/rows?failed=true&per_page=5`);
    assert.equal(res.body.pagination.total, expected.length);
    const all = [];
    for (let page = 1; page <= res.body.pagination.pages; page += 1) {
      all.push(...(await desk.desk('GET', `/imports/${id}/rows?failed=true&per_page=5&page=${page}`)).body.rows);
    }
    assert.deepEqual(
      all.map((r) => r.row_number),
      expected,
    );
    assert.equal(
      (await desk.desk('GET', `/imports/${id}/rows?failed=false`)).body.pagination.total,
      21,
      'failed=false is no filter',
    );
  });

  test('status= gives the rows of one outcome; with failed=true both must hold', async () => {
    const conflicts = await desk.desk('GET', `/imports/${id}/rows?status=conflict`);
    assert.deepEqual(
      conflicts.body.rows.map((r: { row_number: number }) => r.row_number),
      [6, 13, 20],
    );
    const doneAndFailed = await desk.desk('GET', `/imports/${id}/rows?status=created&failed=true`);
    assert.equal(doneAndFailed.body.pagination.total, 0);
    const bad = await desk.desk('GET', `/imports/${id}/rows?status=done&page=0`);
    assert.equal(bad.status, 422);
    assert.ok(bad.body.fields.status && bad.body.fields.page, bad.text);
  });
});

describe('desk API: bad hand-overs are refused and nothing is written', () => {
  let desk: TestDesk;
  let id: number;
  let before422: unknown;
  before(async () => {
    desk = await startTestDesk();
    id = (await importRows(desk, [sendRow(1)], [], { total_rows: 3 })).summary.id;
    before422 = desk.queryStore('SELECT * FROM import_rows ORDER BY import_id, row_number');
  });
  after(() => desk.dispose());

  const storeIntact = () => {
    assert.deepEqual(desk.queryStore('SELECT * FROM import_rows ORDER BY import_id, row_number'), before422);
    assert.equal(desk.queryStore('SELECT count(*) AS n FROM imports')[0].n, 1);
    assert.equal(desk.queryStore("SELECT count(*) AS n FROM bookings WHERE external_id LIKE 'BAD-%'")[0].n, 0);
  };

  test('a new import with wrong types or unknown keys: 422 naming each field', async () => {
    const NEW = { ...FACTS, send: [sendRow(1, { external_id: 'BAD-1' })] };
    const cases: [unknown, Record<string, RegExp>][] = [
      [{ ...NEW, total_rows: '30' }, { total_rows: /must be an integer/ }],
      [{ ...NEW, total_rows: IMPORT_LIMITS.maxRows + 1 }, { total_rows: /must be at most 200000/ }],
      [{ ...NEW, kind: 'jumps' }, { kind: /must be "bookings" or "filmers"/ }],
      [{ ...NEW, file_name: '' }, { file_name: /must not be empty/ }],
      [{ ...NEW, mapping: { Name: 7 } }, { 'mapping.Name': /must be a field name or null/ }],
      [{ ...NEW, state: 'finished' }, { state: /is not a writable import attribute/ }],
      [{ ...FACTS }, { send: /.+/ }],
      [{ ...NEW, send: [{ ...sendRow(2), record: ['BAD-2'] }] }, { 'send.0.record': /must be a JSON object/ }],
      [{ ...NEW, send: [{ ...sendRow(2), row_number: '2' }] }, { 'send.0.row_number': /must be an integer/ }],
      [{ ...NEW, send: [{ ...sendRow(2), status: 'ok' }] }, { 'send.0.status': /is not a writable import attribute/ }],
      [{ ...NEW, send: [sendRow(0)] }, { 'send.0.row_number': /must be 1 or more/ }],
      [{ ...NEW, kept_back: [{ ...keptRow(2), message: 5 }] }, { 'kept_back.0.message': /.+/ }],
      [
        { ...NEW, send: [sendRow(1), sendRow(2)], kept_back: [keptRow(2)] },
        { 'kept_back.0.row_number': /is 2, a row already handed over in this call/ },
      ],
      [{ ...NEW, send: [{ ...sendRow(2), cells: ['\ud800'] }] }, { 'send.0.cells.0': /unpaired UTF-16 surrogate/ }],
    ];
    for (const [body, fields] of cases) {
      const res = await desk.desk('POST', '/imports', body);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.equal(res.body.status, 'unprocessable_content');
      for (const [name, expected] of Object.entries(fields))
        assert.match(res.body.fields?.[name] ?? '', expected, `${name} in ${res.text}`);
    }
    storeIntact();
  });

  test('a row numbered beyond total_rows: 422 naming the row, and none of the call is recorded', async () => {
    const res = await desk.desk('POST', '/imports', {
      ...FACTS,
      total_rows: 3,
      send: [sendRow(2, { external_id: 'BAD-2' }), sendRow(4, { external_id: 'BAD-4' })],
    });
    assert.equal(res.status, 422);
    assert.deepEqual(res.body.fields, { 'send.1.row_number': "is 4, beyond the import's 3 rows" });
    assert.match(res.body.error, /send\.1\.row_number is 4, beyond the import's 3 rows; nothing was recorded/);
    const again = await desk.desk('POST', `/imports/${id}/send`, { send: [sendRow(9, { external_id: 'BAD-9' })] });
    assert.equal(again.status, 422);
    assert.deepEqual(again.body.fields, { 'send.0.row_number': "is 9, beyond the import's 3 rows" });
    storeIntact();
  });

  test('a body that is not an object, not JSON, or not JSON at all', async () => {
    const array = await desk.desk('POST', '/imports', [FACTS]);
    assert.equal(array.status, 422);
    assert.match(array.body.error, /body must be a JSON object/);
    const malformed = await desk.desk('POST', `/imports/${id}/send`, '{"send": [');
    assert.equal(malformed.status, 400);
    const text = await desk.request(`/api/desk/imports/${id}/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${desk.sessionToken}`, 'content-type': 'text/plain' },
      body: 'rows',
    });
    assert.equal(text.status, 415);
    storeIntact();
  });

  test('a hand-over may be larger than other calls (a 50,000-row file is ~20 MB), up to its own limit', async () => {
    // 34 MB of cells: beyond the server's usual 32 MiB, within the hand-over's.
    const wide = 'x'.repeat(10_000);
    const send = Array.from({ length: 17 }, (_, i) => ({
      ...sendRow(i + 1, { external_id: `BIG-${i + 1}` }),
      cells: Array(200).fill(wide),
    }));
    const big = {
      ...FACTS,
      total_rows: 17,
      headers: Array.from({ length: 200 }, (_, i) => `c${i}`),
      mapping: {},
      send,
    };
    assert.ok(JSON.stringify(big).length > 32 * 1024 * 1024, 'beyond the usual limit');
    const roomy = await startTestDesk();
    try {
      const res = await importAndWait(roomy, big);
      assert.equal(res.end.counts.created, 17);
      assert.equal((await roomy.sync('GET', '/bookings/BIG-17')).status, 200);
    } finally {
      await roomy.dispose();
    }
  });

  test('unknown ids: 404 JSON; a non-numeric id too', async () => {
    for (const [method, path, body] of [
      ['GET', '/imports/9999'],
      ['GET', '/imports/9999/rows'],
      ['GET', '/imports/9999/outcomes'],
      ['POST', '/imports/9999/send', { send: [] }],
      ['POST', '/imports/9999/cancel'],
      ['DELETE', '/imports/9999'],
    ] as [string, string, unknown?][]) {
      const res = await desk.desk(method, path, body);
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.deepEqual(res.body, { id: 9999, error: 'import not found', status: 'not_found' });
    }
    const word = await desk.desk('GET', '/imports/latest');
    assert.equal(word.status, 404);
    assert.deepEqual(word.body, { error: 'import not found', status: 'not_found' });
  });

  test('an import that is not being sent has nothing to cancel: 409', async () => {
    const res = await desk.desk('POST', `/imports/${id}/cancel`);
    assert.equal(res.status, 409);
    assert.match(res.body.error, /is not being sent/);
  });

  test("the routes that were the window's (rows written by the page, state set by the page, the lease) are gone", async () => {
    for (const [method, path] of [
      ['POST', `/imports/${id}/rows`],
      ['PATCH', `/imports/${id}`],
      ['PUT', `/imports/${id}/lease`],
      ['DELETE', `/imports/${id}/lease`],
    ]) {
      const res = await desk.desk(method!, path!, method === 'DELETE' ? undefined : {});
      assert.equal(res.status, 404, `${method} ${path}`);
    }
    storeIntact();
  });
});

describe("desk API: imports are each dropzone's own", () => {
  let desk: TestDesk;
  let id: number;
  before(async () => {
    desk = await startTestDesk();
    id = (await importRows(desk, [sendRow(1, { external_id: 'MINE-1' })], [], { total_rows: 1 })).summary.id;
  });
  after(() => desk.dispose());

  test("another dropzone's desk cannot read, send, cancel or delete it: 404", async () => {
    for (const [method, path, body] of [
      ['GET', `/imports/${id}`],
      ['GET', `/imports/${id}/rows`],
      ['GET', `/imports/${id}/outcomes`],
      ['POST', `/imports/${id}/send`, { send: [sendRow(1)] }],
      ['POST', `/imports/${id}/cancel`],
      ['DELETE', `/imports/${id}`],
    ] as [string, string, unknown?][]) {
      const res = await asOtherDropzone(desk, method, path, body);
      assert.equal(res.status, 404, `${method} ${path}`);
    }
    assert.deepEqual((await desk.desk('GET', `/imports/${id}`)).body.counts, { created: 1 });
  });

  test("an import handed over with the other dropzone's session is its own, sent into its own bookings", async () => {
    const res = await asOtherDropzone(desk, 'POST', '/imports', {
      ...FACTS,
      total_rows: 1,
      send: [sendRow(1, { external_id: 'THEIRS-1' })],
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.dropzone, 'other');
    assert.equal((await desk.desk('GET', `/imports/${res.body.id}`)).status, 404);
    assert.ok(!(await desk.desk('GET', '/imports')).body.imports.some((i: { id: number }) => i.id === res.body.id));
  });

  test("the desk API needs the desk's session token", async () => {
    assert.equal((await desk.request('/api/desk/imports')).status, 401);
    const asBookingSystem = await desk.sync('GET', '/../../api/desk/imports');
    assert.notEqual(asBookingSystem.status, 200);
  });
});

describe('desk API: deleting an import', () => {
  test('DELETE /imports/:id answers 204, takes its rows along, and the id is gone', async () => {
    const desk = await startTestDesk();
    try {
      const keep = (await importRows(desk, [sendRow(1, { external_id: 'KEEP-1' })], [], { total_rows: 1 })).summary.id;
      const id = (await importRows(desk, [sendRow(1, { external_id: 'GO-1' })], [keptRow(2)], { total_rows: 2 }))
        .summary.id;
      const res = await desk.desk('DELETE', `/imports/${id}`);
      assert.equal(res.status, 204);
      assert.equal(rowCount(desk, id), 0);
      assert.equal(rowCount(desk, keep), 1);
      assert.equal((await desk.desk('GET', `/imports/${id}`)).status, 404);
      assert.deepEqual(
        (await desk.desk('GET', '/imports')).body.imports.map((i: { id: number }) => i.id),
        [keep],
      );
    } finally {
      await desk.dispose();
    }
  });
});

describe('desk API: remembered column mappings', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  const lookup = (kind: string, headers: unknown, as: 'mine' | 'other' = 'mine') => {
    const path = `/import-mappings?kind=${kind}&headers=${encodeURIComponent(JSON.stringify(headers))}`;
    return as === 'mine' ? desk.desk('GET', path) : asOtherDropzone(desk, 'GET', path);
  };
  const HEADERS = ['External ID', 'Name', 'Jump date', 'Notes'];
  const MAPPING = { 'External ID': 'external_id', Name: 'name', 'Jump date': 'jump_on', Notes: null };

  test('nothing remembered yet: mapping and date_format null', async () => {
    const res = await lookup('bookings', HEADERS);
    assert.equal(res.status, 200);
    assert.deepEqual(rememberedMapping.parse(res.body), { mapping: null, date_format: null });
  });

  test('PUT remembers; the same headers in another case or spacing find it, keyed as they are spelt', async () => {
    const put = await desk.desk('PUT', '/import-mappings', {
      kind: 'bookings',
      headers: HEADERS,
      mapping: MAPPING,
      date_format: 'DD.MM.YYYY',
    });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(rememberedMapping.parse(put.body), { mapping: MAPPING, date_format: 'DD.MM.YYYY' });
    assert.deepEqual((await lookup('bookings', HEADERS)).body, { mapping: MAPPING, date_format: 'DD.MM.YYYY' });
    // As a browser's URLSearchParams encodes it (spaces as "+").
    const form = await desk.desk(
      'GET',
      `/import-mappings?${new URLSearchParams({ kind: 'bookings', headers: JSON.stringify(HEADERS) })}`,
    );
    assert.deepEqual(form.body, { mapping: MAPPING, date_format: 'DD.MM.YYYY' });
    const respelt = ['external id ', '  NAME', 'Jump  Date', 'notes'];
    assert.deepEqual((await lookup('bookings', respelt)).body, {
      mapping: { 'external id ': 'external_id', '  NAME': 'name', 'Jump  Date': 'jump_on', notes: null },
      date_format: 'DD.MM.YYYY',
    });
  });

  test('other headers, another order, another kind or another dropzone: nothing remembered', async () => {
    assert.equal((await lookup('bookings', ['External ID', 'Name', 'Jump date'])).body.mapping, null);
    assert.equal((await lookup('bookings', ['Name', 'External ID', 'Jump date', 'Notes'])).body.mapping, null);
    assert.equal((await lookup('filmers', HEADERS)).body.mapping, null);
    const other = await lookup('bookings', HEADERS, 'other');
    assert.equal(other.status, 200);
    assert.deepEqual(other.body, { mapping: null, date_format: null });
  });

  test('a later PUT for the same headers replaces the mapping; kinds are kept apart', async () => {
    const filmerMapping = { 'External ID': 'external_id', Name: 'name', 'Jump date': null, Notes: null };
    assert.equal(
      (await desk.desk('PUT', '/import-mappings', { kind: 'filmers', headers: HEADERS, mapping: filmerMapping }))
        .status,
      200,
    );
    const changed = { ...MAPPING, Notes: 'reference' };
    const put = await desk.desk('PUT', '/import-mappings', {
      kind: 'bookings',
      headers: HEADERS.map((h) => h.toUpperCase()),
      mapping: Object.fromEntries(Object.entries(changed).map(([h, f]) => [h.toUpperCase(), f])),
    });
    assert.deepEqual(put.body.date_format, null, 'date_format left out is none');
    assert.deepEqual((await lookup('bookings', HEADERS)).body, { mapping: changed, date_format: null });
    assert.deepEqual((await lookup('filmers', HEADERS)).body, { mapping: filmerMapping, date_format: null });
    assert.equal(desk.queryStore("SELECT count(*) AS n FROM import_mappings WHERE kind = 'bookings'")[0].n, 1);
  });

  test('bad lookups and bad writes: 422 naming the field', async () => {
    const noKind = await desk.desk('GET', `/import-mappings?headers=${encodeURIComponent('["a"]')}`);
    assert.equal(noKind.status, 422);
    assert.equal(noKind.body.fields.kind, 'is required');
    const notJson = await desk.desk('GET', '/import-mappings?kind=bookings&headers=a,b');
    assert.match(notJson.body.fields.headers, /JSON array of strings/);
    const empty = await lookup('bookings', []);
    assert.match(empty.body.fields.headers, /at least one/);
    const unknownKey = await desk.desk('PUT', '/import-mappings', {
      kind: 'bookings',
      headers: ['a'],
      mapping: {},
      extra: 1,
    });
    assert.equal(unknownKey.status, 422);
    assert.equal(unknownKey.body.fields.extra, 'is not a writable import mapping attribute');
    const malformed = await desk.desk('PUT', '/import-mappings', '{"kind":');
    assert.equal(malformed.status, 400);
  });
});

describe('desk API: import history lives in the local store', () => {
  test('it survives a restart on the same data dir', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-imports-restart-'));
    try {
      const first = await startTestDesk({ dataDir });
      const { summary: started } = await importRows(
        first,
        [sendRow(1, { external_id: 'KEPT-1' }), sendRow(2, { external_id: 'DELIVERED-OLD' })],
        [],
        { total_rows: 2 },
      );
      await first.desk('PUT', '/import-mappings', { kind: 'bookings', headers: FACTS.headers, mapping: FACTS.mapping });
      const summary = (await first.desk('GET', `/imports/${started.id}`)).body;
      assert.equal(summary.state, 'finished');
      await first.dispose();

      const second = await startTestDesk({ dataDir, seed: null });
      try {
        assert.deepEqual((await second.desk('GET', `/imports/${started.id}`)).body, summary);
        const failed = await second.desk('GET', `/imports/${started.id}/rows?failed=true`);
        assert.deepEqual(
          failed.body.rows.map((r: { row_number: number; status: string }) => [r.row_number, r.status]),
          [[2, 'conflict']],
        );
        const mapping = await second.desk(
          'GET',
          `/import-mappings?kind=bookings&headers=${encodeURIComponent(JSON.stringify(FACTS.headers))}`,
        );
        assert.deepEqual(mapping.body.mapping, FACTS.mapping);
      } finally {
        await second.dispose();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
