import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestDesk, type TestDesk } from '../support/desk';

/**
 * `page` and `per_page` as written, however large (docs/spec-decisions.md): per_page above 200 is
 * 200, a page past the end is an empty 200, and a number too long for a JavaScript number or for
 * SQLite's LIMIT/OFFSET is a page past the end, never a 422 or a 500. Below 1 is a 422 saying so.
 */
const LARGE = {
  '1': 1,
  '200': 200,
  '201': 201,
  '10^6': 1_000_000,
  '2^31': 2 ** 31,
  // 2^53 itself is one past the last integer JSON keeps exactly: answered as 2^53 − 1.
  '2^53': Number.MAX_SAFE_INTEGER,
  '30 digits': Number.MAX_SAFE_INTEGER,
} as const;
const WRITTEN: Record<keyof typeof LARGE, string> = {
  '1': '1',
  '200': '200',
  '201': '201',
  '10^6': '1000000',
  '2^31': '2147483648',
  '2^53': '9007199254740992',
  '30 digits': '123456789012345678901234567890',
};

/** The Sync API's bookings list and the desk's own list: both page with the same rule. */
const LISTS = [
  {
    name: 'GET /api/f1/sync/bookings',
    get: (desk: TestDesk, query: string) => desk.sync('GET', `/bookings?${query}`),
  },
  {
    name: 'GET /api/desk/bookings',
    get: (desk: TestDesk, query: string) => desk.desk('GET', `/bookings?${query}`),
  },
] as const;

describe('page and per_page, however large', () => {
  let desk: TestDesk;
  before(async () => {
    desk = await startTestDesk();
    // 250 more bookings: a first page of 200 and a second of the rest.
    const bookings = Array.from({ length: 250 }, (_, i) => ({
      external_id: `PN-${String(i).padStart(3, '0')}`,
      name: `Pager ${i}`,
      jump_on: '2026-06-20',
    }));
    const res = await desk.sync('POST', '/bookings/batch', { bookings });
    assert.ok(res.body.results.every((r: { status: string }) => r.status === 'created'));
  });
  after(() => desk.dispose());

  for (const list of LISTS) {
    describe(list.name, () => {
      let total: number;
      before(async () => {
        total = (await list.get(desk, 'per_page=1')).body.pagination.total_count;
        assert.ok(total > 250 && total <= 400, `two pages of 200: ${total}`);
      });

      for (const [label, expected] of Object.entries(LARGE) as [keyof typeof LARGE, number][]) {
        test(`per_page=${label}: ${expected <= 200 ? 'as asked' : 'capped at 200'}`, async () => {
          const res = await list.get(desk, `per_page=${WRITTEN[label]}`);
          assert.equal(res.status, 200, res.text);
          const perPage = Math.min(expected, 200);
          assert.equal(res.body.pagination.per_page, perPage);
          assert.equal(res.body.bookings.length, Math.min(perPage, total));
          assert.equal(res.body.pagination.total_pages, Math.ceil(total / perPage));
          assert.equal(res.body.pagination.current_page, 1);
        });

        test(`page=${label}: ${expected <= 2 ? 'a page of bookings' : 'past the end, an empty 200'}`, async () => {
          const res = await list.get(desk, `page=${WRITTEN[label]}`);
          assert.equal(res.status, 200, res.text);
          const { pagination } = res.body;
          assert.equal(pagination.current_page, expected);
          assert.equal(pagination.total_count, total);
          assert.equal(pagination.total_pages, 2);
          assert.equal(res.body.bookings.length, expected === 1 ? 200 : 0);
          assert.equal(pagination.next_page, expected === 1 ? 2 : null);
          // Past the end points back to the last real page.
          assert.equal(pagination.prev_page, expected === 1 ? null : 2);
        });
      }

      test('page and per_page both huge: still an empty page, not an overflow', async () => {
        const res = await list.get(desk, `page=${WRITTEN['30 digits']}&per_page=${WRITTEN['2^53']}`);
        assert.equal(res.status, 200, res.text);
        assert.deepEqual(res.body.bookings, []);
        assert.equal(res.body.pagination.per_page, 200);
        assert.equal(res.body.pagination.current_page, Number.MAX_SAFE_INTEGER);
      });

      test('leading zeros are the number written after them', async () => {
        const res = await list.get(desk, 'page=0002&per_page=000200');
        assert.equal(res.status, 200, res.text);
        assert.equal(res.body.pagination.current_page, 2);
        assert.equal(res.body.bookings.length, total - 200);
      });

      for (const [query, field, message] of [
        ['page=0', 'page', /^must be 1 or more/],
        ['per_page=0', 'per_page', /^must be 1 or more/],
        ['page=-1', 'page', /^must be 1 or more/],
        ['per_page=-200', 'per_page', /^must be 1 or more/],
        [`page=-${WRITTEN['30 digits']}`, 'page', /^must be 1 or more/],
        ['page=1.5', 'page', /^must be a positive integer/],
        ['per_page=abc', 'per_page', /^must be a positive integer/],
        ['page=', 'page', /^must be a positive integer/],
        ['per_page=1e3', 'per_page', /^must be a positive integer/],
      ] as const) {
        test(`${query}: 422 saying what is wrong`, async () => {
          const res = await list.get(desk, query);
          assert.equal(res.status, 422, res.text);
          assert.match(res.body.fields[field], message);
        });
      }
    });
  }
});
