import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestDesk, type TestDesk } from '../support/desk';

let desk: TestDesk;
before(async () => (desk = await startTestDesk()));
after(() => desk.dispose());

test('GET /api/desk/day-sheet lists names as people read them, not as plain text', async () => {
  const day = '2026-06-25';
  const bookings = ['Zed Last', 'Ann 10', 'élise Petit', 'Ann 2', 'Elise Petit', 'bob Small'].map((name, i) => ({
    external_id: `SHEET-${i}`,
    name,
    jump_on: day,
  }));
  const saved = await desk.sync('POST', '/bookings/batch', { bookings });
  assert.equal(saved.status, 200, saved.text);
  const sheet = await desk.desk('GET', `/day-sheet?day=${day}`);
  assert.equal(sheet.status, 200, sheet.text);
  assert.deepEqual(
    sheet.body.bookings.map((b: { name: string }) => b.name),
    // Equal to the collator ("élise" = "Elise"): the order they were made in.
    ['Ann 2', 'Ann 10', 'bob Small', 'élise Petit', 'Elise Petit', 'Zed Last'],
  );
});
