import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestDesk, type TestDesk } from '../support/desk';
import { BASE_SEED, TEST_TODAY } from '../support/seed';

/**
 * A date is read as written for every year 0001–9999 (shared/dates.ts): Date.UTC reads years
 * 0–99 as 1900–1999, so 0050-05-20 was refused as "not a date" when it is a date, and too old.
 * Year 0000 and five-digit years are not dates. Over HTTP: the Sync API's writes and filters, the
 * desk's list and a seed moved by dates_relative_to.
 */
const TOO_OLD_DATES = ['0001-01-01', '0050-05-20', '0099-12-31', '0100-01-01', '1950-05-20'];
const NOT_DATES = ['0000-01-01', '0000-12-31', '10000-01-01', '0100-02-29', '0050-13-01'];

describe('dates of every year, as written', () => {
  let desk: TestDesk;
  before(async () => {
    const [dropzone, ...others] = BASE_SEED.dropzones;
    desk = await startTestDesk({
      seed: {
        ...BASE_SEED,
        // One day before the tests' today: every seeded date moves one day on.
        dates_relative_to: '2026-06-14',
        dropzones: [
          {
            ...dropzone,
            bookings: [
              ...((dropzone as { bookings?: object[] }).bookings ?? []),
              { external_id: 'SEED-0099', name: 'Old Seed', jump_on: '0099-12-31' },
              { external_id: 'SEED-9999', name: 'Late Seed', jump_on: '9999-12-30' },
            ],
          },
          ...others,
        ],
      },
    });
  });
  after(() => desk.dispose());

  for (const jumpOn of TOO_OLD_DATES) {
    test(`POST /bookings with jump_on ${jumpOn}: a date, and too old (406)`, async () => {
      const res = await desk.sync('POST', '/bookings', { external_id: `OLD-${jumpOn}`, jump_on: jumpOn });
      assert.equal(res.status, 406, res.text);
      assert.equal(res.body.error, 'booking is too old');
    });
  }

  for (const jumpOn of NOT_DATES) {
    test(`POST /bookings with jump_on ${jumpOn}: not a date (422)`, async () => {
      const res = await desk.sync('POST', '/bookings', { external_id: `BAD-${jumpOn}`, jump_on: jumpOn });
      assert.equal(res.status, 422, res.text);
      assert.equal(res.body.fields.jump_on, 'must be a date in the form YYYY-MM-DD');
    });
  }

  test('9999-12-31 is a date (in the future, so taken)', async () => {
    const res = await desk.sync('POST', '/bookings', { external_id: 'LATE-1', name: 'Late', jump_on: '9999-12-31' });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.jump_on, '9999-12-31');
  });

  test('a seed moved by dates_relative_to crosses from 0099 into 0100, and 9999-12-30 to 9999-12-31', async () => {
    const old = await desk.sync('GET', '/bookings/SEED-0099');
    assert.equal(old.status, 200, old.text);
    assert.equal(old.body.jump_on, '0100-01-01');
    assert.equal((await desk.sync('GET', '/bookings/SEED-9999')).body.jump_on, '9999-12-31');
  });

  test('date filters of years below 100 are dates, compared as written', async () => {
    const before0100 = await desk.sync('GET', '/bookings?q%5Bjump_on_lt%5D=0100-01-02');
    assert.equal(before0100.status, 200, before0100.text);
    assert.deepEqual(
      before0100.body.bookings.map((b: { external_id: string }) => b.external_id),
      ['SEED-0099'],
    );
    const between = await desk.sync('GET', '/bookings?q%5Bjump_on_gteq%5D=0050-05-20&q%5Bjump_on_lteq%5D=0100-01-01');
    assert.equal(between.body.pagination.total_count, 1);
    const fromEarliest = await desk.sync('GET', '/bookings?q%5Bjump_on_gteq%5D=0001-01-01&per_page=1');
    const all = await desk.sync('GET', '/bookings?per_page=1');
    assert.equal(fromEarliest.body.pagination.total_count, all.body.pagination.total_count);
    for (const bad of ['0000-01-01', '10000-01-01']) {
      const res = await desk.sync('GET', `/bookings?q%5Bjump_on_gteq%5D=${bad}`);
      assert.equal(res.status, 422, bad);
      assert.equal(res.body.fields['q[jump_on_gteq]'], 'must be a date in the form YYYY-MM-DD');
    }
  });

  test("the desk's list takes a day range of years below 100", async () => {
    const res = await desk.desk('GET', '/bookings?from=0050-01-01&to=0100-01-01');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.bookings.map((b: { external_id: string }) => b.external_id),
      ['SEED-0099'],
    );
    assert.equal((await desk.desk('GET', '/bookings?from=0000-01-01')).status, 422);
  });

  test("today's bookings are not taken for too old (the rule still counts from the dropzone's today)", async () => {
    const res = await desk.sync('POST', '/bookings', { external_id: 'TODAY-1', name: 'Today', jump_on: TEST_TODAY });
    assert.equal(res.status, 201, res.text);
  });
});
