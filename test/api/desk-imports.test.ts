import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { IMPORT_LIMITS, importList, importRowPage, importSummary, rememberedMapping } from '../../shared/schemas/imports';
import { startTestDesk, type ApiResponse, type TestDesk } from '../support/desk';
import { TEST_NOW } from '../support/seed';

const NEW_IMPORT = {
  kind: 'bookings',
  file_name: 'bookings-june.csv',
  headers: ['External ID', 'Name', 'Jump date'],
  mapping: { 'External ID': 'external_id', Name: 'name', 'Jump date': 'jump_on' },
  date_format: 'DD.MM.YYYY',
  operator: 'Rita at reception',
  total_rows: 30,
};

/** A row outcome as the wizard records it. */
function row(row_number: number, status: string, extra: Record<string, unknown> = {}) {
  return { row_number, cells: [`BK-${row_number}`, `Person ${row_number}`, '20.06.2026'], key: `BK-${row_number}`, status, ...extra };
}

/** A desk whose clock the test moves, so updated_at can be seen to change. */
async function startClockedDesk(options: { dataDir?: string; seed?: object | null } = {}) {
  const clock = { now: new Date(TEST_NOW) };
  const desk = await startTestDesk({ ...options, deskOptions: { now: () => clock.now } });
  const tick = (ms = 1_000) => (clock.now = new Date(clock.now.getTime() + ms));
  return { desk, tick };
}

/** The desk API as the other dropzone's desk sees it (its own session, same store). */
function asOtherDropzone(desk: TestDesk, method: string, path: string, body?: unknown): Promise<ApiResponse> {
  return desk.deskAs('other', method, path, body);
}

async function createImport(desk: TestDesk, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await desk.desk('POST', '/imports', { ...NEW_IMPORT, ...overrides });
  assert.equal(res.status, 201, res.text);
  return res.body.id;
}

const rowCount = (desk: TestDesk, id: number) => desk.queryStore<{ n: number }>('SELECT count(*) AS n FROM import_rows WHERE import_id = ?', id)[0]!.n;

describe('desk API: import history, create, list and show', () => {
  let desk: TestDesk;
  let tick: () => Date;
  before(async () => ({ desk, tick } = await startClockedDesk()));
  after(() => desk.dispose());

  test('POST /imports answers 201 with the summary: running, no counts yet, the dropzone by key', async () => {
    const res = await desk.desk('POST', '/imports', NEW_IMPORT);
    assert.equal(res.status, 201);
    const summary = importSummary.parse(res.body);
    assert.deepEqual({ ...summary, id: 0 }, {
      ...NEW_IMPORT,
      id: 0,
      dropzone: 'test',
      state: 'running',
      created_at: TEST_NOW,
      updated_at: TEST_NOW,
      delimiter: null,
      // The sending window holds it for three minutes; renewing moves that on.
      lease_until: new Date(Date.parse(TEST_NOW) + 3 * 60_000).toISOString(),
      counts: {},
    });
    const show = await desk.desk('GET', `/imports/${summary.id}`);
    assert.equal(show.status, 200);
    assert.deepEqual(show.body, res.body);
  });

  test('operator and date_format are optional and come back as null', async () => {
    const { operator: _o, date_format: _d, ...bare } = NEW_IMPORT;
    const res = await desk.desk('POST', '/imports', { ...bare, kind: 'filmers', headers: [], mapping: {}, total_rows: 0 });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.operator, null);
    assert.equal(res.body.date_format, null);
  });

  test('GET /imports lists newest first; ?kind= filters', async () => {
    tick();
    const newest = await createImport(desk, { file_name: 'newest.csv' });
    const all = await desk.desk('GET', '/imports');
    assert.equal(all.status, 200);
    const list = importList.parse(all.body).imports;
    assert.equal(list[0]!.id, newest);
    assert.deepEqual(list.map((i) => i.id), [...list.map((i) => i.id)].sort((a, b) => b - a));
    assert.ok(list.some((i) => i.kind === 'filmers') && list.some((i) => i.kind === 'bookings'));

    const filmers = await desk.desk('GET', '/imports?kind=filmers');
    assert.equal(filmers.status, 200);
    assert.ok(filmers.body.imports.length >= 1);
    assert.ok(filmers.body.imports.every((i: { kind: string }) => i.kind === 'filmers'));
  });

  test('GET /imports refuses an unknown kind or parameter with a 422 naming it', async () => {
    const badKind = await desk.desk('GET', '/imports?kind=jumps');
    assert.equal(badKind.status, 422);
    assert.equal(badKind.body.status, 'unprocessable_content');
    assert.match(badKind.body.fields.kind, /must be "bookings" or "filmers"/);
    const unknown = await desk.desk('GET', '/imports?knd=bookings');
    assert.equal(unknown.status, 422);
    assert.deepEqual(unknown.body.fields, { knd: 'is not a known parameter' });
  });

  test('the list holds at most 500 imports, the newest', async () => {
    const { desk: busy } = await startClockedDesk();
    try {
      let last = 0;
      for (let i = 0; i < 501; i += 1) last = await createImport(busy, { total_rows: 1 });
      const res = await busy.desk('GET', '/imports');
      assert.equal(res.body.imports.length, 500);
      assert.equal(res.body.imports[0].id, last);
      assert.equal(res.body.imports[499].id, last - 499);
    } finally {
      await busy.dispose();
    }
  });
});

describe('desk API: the source delimiter is kept for downloads', () => {
  let desk: TestDesk;
  before(async () => ({ desk } = await startClockedDesk()));
  after(() => desk.dispose());

  test('a semicolon (or tab) file keeps its delimiter; none given reads as null (a comma)', async () => {
    for (const delimiter of [';', '\t', '|', ',']) {
      const res = await desk.desk('POST', '/imports', { ...NEW_IMPORT, delimiter });
      assert.equal(res.status, 201, res.text);
      assert.equal((await desk.desk('GET', `/imports/${res.body.id}`)).body.delimiter, delimiter);
    }
    const id = await createImport(desk);
    assert.equal((await desk.desk('GET', `/imports/${id}`)).body.delimiter, null);
  });

  test('anything else is a 422 naming the field, and no import is made', async () => {
    const before = (await desk.desk('GET', '/imports')).body.imports.length;
    for (const delimiter of [':', ';;', 9]) {
      const res = await desk.desk('POST', '/imports', { ...NEW_IMPORT, delimiter });
      assert.equal(res.status, 422, String(delimiter));
      assert.ok(res.body.fields.delimiter, res.text);
    }
    assert.equal((await desk.desk('GET', '/imports')).body.imports.length, before);
  });
});

describe('desk API: an import whose window went away is interrupted', () => {
  let desk: TestDesk;
  let tick: (ms?: number) => Date;
  before(async () => ({ desk, tick } = await startClockedDesk()));
  after(() => desk.dispose());
  const stateOf = async (id: number) => (await desk.desk('GET', `/imports/${id}`)).body.state;

  test('running while the lease is renewed (PUT …/lease, or rows recorded); interrupted once it runs out', async () => {
    const id = await createImport(desk);
    tick(2 * 60_000);
    assert.equal(await stateOf(id), 'running');
    const renew = await desk.desk('PUT', `/imports/${id}/lease`);
    assert.equal(renew.status, 204);
    tick(2 * 60_000);
    assert.equal(await stateOf(id), 'running', 'renewed two minutes ago');
    assert.equal((await desk.desk('POST', `/imports/${id}/rows`, { rows: [row(1, 'created')] })).status, 200);
    tick(2 * 60_000 + 59_000);
    assert.equal(await stateOf(id), 'running', 'the rows write renewed it');
    tick(2_000);
    assert.equal(await stateOf(id), 'interrupted');
    const listed = (await desk.desk('GET', '/imports')).body.imports.find((i: { id: number }) => i.id === id);
    assert.equal(listed.state, 'interrupted');
  });

  test('DELETE …/lease (the window unloading) interrupts it at once; resuming (PATCH running) takes a new lease', async () => {
    const id = await createImport(desk);
    assert.equal((await desk.desk('DELETE', `/imports/${id}/lease`)).status, 204);
    assert.equal(await stateOf(id), 'interrupted');
    // Calls that were on their way as the window let go (a rows write, a heartbeat) do not take the lease back.
    assert.equal((await desk.desk('POST', `/imports/${id}/rows`, { rows: [row(1, 'created')] })).status, 200);
    assert.equal((await desk.desk('PUT', `/imports/${id}/lease`)).status, 204);
    assert.equal(await stateOf(id), 'interrupted');
    const resumed = await desk.desk('PATCH', `/imports/${id}`, { state: 'running' });
    assert.equal(resumed.body.state, 'running');
    assert.equal(resumed.body.lease_until, new Date(tick(0).getTime() + 3 * 60_000).toISOString());
  });

  test('a finished or cancelled import lets go of its lease and is never shown interrupted', async () => {
    for (const state of ['finished', 'cancelled']) {
      const id = await createImport(desk);
      const res = await desk.desk('PATCH', `/imports/${id}`, { state });
      assert.equal(res.body.lease_until, null);
      assert.equal((await desk.desk('PUT', `/imports/${id}/lease`)).status, 204);
      tick(10 * 60_000);
      assert.equal(await stateOf(id), state);
      assert.equal((await desk.desk('GET', `/imports/${id}`)).body.lease_until, null, 'renewing does not hold a finished import');
    }
  });

  test('pending rows (recorded before sending) stay listed and count as failed in an interrupted import', async () => {
    const id = await createImport(desk, { total_rows: 4 });
    const pending = [1, 2, 3, 4].map((n) => row(n, 'pending', { message: 'not sent yet' }));
    assert.equal((await desk.desk('POST', `/imports/${id}/rows`, { rows: pending })).status, 200);
    await desk.desk('POST', `/imports/${id}/rows`, { rows: [row(1, 'created'), row(2, 'ok')] });
    await desk.desk('DELETE', `/imports/${id}/lease`);
    const summary = (await desk.desk('GET', `/imports/${id}`)).body;
    assert.equal(summary.state, 'interrupted');
    assert.deepEqual(summary.counts, { created: 1, ok: 1, pending: 2 });
    const failed = await desk.desk('GET', `/imports/${id}/rows?failed=true`);
    assert.deepEqual(failed.body.rows.map((r: { row_number: number; status: string }) => [r.row_number, r.status]), [[3, 'pending'], [4, 'pending']]);
    assert.equal((await desk.desk('GET', `/imports/${id}/rows?status=pending`)).body.pagination.total, 2);
  });

  test('lease routes: unknown, deleted or another dropzone\'s import is a 404', async () => {
    const id = await createImport(desk);
    for (const method of ['PUT', 'DELETE']) {
      assert.equal((await desk.desk(method, '/imports/999999/lease')).status, 404);
      assert.equal((await desk.desk(method, '/imports/x/lease')).status, 404);
      assert.equal((await asOtherDropzone(desk, method, `/imports/${id}/lease`)).status, 404);
    }
    assert.equal(await stateOf(id), 'running', 'the other dropzone could not let go of it');
  });
});

describe('desk API: recording row outcomes', () => {
  let desk: TestDesk;
  let tick: () => Date;
  let id: number;
  before(async () => {
    ({ desk, tick } = await startClockedDesk());
    id = await createImport(desk);
  });
  after(() => desk.dispose());

  test('POST /imports/:id/rows records the rows and answers the summary with fresh counts', async () => {
    const at = tick().toISOString();
    const res = await desk.desk('POST', `/imports/${id}/rows`, {
      rows: [row(1, 'created', { record_id: 501 }), row(2, 'unprocessable_content', { message: 'email is invalid' }), row(3, 'left_out', { message: 'duplicate key' })],
    });
    assert.equal(res.status, 200, res.text);
    const summary = importSummary.parse(res.body);
    assert.deepEqual(summary.counts, { created: 1, unprocessable_content: 1, left_out: 1 });
    assert.equal(summary.updated_at, at);
    assert.equal(summary.created_at, TEST_NOW);

    const rows = importRowPage.parse((await desk.desk('GET', `/imports/${id}/rows`)).body).rows;
    assert.deepEqual(rows[0], { row_number: 1, cells: ['BK-1', 'Person 1', '20.06.2026'], key: 'BK-1', status: 'created', message: null, record_id: 501, updated_at: at });
    assert.equal(rows[1]!.message, 'email is invalid');
  });

  test('a retry replaces the earlier outcome of the same row number: counts move, no second row', async () => {
    const at = tick().toISOString();
    const fixed = { ...row(2, 'created', { record_id: 502 }), cells: ['BK-2', 'Person 2', '21.06.2026'] };
    const res = await desk.desk('POST', `/imports/${id}/rows`, { rows: [fixed] });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.counts, { created: 2, left_out: 1 });
    assert.equal(rowCount(desk, id), 3);
    const two = (await desk.desk('GET', `/imports/${id}/rows?status=created`)).body.rows.find((r: { row_number: number }) => r.row_number === 2);
    assert.deepEqual(two, { row_number: 2, cells: ['BK-2', 'Person 2', '21.06.2026'], key: 'BK-2', status: 'created', message: null, record_id: 502, updated_at: at });
  });

  test('within one call, the last outcome of a row number wins', async () => {
    const res = await desk.desk('POST', `/imports/${id}/rows`, { rows: [row(4, 'not_sent'), row(4, 'ok')] });
    assert.equal(res.status, 200);
    assert.equal(res.body.counts.ok, 1);
    assert.equal(res.body.counts.not_sent, undefined);
  });

  test('PATCH /imports/:id sets the state; writing rows afterwards leaves it alone', async () => {
    const finished = await desk.desk('PATCH', `/imports/${id}`, { state: 'finished' });
    assert.equal(finished.status, 200);
    assert.equal(importSummary.parse(finished.body).state, 'finished');

    const at = tick().toISOString();
    const retried = await desk.desk('POST', `/imports/${id}/rows`, { rows: [row(3, 'created')] });
    assert.equal(retried.body.state, 'finished', 'the wizard, not the server, says when an import ends');
    assert.equal(retried.body.updated_at, at);

    const reopened = await desk.desk('PATCH', `/imports/${id}`, { state: 'running' });
    assert.equal(reopened.body.state, 'running');
    const cancelled = await desk.desk('PATCH', `/imports/${id}`, { state: 'cancelled' });
    assert.equal(cancelled.body.state, 'cancelled');
    assert.equal((await desk.desk('GET', `/imports/${id}`)).body.state, 'cancelled');
  });

  test('PATCH refuses another state or another key', async () => {
    const paused = await desk.desk('PATCH', `/imports/${id}`, { state: 'paused' });
    assert.equal(paused.status, 422);
    assert.match(paused.body.fields.state, /must be "running", "finished" or "cancelled"/);
    const extra = await desk.desk('PATCH', `/imports/${id}`, { state: 'finished', total_rows: 5 });
    assert.equal(extra.status, 422);
    assert.equal(extra.body.fields.total_rows, 'is not a writable import attribute');
    assert.equal((await desk.desk('GET', `/imports/${id}`)).body.state, 'cancelled');
  });

  test('an empty call records nothing and changes nothing', async () => {
    const before = (await desk.desk('GET', `/imports/${id}`)).body;
    tick();
    const res = await desk.desk('POST', `/imports/${id}/rows`, { rows: [] });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, before);
  });
});

describe('desk API: paging rows and the failed-rows filter', () => {
  let desk: TestDesk;
  let id: number;
  // 25 rows: every fifth created, then a cycle through every outcome that is not done.
  const NOT_DONE = ['unprocessable_content', 'not_acceptable', 'conflict', 'not_found', 'left_out', 'not_sent'];
  const statusOf = (n: number) => (n % 5 === 0 ? 'created' : n % 7 === 0 ? 'ok' : n % 11 === 0 ? 'partial_update' : NOT_DONE[n % NOT_DONE.length]!);
  before(async () => {
    desk = await startTestDesk();
    id = await createImport(desk, { total_rows: 25 });
    // Written out of order, to show the pages come back in row order anyway.
    const rows = Array.from({ length: 25 }, (_, i) => row(25 - i, statusOf(25 - i)));
    assert.equal((await desk.desk('POST', `/imports/${id}/rows`, { rows })).status, 200);
  });
  after(() => desk.dispose());

  test('pages are in row order with page, per_page, total and pages', async () => {
    const res = await desk.desk('GET', `/imports/${id}/rows?page=2&per_page=10`);
    assert.equal(res.status, 200);
    const page = importRowPage.parse(res.body);
    assert.deepEqual(page.pagination, { page: 2, per_page: 10, total: 25, pages: 3 });
    assert.deepEqual(page.rows.map((r) => r.row_number), [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    const last = await desk.desk('GET', `/imports/${id}/rows?page=3&per_page=10`);
    assert.deepEqual(last.body.rows.map((r: { row_number: number }) => r.row_number), [21, 22, 23, 24, 25]);
    const beyond = await desk.desk('GET', `/imports/${id}/rows?page=4&per_page=10`);
    assert.deepEqual(beyond.body, { rows: [], pagination: { page: 4, per_page: 10, total: 25, pages: 3 } });
  });

  test('without page parameters: page 1 of 1,000; per_page above the maximum is capped', async () => {
    const res = await desk.desk('GET', `/imports/${id}/rows`);
    assert.deepEqual(res.body.pagination, { page: 1, per_page: IMPORT_LIMITS.rowsPerPageDefault, total: 25, pages: 1 });
    const capped = await desk.desk('GET', `/imports/${id}/rows?per_page=999999`);
    assert.equal(capped.body.pagination.per_page, IMPORT_LIMITS.rowsPerPageMax);
  });

  test('failed=true: every row that is not created, ok or partial_update, in row order', async () => {
    const expected = Array.from({ length: 25 }, (_, i) => i + 1).filter((n) => NOT_DONE.includes(statusOf(n)));
    const res = await desk.desk('GET', `/imports/${id}/rows?failed=true&per_page=5`);
    assert.equal(res.status, 200);
    assert.equal(res.body.pagination.total, expected.length);
    const all = [];
    for (let page = 1; page <= res.body.pagination.pages; page += 1) {
      all.push(...(await desk.desk('GET', `/imports/${id}/rows?failed=true&per_page=5&page=${page}`)).body.rows);
    }
    assert.deepEqual(all.map((r) => r.row_number), expected);
    assert.ok(all.every((r) => NOT_DONE.includes(r.status)));
    assert.equal((await desk.desk('GET', `/imports/${id}/rows?failed=false`)).body.pagination.total, 25, 'failed=false is no filter');
  });

  test('status= gives the rows of one outcome; with failed=true both must hold', async () => {
    const conflicts = await desk.desk('GET', `/imports/${id}/rows?status=conflict`);
    const expected = Array.from({ length: 25 }, (_, i) => i + 1).filter((n) => statusOf(n) === 'conflict');
    assert.ok(expected.length > 1);
    assert.deepEqual(conflicts.body.rows.map((r: { row_number: number }) => r.row_number), expected);
    const both = await desk.desk('GET', `/imports/${id}/rows?status=conflict&failed=true`);
    assert.deepEqual(both.body.rows, conflicts.body.rows);
    const none = await desk.desk('GET', `/imports/${id}/rows?status=created&failed=true`);
    assert.equal(none.body.pagination.total, 0);
    const created = await desk.desk('GET', `/imports/${id}/rows?status=created`);
    assert.deepEqual(created.body.rows.map((r: { row_number: number }) => r.row_number), [5, 10, 15, 20, 25]);
  });

  test('bad row-page parameters are a 422 naming each', async () => {
    const cases: [string, Record<string, string | RegExp>][] = [
      ['status=failed', { status: /must be one of created, ok/ }],
      ['failed=yes', { failed: 'must be true or false' }],
      ['page=0', { page: 'must be a positive integer' }],
      ['per_page=-1', { per_page: 'must be a positive integer' }],
      ['page=1&page=2', { page: 'is given more than once' }],
      ['sort=row_number', { sort: 'is not a known parameter' }],
    ];
    for (const [query, fields] of cases) {
      const res = await desk.desk('GET', `/imports/${id}/rows?${query}`);
      assert.equal(res.status, 422, query);
      assert.equal(res.body.status, 'unprocessable_content');
      for (const [name, expected] of Object.entries(fields)) {
        if (expected instanceof RegExp) assert.match(res.body.fields[name], expected, query);
        else assert.equal(res.body.fields[name], expected, query);
      }
    }
  });
});

describe('desk API: imports are scoped to the caller\'s dropzone', () => {
  let desk: TestDesk;
  let id: number;
  before(async () => {
    desk = await startTestDesk();
    id = await createImport(desk);
    await desk.desk('POST', `/imports/${id}/rows`, { rows: [row(1, 'ok')] });
  });
  after(() => desk.dispose());

  test('another dropzone\'s token sees none of it: absent from its list, 404 on every id route', async () => {
    assert.deepEqual((await asOtherDropzone(desk, 'GET', '/imports')).body, { imports: [] });
    const attempts: [string, string, unknown?][] = [
      ['GET', `/imports/${id}`],
      ['GET', `/imports/${id}/rows`],
      ['POST', `/imports/${id}/rows`, { rows: [row(1, 'not_found')] }],
      ['PATCH', `/imports/${id}`, { state: 'cancelled' }],
      ['DELETE', `/imports/${id}`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await asOtherDropzone(desk, method, path, body);
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.deepEqual(res.body, { id, error: 'import not found', status: 'not_found' });
    }
    const mine = (await desk.desk('GET', `/imports/${id}`)).body;
    assert.equal(mine.state, 'running');
    assert.deepEqual(mine.counts, { ok: 1 });
  });

  test('an import made with the other dropzone\'s token is its own', async () => {
    const res = await asOtherDropzone(desk, 'POST', '/imports', NEW_IMPORT);
    assert.equal(res.status, 201);
    assert.equal(res.body.dropzone, 'other');
    assert.equal((await desk.desk('GET', `/imports/${res.body.id}`)).status, 404);
    assert.ok(!(await desk.desk('GET', '/imports')).body.imports.some((i: { id: number }) => i.id === res.body.id));
  });

  test('the desk API needs a token like every desk route', async () => {
    const res = await desk.request('/api/desk/imports');
    assert.equal(res.status, 401);
    assert.equal(res.body.status, 'unauthorized');
  });
});

describe('desk API: bad import input is refused and nothing is written', () => {
  let desk: TestDesk;
  let id: number;
  let before422: unknown;
  before(async () => {
    desk = await startTestDesk();
    id = await createImport(desk, { total_rows: 3 });
    await desk.desk('POST', `/imports/${id}/rows`, { rows: [row(1, 'ok')] });
    before422 = desk.queryStore('SELECT * FROM import_rows ORDER BY import_id, row_number');
  });
  after(() => desk.dispose());

  const storeIntact = () => {
    assert.deepEqual(desk.queryStore('SELECT * FROM import_rows ORDER BY import_id, row_number'), before422);
    assert.equal(desk.queryStore('SELECT count(*) AS n FROM imports')[0].n, 1);
  };

  test('a new import with wrong types or unknown keys: 422 naming each field', async () => {
    const cases: [unknown, Record<string, RegExp>][] = [
      [{ ...NEW_IMPORT, total_rows: '30' }, { total_rows: /must be an integer/ }],
      [{ ...NEW_IMPORT, total_rows: 2.5 }, { total_rows: /must be an integer/ }],
      [{ ...NEW_IMPORT, total_rows: IMPORT_LIMITS.maxRows + 1 }, { total_rows: /must be at most 200000/ }],
      [{ ...NEW_IMPORT, total_rows: -1 }, { total_rows: /must be 0 or more/ }],
      [{ ...NEW_IMPORT, kind: 'jumps' }, { kind: /must be "bookings" or "filmers"/ }],
      [{ ...NEW_IMPORT, file_name: '' }, { file_name: /must not be empty/ }],
      [{ ...NEW_IMPORT, headers: 'a,b' }, { headers: /.+/ }],
      [{ ...NEW_IMPORT, mapping: { Name: 7 } }, { 'mapping.Name': /must be a field name or null/ }],
      [{ ...NEW_IMPORT, state: 'finished' }, { state: /is not a writable import attribute/ }],
      [{ ...NEW_IMPORT, kind: undefined }, { kind: /must be "bookings" or "filmers"/ }],
    ];
    for (const [body, fields] of cases) {
      const res = await desk.desk('POST', '/imports', body);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.equal(res.body.status, 'unprocessable_content');
      for (const [name, expected] of Object.entries(fields)) {
        assert.match(res.body.fields?.[name] ?? '', expected, `${name} in ${res.text}`);
        assert.match(res.body.error, new RegExp(name.replace('.', '\\.')));
      }
    }
    storeIntact();
  });

  test('a body that is not an object, or not JSON at all', async () => {
    const array = await desk.desk('POST', '/imports', [NEW_IMPORT]);
    assert.equal(array.status, 422);
    assert.match(array.body.error, /body must be a JSON object/);
    const malformed = await desk.desk('POST', `/imports/${id}/rows`, '{"rows": [');
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.status, 'bad_request');
    const text = await desk.request(`/api/desk/imports/${id}/rows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${desk.sessionToken}`, 'content-type': 'text/plain' },
      body: 'rows',
    });
    assert.equal(text.status, 415);
    storeIntact();
  });

  test('rows: wrong types, unknown keys (named with their row), too many per call', async () => {
    const cases: [unknown, Record<string, RegExp>][] = [
      [{ rows: [{ ...row(2, 'ok'), row_number: '2' }] }, { 'rows.0.row_number': /must be an integer/ }],
      [{ rows: [row(2, 'ok'), { ...row(3, 'ok'), status: 'done' }] }, { 'rows.1.status': /must be one of/ }],
      [{ rows: [{ ...row(2, 'ok'), cells: 'BK-2' }] }, { 'rows.0.cells': /.+/ }],
      [{ rows: [{ ...row(2, 'ok'), error: 'x' }] }, { 'rows.0.error': /is not a writable import attribute/ }],
      [{ rows: [row(2, 'ok')], state: 'finished' }, { state: /is not a writable import attribute/ }],
      [{ rows: [row(0, 'ok')] }, { 'rows.0.row_number': /must be 1 or more/ }],
      [{}, { rows: /.+/ }],
    ];
    for (const [body, fields] of cases) {
      const res = await desk.desk('POST', `/imports/${id}/rows`, body);
      assert.equal(res.status, 422, JSON.stringify(body));
      for (const [name, expected] of Object.entries(fields)) assert.match(res.body.fields?.[name] ?? '', expected, `${name} in ${res.text}`);
    }
    const tooMany = Array.from({ length: IMPORT_LIMITS.maxRowsPerCall + 1 }, () => row(2, 'ok'));
    const big = await desk.desk('POST', `/imports/${id}/rows`, { rows: tooMany });
    assert.equal(big.status, 422);
    assert.match(big.body.fields.rows, /at most 10000 rows per call/);
    storeIntact();
  });

  test('a row numbered beyond total_rows: 422 naming the row, and none of the call is recorded', async () => {
    const res = await desk.desk('POST', `/imports/${id}/rows`, { rows: [row(2, 'ok'), row(3, 'ok'), row(4, 'ok')] });
    assert.equal(res.status, 422);
    assert.deepEqual(res.body.fields, { 'rows.2.row_number': "is 4, beyond the import's 3 rows" });
    assert.match(res.body.error, /rows\.2\.row_number is 4, beyond the import's 3 rows; nothing was recorded/);
    storeIntact();
  });

  test('unknown ids: 404 JSON; a non-numeric id too', async () => {
    for (const [method, path, body] of [
      ['GET', '/imports/9999'],
      ['GET', '/imports/9999/rows'],
      ['POST', '/imports/9999/rows', { rows: [] }],
      ['PATCH', '/imports/9999', { state: 'finished' }],
      ['DELETE', '/imports/9999'],
    ] as [string, string, unknown?][]) {
      const res = await desk.desk(method, path, body);
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.deepEqual(res.body, { id: 9999, error: 'import not found', status: 'not_found' });
    }
    const word = await desk.desk('GET', '/imports/latest');
    assert.equal(word.status, 404);
    assert.deepEqual(word.body, { error: 'import not found', status: 'not_found' });
    storeIntact();
  });
});

describe('desk API: deleting an import', () => {
  test('DELETE /imports/:id answers 204, takes its rows along, and the id is gone', async () => {
    const desk = await startTestDesk();
    try {
      const keep = await createImport(desk);
      const id = await createImport(desk);
      await desk.desk('POST', `/imports/${id}/rows`, { rows: [row(1, 'ok'), row(2, 'left_out')] });
      await desk.desk('POST', `/imports/${keep}/rows`, { rows: [row(1, 'ok')] });
      const res = await desk.desk('DELETE', `/imports/${id}`);
      assert.equal(res.status, 204);
      assert.equal(res.text, '');
      assert.equal(rowCount(desk, id), 0);
      assert.equal(rowCount(desk, keep), 1);
      assert.equal((await desk.desk('GET', `/imports/${id}`)).status, 404);
      assert.equal((await desk.desk('DELETE', `/imports/${id}`)).status, 404);
      assert.deepEqual((await desk.desk('GET', '/imports')).body.imports.map((i: { id: number }) => i.id), [keep]);
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
    const put = await desk.desk('PUT', '/import-mappings', { kind: 'bookings', headers: HEADERS, mapping: MAPPING, date_format: 'DD.MM.YYYY' });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(rememberedMapping.parse(put.body), { mapping: MAPPING, date_format: 'DD.MM.YYYY' });

    assert.deepEqual((await lookup('bookings', HEADERS)).body, { mapping: MAPPING, date_format: 'DD.MM.YYYY' });
    // As a browser's URLSearchParams encodes it (spaces as "+").
    const form = await desk.desk('GET', `/import-mappings?${new URLSearchParams({ kind: 'bookings', headers: JSON.stringify(HEADERS) })}`);
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
    assert.equal((await desk.desk('PUT', '/import-mappings', { kind: 'filmers', headers: HEADERS, mapping: filmerMapping })).status, 200);
    const changed = { ...MAPPING, Notes: 'reference' };
    const put = await desk.desk('PUT', '/import-mappings', { kind: 'bookings', headers: HEADERS.map((h) => h.toUpperCase()), mapping: Object.fromEntries(Object.entries(changed).map(([h, f]) => [h.toUpperCase(), f])) });
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
    assert.equal(notJson.status, 422);
    assert.match(notJson.body.fields.headers, /JSON array of strings/);
    const notStrings = await lookup('bookings', [1, 2]);
    assert.match(notStrings.body.fields.headers, /JSON array of strings/);
    const empty = await lookup('bookings', []);
    assert.match(empty.body.fields.headers, /at least one/);
    const noHeaders = await desk.desk('GET', '/import-mappings?kind=bookings');
    assert.match(noHeaders.body.fields.headers, /is required/);

    const unknownKey = await desk.desk('PUT', '/import-mappings', { kind: 'bookings', headers: ['a'], mapping: {}, extra: 1 });
    assert.equal(unknownKey.status, 422);
    assert.equal(unknownKey.body.fields.extra, 'is not a writable import mapping attribute');
    const badKind = await desk.desk('PUT', '/import-mappings', { kind: 'jumps', headers: ['a'], mapping: {} });
    assert.match(badKind.body.fields.kind, /must be "bookings" or "filmers"/);
    const malformed = await desk.desk('PUT', '/import-mappings', '{"kind":');
    assert.equal(malformed.status, 400);
  });
});

describe('desk API: import history lives in the local store', () => {
  test('it survives a restart on the same data dir', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-imports-restart-'));
    try {
      const first = await startTestDesk({ dataDir });
      const id = await createImport(first);
      await first.desk('POST', `/imports/${id}/rows`, { rows: [row(1, 'created'), row(2, 'conflict', { message: 'reused id' })] });
      await first.desk('PATCH', `/imports/${id}`, { state: 'finished' });
      await first.desk('PUT', '/import-mappings', { kind: 'bookings', headers: NEW_IMPORT.headers, mapping: NEW_IMPORT.mapping });
      const summary = (await first.desk('GET', `/imports/${id}`)).body;
      await first.dispose();

      const second = await startTestDesk({ dataDir, seed: null });
      try {
        assert.deepEqual((await second.desk('GET', `/imports/${id}`)).body, summary);
        const failed = await second.desk('GET', `/imports/${id}/rows?failed=true`);
        assert.deepEqual(failed.body.rows.map((r: { row_number: number; message: string }) => [r.row_number, r.message]), [[2, 'reused id']]);
        const mapping = await second.desk('GET', `/import-mappings?kind=bookings&headers=${encodeURIComponent(JSON.stringify(NEW_IMPORT.headers))}`);
        assert.deepEqual(mapping.body.mapping, NEW_IMPORT.mapping);
      } finally {
        await second.dispose();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('in proxy mode the desk still records imports in its own store', async () => {
    const desk = await startTestDesk();
    try {
      const switched = await desk.desk('PUT', '/connection', { mode: 'proxy', remote_url: 'http://remote.invalid' });
      assert.equal(switched.status, 200, switched.text);
      assert.equal(switched.body.mode, 'proxy');
      const id = await createImport(desk);
      const rows = await desk.desk('POST', `/imports/${id}/rows`, { rows: [row(1, 'not_sent', { message: 'remote unreachable' })] });
      assert.equal(rows.status, 200);
      assert.deepEqual(rows.body.counts, { not_sent: 1 });
      assert.equal(rowCount(desk, id), 1);
      assert.equal((await desk.desk('GET', '/imports')).body.imports.length, 1);
    } finally {
      await desk.dispose();
    }
  });
});
