import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { bookingList, bookingShow } from '../../shared/schemas/booking';
import { productList } from '../../shared/schemas/catalogue';
import { filmerList } from '../../shared/schemas/filmer';
import { startTestDesk, type TestDesk } from '../support/desk';

const demo = JSON.parse(readFileSync(new URL('../../fixtures/demo.json', import.meta.url), 'utf8'));
const DEMO_TOKEN = 'demo-token-please-change';

describe('fixtures/demo.json', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk({ seed: demo, now: new Date().toISOString() })));
  after(() => desk.dispose());
  const get = (path: string) => desk.sync('GET', path, undefined, { authorization: `Bearer ${DEMO_TOKEN}` });

  test('loads, and every list has the spec shape', async () => {
    const bookings = await get('/bookings');
    assert.equal(bookings.status, 200);
    bookingList.parse(bookings.body);
    assert.ok(bookings.body.pagination.total_count > 200, 'a few hundred bookings');
    assert.ok(filmerList.parse((await get('/filmers?include_all=true')).body).length >= 12);
    productList.parse((await get('/products')).body);
  });

  test('its dates are moved to sit around today', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { body } = await get(`/bookings?q%5Bjump_on_gteq%5D=${today}&per_page=1`);
    assert.ok(body.pagination.total_count > 50, 'many bookings from today on');
  });

  test('every booking with a product has the ledger event of it (the bookings load through the Sync API\'s factory)', async () => {
    const withProduct = demo.dropzones[0].bookings.filter((b: { external_id?: string; product_id?: number | null }) => b.external_id && b.product_id);
    assert.ok(withProduct.length > 100);
    for (const b of withProduct) {
      const shown = bookingShow.parse((await get(`/bookings/${encodeURIComponent(b.external_id)}`)).body);
      assert.ok(shown.finance_events.some((e) => e.product_id === shown.product_id), `${b.external_id}: product ${shown.product_id} without its ledger event`);
    }
  });

  test('every booking with finance events shows a consistent ledger', async () => {
    const withEvents = demo.dropzones[0].bookings.filter((b: { external_id?: string; finance_events?: unknown[] }) => b.external_id && b.finance_events?.length);
    assert.ok(withEvents.length > 20);
    for (const b of withEvents.slice(0, 25)) {
      const shown = bookingShow.parse((await get(`/bookings/${encodeURIComponent(b.external_id)}`)).body);
      let total = 0;
      for (const e of shown.finance_events) {
        total += e.centi_credit_change;
        assert.equal(e.centi_total_credits, total, `${b.external_id} event ${e.id}`);
      }
    }
  });
});
