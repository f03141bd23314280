import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bookingList } from '../../shared/schemas/booking';
import { startTestDesk, type TestDesk } from '../support/desk';

const LIST_KEYS = ['id', 'uuid', 'link', 'external_id', 'name', 'email', 'jump_on', 'show_publicly'];

describe('GET /bookings', () => {
  let desk: TestDesk;
  before(async () => {
    desk = await startTestDesk();
    // 450 more bookings: enough for three pages of 200.
    const bookings = Array.from({ length: 450 }, (_, i) => ({
      external_id: `P-${String(i).padStart(3, '0')}`,
      name: i % 50 === 0 ? `Percent 100%_${i}` : `Guest ${i}`,
      email: `guest${i}@${i % 2 ? 'odd' : 'even'}.example`,
      jump_on: `2026-06-${String(10 + (i % 20)).padStart(2, '0')}`,
    }));
    const res = await desk.sync('POST', '/bookings/batch', { bookings });
    assert.ok(res.body.results.every((r: { status: string }) => r.status === 'created'));
  });
  after(() => desk.dispose());

  test('lists external bookings with the spec fields and the pagination object', async () => {
    const res = await desk.sync('GET', '/bookings');
    assert.equal(res.status, 200);
    bookingList.parse(res.body);
    for (const key of LIST_KEYS) assert.ok(key in res.body.bookings[0], `list item has ${key}`);
    assert.equal(res.body.bookings[0].finance_events, undefined, 'the list omits nested records');
    // 4 seeded external bookings of this dropzone + 450.
    assert.deepEqual(res.body.pagination, {
      current_page: 1,
      per_page: 200,
      total_pages: 3,
      total_count: 454,
      next_page: 2,
      prev_page: null,
    });
    assert.equal(res.body.bookings.length, 200);
    assert.ok(res.body.bookings.every((b: { external_id: string | null }) => b.external_id !== null));
  });

  test('include_all=true adds bookings without an external_id', async () => {
    const res = await desk.sync('GET', '/bookings?include_all=true&per_page=10');
    assert.equal(res.body.pagination.total_count, 455);
    assert.ok(res.body.bookings.some((b: { id: number }) => b.id === 103));
  });

  test('pages: the last page, next/prev and a page past the end', async () => {
    const last = await desk.sync('GET', '/bookings?page=3');
    assert.equal(last.body.bookings.length, 54);
    assert.deepEqual(last.body.pagination, {
      current_page: 3,
      per_page: 200,
      total_pages: 3,
      total_count: 454,
      next_page: null,
      prev_page: 2,
    });
    const past = await desk.sync('GET', '/bookings?page=9');
    assert.equal(past.body.bookings.length, 0);
    assert.equal(past.body.pagination.next_page, null);
    const ids = [
      ...(await desk.sync('GET', '/bookings?page=1')).body.bookings,
      ...(await desk.sync('GET', '/bookings?page=2')).body.bookings,
      ...last.body.bookings,
    ].map((b: { id: number }) => b.id);
    assert.equal(new Set(ids).size, 454, 'pages neither overlap nor skip');
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
      'ordered by id',
    );
  });

  test('per_page is capped at 200; per_page=50 gives 10 pages', async () => {
    assert.equal((await desk.sync('GET', '/bookings?per_page=500')).body.pagination.per_page, 200);
    const res = await desk.sync('GET', '/bookings?per_page=50&page=2');
    assert.equal(res.body.bookings.length, 50);
    assert.deepEqual(res.body.pagination, {
      current_page: 2,
      per_page: 50,
      total_pages: 10,
      total_count: 454,
      next_page: 3,
      prev_page: 1,
    });
  });

  test('q[name_cont] is case-insensitive and takes % and _ literally', async () => {
    const res = await desk.sync('GET', `/bookings?${new URLSearchParams({ 'q[name_cont]': 'PERCENT 100%_' })}`);
    assert.equal(res.body.pagination.total_count, 9);
    const underscoreOnly = await desk.sync('GET', `/bookings?${new URLSearchParams({ 'q[name_cont]': '_' })}`);
    assert.equal(underscoreOnly.body.pagination.total_count, 9, '_ is not a wildcard');
    const percentOnly = await desk.sync('GET', `/bookings?${new URLSearchParams({ 'q[name_cont]': '%' })}`);
    assert.equal(percentOnly.body.pagination.total_count, 9, '% is not a wildcard');
  });

  test('q[name_cont] folds non-ASCII letters', async () => {
    await desk.sync('POST', '/bookings', { external_id: 'UMLAUT', name: 'Jürgen Öztürk' });
    const res = await desk.sync('GET', `/bookings?${new URLSearchParams({ 'q[name_cont]': 'ÖZTÜ' })}`);
    assert.deepEqual(
      res.body.bookings.map((b: { external_id: string }) => b.external_id),
      ['UMLAUT'],
    );
    await desk.sync('DELETE', '/bookings/UMLAUT');
  });

  test('q[email_cont] filters by e-mail', async () => {
    const res = await desk.sync('GET', `/bookings?${new URLSearchParams({ 'q[email_cont]': '@ODD.' })}`);
    assert.equal(res.body.pagination.total_count, 225);
  });

  test('jump_on range filters: gteq, lteq, gt, lt, combined with a name filter', async () => {
    const count = async (q: Record<string, string>) =>
      (await desk.sync('GET', `/bookings?${new URLSearchParams(q)}`)).body.pagination.total_count;
    // P-i has jump_on 2026-06-(10 + i % 20): 22 or 23 bookings per day; seeded ones fall on 03-01, 06-20, 06-21.
    const perDay = (day: number) =>
      Array.from({ length: 450 }, (_, i) => 10 + (i % 20)).filter((d) => d === day).length;
    assert.equal(await count({ 'q[jump_on_gteq]': '2026-06-29' }), perDay(29));
    assert.equal(await count({ 'q[jump_on_gt]': '2026-06-28' }), perDay(29));
    assert.equal(await count({ 'q[jump_on_lt]': '2026-06-11' }), perDay(10) + 1);
    assert.equal(await count({ 'q[jump_on_lteq]': '2026-06-10' }), perDay(10) + 1);
    assert.equal(await count({ 'q[jump_on_gteq]': '2026-06-20', 'q[jump_on_lteq]': '2026-06-20' }), perDay(20) + 2);
    assert.equal(
      await count({ 'q[jump_on_gteq]': '2026-06-20', 'q[jump_on_lteq]': '2026-06-20', 'q[name_cont]': 'hank' }),
      1,
    );
  });

  test('a search within a date range pages like any list: counts, id order, no overlap, a page past the end', async () => {
    // "guest" within 06-10..06-19 (i % 20 < 10): 225 bookings, answered from one scan of the range.
    const q = {
      'q[name_cont]': 'guest',
      'q[jump_on_gteq]': '2026-06-10',
      'q[jump_on_lteq]': '2026-06-19',
      per_page: '100',
    };
    const expected = Array.from({ length: 450 }, (_, i) => i)
      .filter((i) => i % 50 !== 0 && i % 20 < 10)
      .map((i) => `P-${String(i).padStart(3, '0')}`);
    const pages = [];
    for (const page of [1, 2, 3])
      pages.push((await desk.sync('GET', `/bookings?${new URLSearchParams({ ...q, page: String(page) })}`)).body);
    assert.deepEqual(pages[0].pagination, {
      current_page: 1,
      per_page: 100,
      total_pages: Math.ceil(expected.length / 100),
      total_count: expected.length,
      next_page: 2,
      prev_page: null,
    });
    const listed = pages.flatMap((p) => p.bookings);
    assert.deepEqual(
      listed.map((b: { external_id: string }) => b.external_id),
      expected,
      'every match once, in id order',
    );
    bookingList.parse(pages[2]);
    const past = (await desk.sync('GET', `/bookings?${new URLSearchParams({ ...q, page: '9' })}`)).body;
    assert.deepEqual([past.bookings.length, past.pagination.total_count], [0, expected.length]);
  });

  test('blank filters are no filter', async () => {
    const res = await desk.sync('GET', '/bookings?q%5Bname_cont%5D=&q%5Bjump_on_gteq%5D=');
    assert.equal(res.body.pagination.total_count, 454);
  });

  test('malformed, unknown or repeated parameters are a 422 naming them', async () => {
    const cases: [string, string][] = [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['per_page=-5', 'per_page'],
      ['include_all=yes', 'include_all'],
      ['q%5Bjump_on_gteq%5D=15-06-2026', 'q[jump_on_gteq]'],
      ['q%5Bjump_on_lt%5D=2026-02-30', 'q[jump_on_lt]'],
      ['q%5Bname_start%5D=x', 'q[name_start]'],
      ['page=1&page=2', 'page'],
    ];
    for (const [query, field] of cases) {
      const res = await desk.sync('GET', `/bookings?${query}`);
      assert.equal(res.status, 422, query);
      assert.equal(res.body.status, 'unprocessable_content');
      assert.ok(field in res.body.fields, `${query} names ${field}: ${res.text}`);
    }
  });
});
