import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bookingShow } from '../../shared/schemas/booking';
import { startTestDesk, type TestDesk } from '../support/desk';

describe('GET /bookings/:external_id', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('shows the booking with its jump and finance events in ledger order', async () => {
    const res = await desk.sync('GET', '/bookings/DELIVERED-OLD');
    assert.equal(res.status, 200);
    bookingShow.parse(res.body);
    assert.equal(res.body.album_status_raw, 'delivered_paid');
    assert.deepEqual(res.body.jump, {
      id: 7,
      camera: 'videographer',
      filmer_id: 1,
      second_filmer_id: null,
      jumped_on: null,
    });
    // created_at ascending, the tie at 2026-03-02T12:00 broken by id (10 before 12).
    assert.deepEqual(
      res.body.finance_events.map((e: { id: number }) => e.id),
      [11, 10, 12],
    );
    assert.deepEqual(
      res.body.finance_events.map((e: { centi_total_credits: number }) => e.centi_total_credits),
      [200, 175, 225],
    );
  });

  test('derives the deprecated booleans and nests the upgrade payment', async () => {
    const res = await desk.sync('GET', '/bookings/DELIVERED-OLD');
    const [regular, , upgrade] = res.body.finance_events;
    assert.deepEqual(
      {
        selfie: regular.selfie,
        videographer: regular.videographer,
        either_video: regular.either_video,
        socials: regular.socials,
      },
      { selfie: false, videographer: true, either_video: false, socials: true },
    );
    assert.equal(regular.upgrade_payment, undefined, 'present only when the event relates to a paid upgrade');
    assert.equal(upgrade.event_type, 'upgrade');
    assert.deepEqual(
      {
        ammount: upgrade.upgrade_payment.ammount,
        currency: upgrade.upgrade_payment.currency,
        processor_id: upgrade.upgrade_payment.processor_id,
        upgrade_id: upgrade.upgrade_payment.upgrade_id,
      },
      { ammount: 3500, currency: 'EUR', processor_id: 'pi_123', upgrade_id: 2 },
    );
    assert.equal(upgrade.upgrade_payment.booking_id, 100);
  });

  test('an unknown external_id is a 404 with a JSON body', async () => {
    const res = await desk.sync('GET', '/bookings/NOPE');
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, { external_id: 'NOPE', error: 'booking not found', status: 'not_found' });
  });

  test('bookings without an external_id cannot be fetched individually', async () => {
    const list = await desk.sync('GET', '/bookings?include_all=true');
    const walkIn = list.body.bookings.find((b: { id: number }) => b.id === 103);
    assert.equal(walkIn.external_id, null);
    assert.equal((await desk.sync('GET', '/bookings/103')).status, 404);
  });
});

describe('POST /bookings: create', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('creates with 201 and status created; the booking is then shown', async () => {
    const res = await desk.sync('POST', '/bookings', {
      external_id: 'NEW-1',
      external_service: 'bookr',
      name: 'Ann Example',
      email: 'ann@example.com',
      mobile: '+31 6 1234',
      jump_on: '2026-06-20',
      language: 'nl',
      reference: 'tandem 10:00',
      show_publicly: true,
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.status, 'created');
    assert.equal(res.body.external_id, 'NEW-1');
    assert.equal(typeof res.body.id, 'number');
    assert.match(res.body.uuid, /^[0-9a-f-]{36}$/);
    assert.ok(res.body.link.length >= 8);
    const shown = await desk.sync('GET', '/bookings/NEW-1');
    assert.equal(shown.body.name, 'Ann Example');
    assert.equal(shown.body.show_publicly, true);
    assert.equal(shown.body.reference, 'tandem 10:00');
    assert.equal(shown.body.product_id, null);
    assert.deepEqual(shown.body.finance_events, []);
  });

  test('matches camera_package to the longest active prefix and records it in the ledger', async () => {
    const res = await desk.sync('POST', '/bookings', {
      external_id: 'NEW-2',
      jump_on: '2026-06-16',
      camera_package: 'SELFIE + photos (summer deal)',
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.product_id, 2);
    const events = (await desk.sync('GET', '/bookings/NEW-2')).body.finance_events;
    assert.equal(events.length, 1);
    // Matching records the entitlements; credits come with delivery (docs/spec-decisions.md, "Finance events").
    assert.equal(events[0].event_type, 'unspecified');
    assert.equal(events[0].product_id, 2);
    assert.equal(events[0].video_entitlement, 'main');
    assert.equal(events[0].camera_requirement, 'selfie');
    assert.equal(events[0].photos, true);
    assert.equal(events[0].centi_credit_change, 0);
    assert.equal(events[0].centi_total_credits, 0);
    assert.equal(events[0].selfie, true);
    assert.equal(events[0].socials, false);
  });

  test('an inactive product is never matched', async () => {
    const res = await desk.sync('POST', '/bookings', { external_id: 'NEW-3', camera_package: 'Legacy pack' });
    assert.equal(res.body.product_id, null);
  });

  test('exactly 14 days in the past is allowed; 15 is "booking is too old" and nothing is stored', async () => {
    assert.equal((await desk.sync('POST', '/bookings', { external_id: 'EDGE-14', jump_on: '2026-06-01' })).status, 201);
    const res = await desk.sync('POST', '/bookings', { external_id: 'EDGE-15', jump_on: '2026-05-31' });
    assert.equal(res.status, 406);
    assert.deepEqual(res.body, { external_id: 'EDGE-15', error: 'booking is too old', status: 'not_acceptable' });
    assert.equal((await desk.sync('GET', '/bookings/EDGE-15')).status, 404);
  });

  test('"requires external id" for a missing, null or blank external_id, with the field named in `fields`', async () => {
    for (const body of [{ name: 'x' }, { external_id: null, name: 'x' }, { external_id: '  ', name: 'x' }]) {
      const res = await desk.sync('POST', '/bookings', body);
      assert.equal(res.status, 422);
      assert.deepEqual(res.body, {
        error: 'requires external id',
        fields: { external_id: 'is required' },
        status: 'unprocessable_content',
      });
    }
  });

  test('external_ids with slashes, spaces, ?, # and non-ASCII work when URL-encoded', async () => {
    const externalId = 'Zoë/№ 5 ?#%20&';
    assert.equal((await desk.sync('POST', '/bookings', { external_id: externalId, name: 'Zoë' })).status, 201);
    const path = `/bookings/${encodeURIComponent(externalId)}`;
    const shown = await desk.sync('GET', path);
    assert.equal(shown.status, 200);
    assert.equal(shown.body.external_id, externalId);
    assert.equal((await desk.sync('DELETE', path)).status, 204);
    assert.equal((await desk.sync('GET', path)).status, 404);
  });
});

describe('"today" is the dropzone\'s date, not UTC', () => {
  let desk: TestDesk;
  // 23:30 UTC on 15 June is already 16 June in Amsterdam (UTC+2), so 14 days back is 2 June.
  before(async () => (desk = await startTestDesk({ now: '2026-06-15T23:30:00.000Z' })));
  after(() => desk.dispose());

  test('the 14-day limit counts from the local date', async () => {
    assert.equal((await desk.sync('POST', '/bookings', { external_id: 'TZ-1', jump_on: '2026-06-01' })).status, 406);
    assert.equal((await desk.sync('POST', '/bookings', { external_id: 'TZ-2', jump_on: '2026-06-02' })).status, 201);
  });
});

describe('POST /bookings: update', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('updates only the fields sent; status ok', async () => {
    const res = await desk.sync('POST', '/bookings', { external_id: 'NO-PRODUCT', mobile: '+49 170 000' });
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'ok');
    const shown = (await desk.sync('GET', '/bookings/NO-PRODUCT')).body;
    assert.equal(shown.mobile, '+49 170 000');
    assert.equal(shown.name, 'Nina Noproduct');
    assert.equal(shown.email, 'nina@example.com');
  });

  test('null clears a field', async () => {
    await desk.sync('POST', '/bookings', { external_id: 'NO-PRODUCT', email: null });
    assert.equal((await desk.sync('GET', '/bookings/NO-PRODUCT')).body.email, null);
  });

  test('a camera_package sent later matches a product and adds a ledger event', async () => {
    const res = await desk.sync('POST', '/bookings', { external_id: 'NO-PRODUCT', camera_package: 'Video + 4K' });
    assert.equal(res.body.status, 'ok');
    assert.equal(res.body.product_id, 3);
    const events = (await desk.sync('GET', '/bookings/NO-PRODUCT')).body.finance_events;
    assert.equal(events.length, 1);
    assert.equal(events[0].video_entitlement, 'all');
    assert.equal(events[0].camera_requirement, 'videographer');
    assert.equal(events[0].has_4k, true);
    assert.equal(events[0].socials, true);
    assert.equal(events[0].centi_total_credits, 0, 'no credit before delivery');
  });

  test('camera_package is locked once a product is matched: partial_update, the other fields still apply', async () => {
    const before = (await desk.sync('GET', '/bookings/HAS-PRODUCT')).body;
    assert.equal(before.product_id, 1);
    const res = await desk.sync('POST', '/bookings', {
      external_id: 'HAS-PRODUCT',
      camera_package: 'Video',
      name: 'Hank Renamed',
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {
      id: 102,
      external_id: 'HAS-PRODUCT',
      status: 'partial_update',
      warning: 'product locked, some changes ignored',
      ignored_attributes: ['camera_package'],
    });
    const after = (await desk.sync('GET', '/bookings/HAS-PRODUCT')).body;
    assert.equal(after.camera_package, 'Selfie basic');
    assert.equal(after.product_id, 1);
    assert.equal(after.name, 'Hank Renamed');
    assert.deepEqual(after.finance_events, before.finance_events, 'no ledger event for an ignored change');
  });

  test('re-sending the locked value unchanged is a plain ok', async () => {
    const res = await desk.sync('POST', '/bookings', {
      external_id: 'HAS-PRODUCT',
      camera_package: 'Selfie basic',
      language: 'de',
    });
    assert.equal(res.body.status, 'ok');
  });

  test('attributes edited by hand at the desk are locked too', async () => {
    const res = await desk.sync('POST', '/bookings', {
      external_id: 'HAND-EDITED',
      email: 'other@example.com',
      mobile: '123',
    });
    assert.equal(res.body.status, 'partial_update');
    assert.deepEqual(res.body.ignored_attributes, ['email']);
    const shown = (await desk.sync('GET', '/bookings/HAND-EDITED')).body;
    assert.equal(shown.email, 'typo@example');
    assert.equal(shown.mobile, '123');
    assert.deepEqual(shown.locked_attributes, ['email']);
  });

  test('an update that would make the booking too old is refused and changes nothing', async () => {
    const res = await desk.sync('POST', '/bookings', {
      external_id: 'NO-PRODUCT',
      jump_on: '2026-05-01',
      name: 'Changed',
    });
    assert.equal(res.status, 406);
    assert.equal(res.body.error, 'booking is too old');
    const shown = (await desk.sync('GET', '/bookings/NO-PRODUCT')).body;
    assert.equal(shown.jump_on, '2026-06-20');
    assert.equal(shown.name, 'Nina Noproduct');
  });

  test('an update of a booking delivered for a jump more than 60 days ago is a 409 conflict', async () => {
    const res = await desk.sync('POST', '/bookings', { external_id: 'DELIVERED-OLD', name: 'Reused id' });
    assert.equal(res.status, 409);
    assert.equal(res.body.status, 'conflict');
    assert.equal(res.body.external_id, 'DELIVERED-OLD');
    assert.match(res.body.error, /delivered .* more than 60 days ago/);
    assert.equal((await desk.sync('GET', '/bookings/DELIVERED-OLD')).body.name, 'Dora Delivered');
  });
});

describe('the 60-day reuse window and old, undelivered bookings', () => {
  let desk: TestDesk;
  const booking = (id: string, jump_on: string, album_status_raw?: string) => ({
    external_id: id,
    name: id,
    jump_on,
    album_status_raw,
  });
  before(
    async () =>
      (desk = await startTestDesk({
        seed: {
          dropzones: [
            {
              key: 'w',
              name: 'Window',
              timezone: 'Europe/Amsterdam',
              api_tokens: ['test-token-aaaaaaaaaaaaaaaa'],
              bookings: [
                booking('DELIVERED-60', '2026-04-16', 'delivered_paid'),
                booking('DELIVERED-61', '2026-04-15', 'delivered_unpaid'),
                booking('OLD-UNDELIVERED', '2026-03-01', 'pending'),
              ],
            },
          ],
        },
      })),
  );
  after(() => desk.dispose());

  test('delivered exactly 60 days ago can still be updated; 61 days is a conflict', async () => {
    assert.equal((await desk.sync('POST', '/bookings', { external_id: 'DELIVERED-60', name: 'x' })).status, 200);
    assert.equal((await desk.sync('POST', '/bookings', { external_id: 'DELIVERED-61', name: 'x' })).status, 409);
  });

  test('an old booking that was never delivered can be updated while its date stays', async () => {
    const res = await desk.sync('POST', '/bookings', {
      external_id: 'OLD-UNDELIVERED',
      name: 'New name',
      jump_on: '2026-03-01',
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.name, 'New name');
  });
});

describe('DELETE /bookings/:external_id', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('deletes permanently with 204 and no content; then 404', async () => {
    const res = await desk.sync('DELETE', '/bookings/NO-PRODUCT');
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    assert.equal((await desk.sync('GET', '/bookings/NO-PRODUCT')).status, 404);
    assert.equal((await desk.sync('DELETE', '/bookings/NO-PRODUCT')).status, 404);
  });

  test('the external_id can be used again for a new booking', async () => {
    const res = await desk.sync('POST', '/bookings', { external_id: 'NO-PRODUCT', name: 'Second life' });
    assert.equal(res.status, 201);
  });

  test('a deleted booking with a jump and a ledger goes; the jump and the ledger rows are kept', async () => {
    assert.equal((await desk.sync('DELETE', '/bookings/DELIVERED-OLD')).status, 204);
    assert.deepEqual(
      desk.queryStore('SELECT id FROM finance_events WHERE id IN (10, 11, 12) AND booking_id IS NULL ORDER BY id'),
      [{ id: 10 }, { id: 11 }, { id: 12 }],
    );
    assert.deepEqual(desk.queryStore('SELECT booking_id FROM jumps WHERE id = 7'), [{ booking_id: null }]);
  });
});
