import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestDesk, type TestDesk } from '../support/desk';

describe('bookings: smoke', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('show a seeded booking', async () => {
    const res = await desk.sync('GET', '/bookings/DELIVERED-OLD');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.finance_events.map((e: { id: number }) => e.id), [11, 10, 12]);
    assert.deepEqual(res.body.finance_events.map((e: { centi_total_credits: number }) => e.centi_total_credits), [200, 175, 225]);
  });
});
