import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startTestDesk, type TestDesk } from '../support/desk';
import { BASE_SEED, TEST_TOKEN } from '../support/seed';

/** Hand edits at the desk (/api/desk/bookings/:external_id) and how they hold against the sync. */
describe('hand edits', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  const locksOf = async (externalId: string): Promise<string[]> =>
    (await desk.sync('GET', `/bookings/${encodeURIComponent(externalId)}`)).body.locked_attributes;

  test('applies the change and locks each field it changed', async () => {
    const res = await desk.desk('PATCH', '/bookings/NO-PRODUCT', {
      name: 'Nina Fixed',
      mobile: '+31 6 0000',
      email: 'nina@example.com',
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'ok');
    assert.equal(res.body.name, 'Nina Fixed');
    // email was sent with its stored value: not a change, so not locked.
    assert.deepEqual(res.body.locked_attributes, ['mobile', 'name']);
    assert.deepEqual(await locksOf('NO-PRODUCT'), ['mobile', 'name']);
  });

  test('the next sync cannot undo a hand edit, but changes the other fields', async () => {
    const res = await desk.sync('POST', '/bookings', {
      external_id: 'NO-PRODUCT',
      name: 'Booking System Name',
      language: 'de',
    });
    assert.equal(res.body.status, 'partial_update');
    assert.deepEqual(res.body.ignored_attributes, ['name']);
    const shown = (await desk.sync('GET', '/bookings/NO-PRODUCT')).body;
    assert.equal(shown.name, 'Nina Fixed');
    assert.equal(shown.language, 'de');
  });

  test('unlock hands a field back to the booking system', async () => {
    const res = await desk.desk('POST', '/bookings/NO-PRODUCT/unlock', { fields: ['name'] });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.locked_attributes, ['mobile']);
    const sync = await desk.sync('POST', '/bookings', { external_id: 'NO-PRODUCT', name: 'Booking System Name' });
    assert.equal(sync.body.status, 'ok');
    assert.equal(sync.body.name, 'Booking System Name');
  });

  test('a person may change a field the sync may not: camera_package of a booking with a product', async () => {
    const before = (await desk.sync('GET', '/bookings/HAS-PRODUCT')).body;
    assert.equal(before.product_id, 1);
    const res = await desk.desk('PATCH', '/bookings/HAS-PRODUCT', { camera_package: 'Video with 4K' });
    assert.equal(res.body.status, 'ok');
    assert.equal(res.body.product_id, 3, 'the new package matched its product');
    assert.ok(res.body.locked_attributes.includes('camera_package'));
    const ledger = (await desk.sync('GET', '/bookings/HAS-PRODUCT')).body.finance_events;
    const last = ledger[ledger.length - 1];
    // Before delivery nothing reached the customer and no credit moves: the product's entitlements, as `unspecified`.
    assert.deepEqual(
      [last.event_type, last.product_id, last.centi_credit_change, last.has_4k],
      ['unspecified', 3, 0, true],
    );
  });

  test('the same date rules as a sync update: a jump date too far back is refused, nothing changes', async () => {
    const res = await desk.desk('PATCH', '/bookings/HAND-EDITED', { jump_on: '2026-05-01', name: 'Changed' });
    assert.equal(res.status, 406);
    assert.equal(res.body.error, 'booking is too old');
    const shown = (await desk.sync('GET', '/bookings/HAND-EDITED')).body;
    assert.equal(shown.name, 'Hand Edited');
    assert.deepEqual(shown.locked_attributes, ['email']);
  });

  test('a booking delivered long ago is closed to hand edits too (409)', async () => {
    const res = await desk.desk('PATCH', '/bookings/DELIVERED-OLD', { name: 'x' });
    assert.equal(res.status, 409);
    assert.equal(res.body.status, 'conflict');
  });

  test('once the album reached the customer, the camera package is not changed by hand: the product changes with "Change product"', async () => {
    assert.equal(
      (
        await desk.sync('POST', '/bookings', {
          external_id: 'HAND-DELIVERED',
          name: 'Dee Delivered',
          jump_on: '2026-06-15',
          camera_package: 'Selfie basic',
        })
      ).status,
      201,
    );
    assert.equal(
      (await desk.desk('PUT', '/bookings/HAND-DELIVERED/jump', { camera: 'selfie', filmer_id: 2, recorded_by: 'Sam' }))
        .status,
      201,
    );
    assert.equal(
      (await desk.desk('POST', '/bookings/HAND-DELIVERED/actions', { action: { kind: 'deliver' }, recorded_by: 'Sam' }))
        .status,
      201,
    );
    const ledgerBefore = (await desk.sync('GET', '/bookings/HAND-DELIVERED')).body.finance_events.length;
    const res = await desk.desk('PATCH', '/bookings/HAND-DELIVERED', { camera_package: 'Video deluxe' });
    assert.equal(res.status, 409, res.text);
    assert.match(res.body.fields.camera_package, /Change product/);
    const shown = (await desk.sync('GET', '/bookings/HAND-DELIVERED')).body;
    assert.equal(shown.camera_package, 'Selfie basic');
    assert.equal(shown.finance_events.length, ledgerBefore, 'no event written');
    assert.equal(
      (await desk.desk('PATCH', '/bookings/HAND-DELIVERED', { name: 'Dee Renamed' })).status,
      200,
      'other fields still take a hand edit',
    );
  });

  test('bad input: wrong types, unknown keys, external_id, no object; unknown fields to unlock', async () => {
    const wrongType = await desk.desk('PATCH', '/bookings/NO-PRODUCT', { show_publicly: 'yes', jump_on: '20-06-2026' });
    assert.equal(wrongType.status, 422);
    assert.deepEqual(Object.keys(wrongType.body.fields).sort(), ['jump_on', 'show_publicly']);
    const unknownKey = await desk.desk('PATCH', '/bookings/NO-PRODUCT', { product_id: 3 });
    assert.equal(unknownKey.status, 422);
    assert.equal(unknownKey.body.fields.product_id, 'is not a writable booking attribute');
    const renamed = await desk.desk('PATCH', '/bookings/NO-PRODUCT', { external_id: 'OTHER' });
    assert.equal(renamed.status, 422, 'the path names the booking; its external_id is not editable by hand');
    assert.equal((await desk.desk('PATCH', '/bookings/NO-PRODUCT', [1, 2])).status, 422);
    const malformed = await desk.desk('PATCH', '/bookings/NO-PRODUCT', '{"name": ');
    assert.equal(malformed.status, 400);
    const badUnlock = await desk.desk('POST', '/bookings/NO-PRODUCT/unlock', { fields: ['product_id'] });
    assert.equal(badUnlock.status, 422);
    assert.match(badUnlock.body.fields['fields.0'], /must be one of/);
    assert.equal((await desk.desk('POST', '/bookings/NO-PRODUCT/unlock', { fields: [] })).status, 422);
    assert.deepEqual(await locksOf('NO-PRODUCT'), ['mobile'], 'nothing changed by the refused calls');
  });

  test("unknown bookings and other dropzones' bookings are 404", async () => {
    for (const id of ['NOPE', 'OTHER-1']) {
      const res = await desk.desk('PATCH', `/bookings/${id}`, { name: 'x' });
      assert.equal(res.status, 404);
      assert.deepEqual(res.body, { external_id: id, error: 'booking not found', status: 'not_found' });
      assert.equal((await desk.desk('POST', `/bookings/${id}/unlock`, { fields: ['name'] })).status, 404);
    }
    assert.equal(desk.queryStore("SELECT name FROM bookings WHERE external_id = 'OTHER-1'")[0].name, 'Somebody Else');
  });

  test('external_ids with slashes, spaces and non-ASCII work URL-encoded', async () => {
    const externalId = 'Ré/2 #x?';
    assert.equal((await desk.sync('POST', '/bookings', { external_id: externalId, name: 'A' })).body.status, 'created');
    const res = await desk.desk('PATCH', `/bookings/${encodeURIComponent(externalId)}`, { name: 'B' });
    assert.equal(res.body.name, 'B');
    assert.deepEqual(await locksOf(externalId), ['name']);
  });

  test("a wrong token is 401; a booking system's Sync API token is 403: hand edits are for people at the desk", async () => {
    for (const [token, status] of [
      ['nope', 401],
      [TEST_TOKEN, 403],
    ] as const) {
      const res = await desk.request('/api/desk/bookings/NO-PRODUCT', {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x' }),
      });
      assert.equal(res.status, status);
    }
    assert.notEqual((await desk.sync('GET', '/bookings/NO-PRODUCT')).body.name, 'x');
  });
});

describe('hand edits in proxy mode', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk({ seed: BASE_SEED })));
  after(() => desk.dispose());
  beforeEach(async () => {
    const switched = await desk.admin('PUT', '/connection', { mode: 'proxy', remote_url: 'http://remote.invalid' });
    assert.equal(switched.status, 200);
  });

  test('are refused with a pointer to the Sync API, and the local store is untouched', async () => {
    const res = await desk.desk('PATCH', '/bookings/NO-PRODUCT', { name: 'x' });
    assert.equal(res.status, 409);
    assert.match(res.body.error, /proxy mode/);
    assert.equal((await desk.desk('POST', '/bookings/NO-PRODUCT/unlock', { fields: ['name'] })).status, 409);
    assert.equal(
      desk.queryStore("SELECT name FROM bookings WHERE external_id = 'NO-PRODUCT'")[0].name,
      'Nina Noproduct',
    );
  });
});
