import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { TEST_NOW } from '../support/seed';
import { startProxiedTestDesk, startTestDesk, type TestDesk } from '../support/desk';

/**
 * PUT /api/desk/bookings/by-id/:id/check-in (reception's day at the desk): reception marks a
 * booking arrived, no-show or jumped for its jump day; the list shows and filters it. Seed
 * bookings: 101 NO-PRODUCT and 102 HAS-PRODUCT on 2026-06-20, 103 a walk-in on 2026-06-15, 200
 * another dropzone's.
 */

const put = (desk: TestDesk, id: number | string, body: unknown) =>
  desk.desk('PUT', `/bookings/by-id/${id}/check-in`, body);
const get = (desk: TestDesk, id: number | string) => desk.desk('GET', `/bookings/by-id/${id}/check-in`);
const listed = async (desk: TestDesk, query: string) =>
  (await desk.desk('GET', `/bookings?include_all=true&${query}`)).body.bookings.map((b: { id: number }) => b.id);

describe('check-in', () => {
  let desk: TestDesk;
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-check-in-'));
  before(async () => (desk = await startTestDesk({ dataDir })));
  after(async () => {
    await desk.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('mark, change and clear: the answer and the list show the mark for the booking’s jump day', async () => {
    const marked = await put(desk, 101, { state: 'arrived', recorded_by: ' Rita ' });
    assert.equal(marked.status, 200, marked.text);
    assert.deepEqual(marked.body, {
      booking_id: 101,
      check_in: { state: 'arrived', day: '2026-06-20', recorded_by: 'Rita', recorded_at: TEST_NOW },
    });
    const row = (await desk.desk('GET', '/bookings?q=NO-PRODUCT')).body.bookings[0];
    assert.deepEqual(row.check_in, marked.body.check_in);

    const changed = await put(desk, 101, { state: 'jumped', recorded_by: 'Sam' });
    assert.equal(changed.body.check_in.state, 'jumped');
    assert.equal(changed.body.check_in.recorded_by, 'Sam');
    assert.deepEqual(
      desk.queryStore('SELECT booking_id, day, state FROM check_ins'),
      [{ booking_id: 101, day: '2026-06-20', state: 'jumped' }],
      'one row per booking and day',
    );

    const cleared = await put(desk, 101, { state: null, recorded_by: 'Sam' });
    assert.deepEqual(cleared.body, { booking_id: 101, check_in: null });
    assert.deepEqual(desk.queryStore('SELECT * FROM check_ins'), []);
    assert.equal(
      (await put(desk, 101, { state: null, recorded_by: 'Sam' })).status,
      200,
      'clearing nothing is no error',
    );
  });

  test('filter by check-in: each state, and none for the unmarked', async () => {
    await put(desk, 101, { state: 'arrived', recorded_by: 'Rita' });
    await put(desk, 102, { state: 'no_show', recorded_by: 'Rita' });
    await put(desk, 103, { state: 'arrived', recorded_by: 'Rita' });
    assert.deepEqual(await listed(desk, 'check_in=arrived'), [101, 103]);
    assert.deepEqual(await listed(desk, 'check_in=no_show'), [102]);
    assert.deepEqual(await listed(desk, 'check_in=jumped'), []);
    assert.deepEqual(await listed(desk, 'check_in=none'), [100, 104]);
    assert.deepEqual(await listed(desk, 'check_in=arrived&from=2026-06-20&to=2026-06-20'), [101]);
    assert.equal(
      (await desk.desk('GET', '/bookings?include_all=true&check_in=arrived')).body.pagination.total_count,
      2,
    );
  });

  test('the mark is for the jump day: moved to another day the booking shows unmarked; moved back, marked again', async () => {
    await put(desk, 104, { state: 'arrived', recorded_by: 'Rita' });
    assert.equal(
      (await desk.sync('POST', '/bookings', { external_id: 'HAND-EDITED', jump_on: '2026-06-22' })).status,
      200,
    );
    assert.deepEqual(await listed(desk, 'check_in=none&q=HAND-EDITED'), [104]);
    assert.equal(
      (await desk.sync('POST', '/bookings', { external_id: 'HAND-EDITED', jump_on: '2026-06-21' })).status,
      200,
    );
    assert.deepEqual(await listed(desk, 'check_in=arrived&q=HAND-EDITED'), [104]);
  });

  test('the marks persist: the store reopened shows them', async () => {
    const before = await listed(desk, 'check_in=arrived');
    await desk.dispose();
    desk = await startTestDesk({ dataDir, seed: null });
    assert.deepEqual(await listed(desk, 'check_in=arrived'), before);
    assert.ok(before.length > 0);
  });

  test('a deleted booking takes its check-ins with it', async () => {
    await put(desk, 102, { state: 'arrived', recorded_by: 'Rita' });
    assert.equal((await desk.sync('DELETE', '/bookings/HAS-PRODUCT')).status, 204);
    assert.deepEqual(desk.queryStore('SELECT booking_id FROM check_ins WHERE booking_id = 102'), []);
  });

  test('a booking with no jump day: 409 saying why; nothing written', async () => {
    const made = await desk.sync('POST', '/bookings', { external_id: 'NO-DAY', name: 'No Day' });
    assert.equal(made.status, 201, made.text);
    const res = await put(desk, made.body.id, { state: 'arrived', recorded_by: 'Rita' });
    assert.equal(res.status, 409);
    assert.equal(res.body.status, 'conflict');
    assert.match(res.body.error, /has no jump day: a check-in is for the day of the jump/);
    assert.deepEqual(desk.queryStore('SELECT * FROM check_ins WHERE booking_id = ?', made.body.id), []);
  });

  test("an unknown id, or another dropzone's booking: 404", async () => {
    for (const id of [999999, 200, 'abc', '1e3']) {
      const res = await put(desk, id, { state: 'arrived', recorded_by: 'Rita' });
      assert.equal(res.status, 404, String(id));
      assert.equal(res.body.status, 'not_found');
      assert.match(res.body.error, new RegExp(`booking ${id} not found`));
    }
  });

  test('a bad body: 422 naming the field; recorded_by is required', async () => {
    for (const [body, field, message] of [
      [{ state: 'late', recorded_by: 'Rita' }, 'state', /arrived, no_show, jumped, or null/],
      [{ recorded_by: 'Rita' }, 'state', /./],
      [{ state: 'arrived' }, 'recorded_by', /is required: the name of the person at the desk/],
      [{ state: 'arrived', recorded_by: '   ' }, 'recorded_by', /not blank/],
      [{ state: 'arrived', recorded_by: 'Rita', day: '2026-06-21' }, 'day', /not a writable check-in attribute/],
    ] as const) {
      const res = await put(desk, 101, body);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.match(res.body.fields[field], message, JSON.stringify(res.body));
    }
    const notObject = await put(desk, 101, [1]);
    assert.equal(notObject.status, 422);
  });
});

describe('check-in on the booking page', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('the booking page reads the mark of the jump day: who marked it and when; none before, none after unmarking', async () => {
    assert.deepEqual((await get(desk, 102)).body, {
      booking_id: 102,
      jump_on: '2026-06-20',
      check_in: null,
      history: [],
    });
    const marked = await put(desk, 102, { state: 'no_show', recorded_by: 'Nora' });
    const shown = await get(desk, 102);
    assert.equal(shown.status, 200, shown.text);
    assert.deepEqual(shown.body, {
      booking_id: 102,
      jump_on: '2026-06-20',
      check_in: marked.body.check_in,
      history: [{ day: '2026-06-20', state: 'no_show', recorded_by: 'Nora', made_at: TEST_NOW, desk: null }],
    });
    assert.equal(shown.body.check_in.recorded_by, 'Nora');
    assert.equal(shown.body.check_in.recorded_at, TEST_NOW);

    // Moved to another day: that day is unmarked; the old day's mark stays with the old day.
    assert.equal(
      (await desk.sync('POST', '/bookings', { external_id: 'HAS-PRODUCT', jump_on: '2026-06-21' })).status,
      200,
    );
    const moved = (await get(desk, 102)).body;
    assert.deepEqual(
      { ...moved, history: undefined },
      { booking_id: 102, jump_on: '2026-06-21', check_in: null, history: undefined },
    );
    assert.equal(
      (await desk.sync('POST', '/bookings', { external_id: 'HAS-PRODUCT', jump_on: '2026-06-20' })).status,
      200,
    );
    assert.equal((await get(desk, 102)).body.check_in.state, 'no_show');

    await put(desk, 102, { state: null, recorded_by: 'Nora' });
    assert.equal((await get(desk, 102)).body.check_in, null);
  });

  test('the booking page of a booking with no jump day, an unknown one, another dropzone’s', async () => {
    const made = await desk.sync('POST', '/bookings', { external_id: 'NO-DAY-READ', name: 'No Day' });
    assert.deepEqual((await get(desk, made.body.id)).body, {
      booking_id: made.body.id,
      jump_on: null,
      check_in: null,
      history: [],
    });
    for (const id of [999999, 200]) {
      const res = await get(desk, id);
      assert.equal(res.status, 404, String(id));
      assert.match(res.body.error, new RegExp(`booking ${id} not found`));
    }
    assert.equal((await get(desk, 'abc')).status, 404);
  });
});

describe('check-in in proxy mode', () => {
  let desk: TestDesk;
  before(async () => {
    desk = await startProxiedTestDesk();
  });
  after(() => desk.dispose());

  test("a check-in goes to the desk's copy of the remote: a local booking's id is not there, and nothing is written locally", async () => {
    const res = await put(desk, 101, { state: 'arrived', recorded_by: 'Rita' });
    assert.equal(res.status, 404);
    assert.equal(res.body.error, 'booking 101 not found');
    assert.deepEqual(desk.queryStore('SELECT * FROM check_ins'), []);
    // Reading the mark goes to the copy too: the local booking is not there either.
    const read = await desk.desk('GET', '/bookings/by-id/101/check-in');
    assert.equal(read.status, 404);
    assert.equal(read.body.error, 'booking 101 not found');
  });
});

describe('check-in: marks made apart arriving out of order', () => {
  let desk: TestDesk;
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-check-in-apart-'));
  before(async () => (desk = await startTestDesk({ dataDir })));
  after(async () => {
    await desk.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const minutesBefore = (minutes: number) => new Date(Date.parse(TEST_NOW) - minutes * 60_000).toISOString();
  const mark = (id: number, state: string | null, minutes: number, key: string, at: string) =>
    put(desk, id, { state, recorded_by: at, made_at: minutesBefore(minutes), key, desk: at });

  test('a clear made later than a mark that arrives after it stays in force; the history keeps all three', async () => {
    assert.equal((await mark(101, 'jumped', 10, 'apart-jumped-101', 'Video desk')).body.check_in.state, 'jumped');
    assert.equal((await mark(101, null, 5, 'apart-clear-101', 'Reception')).body.check_in, null);
    // Made at −8 min at the video desk, arriving last: older than the clear, so history only.
    const late = await mark(101, 'arrived', 8, 'apart-arrived-101', 'Video desk');
    assert.equal(late.status, 200, late.text);
    assert.equal(late.body.check_in, null);
    const read = await get(desk, 101);
    assert.equal(read.body.check_in, null);
    assert.deepEqual(
      read.body.history.map((h: { state: string | null; desk: string }) => [h.state, h.desk]),
      [
        ['jumped', 'Video desk'],
        ['arrived', 'Video desk'],
        [null, 'Reception'],
      ],
    );
    assert.deepEqual(await listed(desk, 'check_in=none&from=2026-06-20&to=2026-06-20'), [101, 102]);
  });

  test('of two marks made in the same millisecond, the one that arrives last is in force (one desk’s order)', async () => {
    await mark(102, 'no_show', 3, 'same-ms-no-show', 'Video desk');
    assert.equal((await mark(102, 'arrived', 3, 'same-ms-arrived', 'Reception')).body.check_in.state, 'arrived');
    assert.equal((await mark(102, 'jumped', 4, 'older-jumped', 'Video desk')).body.check_in.state, 'arrived');
  });
});
