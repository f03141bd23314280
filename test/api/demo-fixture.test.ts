import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { dateInZone } from '../../shared/dates';
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

  test("every booking with a product has the ledger event of it (the bookings load through the Sync API's factory)", async () => {
    const withProduct = demo.dropzones[0].bookings.filter(
      (b: { external_id?: string; product_id?: number | null }) => b.external_id && b.product_id,
    );
    assert.ok(withProduct.length > 100);
    for (const b of withProduct) {
      const shown = bookingShow.parse((await get(`/bookings/${encodeURIComponent(b.external_id)}`)).body);
      assert.ok(
        shown.finance_events.some((e) => e.product_id === shown.product_id),
        `${b.external_id}: product ${shown.product_id} without its ledger event`,
      );
    }
  });

  test('every booking with finance events shows a consistent ledger', async () => {
    const withEvents = demo.dropzones[0].bookings.filter(
      (b: { external_id?: string; finance_events?: unknown[] }) => b.external_id && b.finance_events?.length,
    );
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

describe('fixtures/demo.json tells true stories (shared/service/actions.ts)', () => {
  type Event = {
    id: number;
    event_type: string;
    created_at: string;
    centi_credit_change: number;
    video_entitlement: string;
    camera_requirement: string | null;
  };
  type Booking = {
    external_id?: string;
    id: number;
    album_status_raw?: string | null;
    jump?: { camera: string | null; jumped_on?: string | null };
    finance_events?: Event[];
  };
  const dz = demo.dropzones[0];
  const bookings: Booking[] = dz.bookings;
  const name = (b: Booking) => b.external_id ?? `booking ${b.id}`;
  const dayOf = (instant: string) => dateInZone(new Date(instant), dz.timezone);
  const inLedgerOrder = (events: Event[] = []) =>
    [...events].sort((x, y) => x.created_at.localeCompare(y.created_at) || x.id - y.id);
  const REACHED_CUSTOMER = new Set(['regular', 'preview', 'reception_conversion']);
  const AFTER_DELIVERY = new Set(['upgrade', 'reception_upgrade']);

  test('only the types the desk writes; matching is `unspecified` with no credit, a preview entitles to nothing', () => {
    const written = new Set([
      'unspecified',
      'regular',
      'preview',
      'reception_conversion',
      'reception_upgrade',
      'upgrade',
      'manual_credit',
    ]);
    for (const b of bookings) {
      for (const e of b.finance_events ?? []) {
        assert.ok(written.has(e.event_type), `${name(b)}: ${e.event_type}`);
        if (e.event_type === 'unspecified' || e.event_type === 'preview')
          assert.equal(e.centi_credit_change, 0, `${name(b)} event ${e.id}`);
        if (e.event_type === 'preview')
          assert.deepEqual([e.video_entitlement, e.camera_requirement], ['none', null], `${name(b)} event ${e.id}`);
      }
    }
  });

  test('nothing reaches a customer before the recorded jump; upgrades come after the delivery', () => {
    let deliveries = 0;
    for (const b of bookings) {
      const events = inLedgerOrder(b.finance_events);
      const reached = events.filter((e) => REACHED_CUSTOMER.has(e.event_type));
      for (const e of reached) {
        assert.ok(b.jump?.camera && b.jump.jumped_on, `${name(b)}: ${e.event_type} without a recorded, filmed jump`);
        assert.ok(
          dayOf(e.created_at) >= b.jump.jumped_on!,
          `${name(b)}: ${e.event_type} on ${dayOf(e.created_at)}, before the jump on ${b.jump.jumped_on}`,
        );
        deliveries++;
      }
      const firstDelivery = events.findIndex(
        (e) => e.event_type === 'regular' || e.event_type === 'reception_conversion',
      );
      events.forEach((e, i) => {
        if (AFTER_DELIVERY.has(e.event_type))
          assert.ok(firstDelivery >= 0 && i > firstDelivery, `${name(b)}: ${e.event_type} before any delivery`);
      });
    }
    assert.ok(deliveries > 50);
  });

  test('albums agree with their ledgers: delivered_paid has one paid delivery, preview_sent a preview and no delivery', () => {
    for (const b of bookings) {
      const types = (b.finance_events ?? []).map((e) => e.event_type);
      const paid = types.filter((t) => t === 'regular' || t === 'reception_conversion').length;
      if (b.album_status_raw === 'delivered_paid') assert.equal(paid, 1, `${name(b)}: ${types.join(', ')}`);
      else assert.equal(paid, 0, `${name(b)} (${b.album_status_raw ?? 'no album'}): ${types.join(', ')}`);
      if (b.album_status_raw === 'preview_sent') assert.ok(types.includes('preview'), name(b));
    }
  });
});
