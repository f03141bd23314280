import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatHundredths, parseHundredths } from '../../renderer/src/features/catalogue/admin/amounts';
import { NEW_PRODUCT, productBody } from '../../renderer/src/features/catalogue/admin/product-form';
import { NEW_UPGRADE, upgradeBody } from '../../renderer/src/features/catalogue/admin/upgrade-form';

test('amounts as typed: two decimals at most, comma or point, spaces ignored', () => {
  assert.equal(parseHundredths('99'), 9900);
  assert.equal(parseHundredths('99.9'), 9990);
  assert.equal(parseHundredths(' 1 234,50 '), 123450);
  assert.equal(parseHundredths('0.05'), 5);
  for (const bad of ['', '-1', '1.234', 'abc', '1e3', '1.2.3']) assert.equal(parseHundredths(bad), undefined, bad);
  assert.equal(formatHundredths(250), '2.50');
});

test('the product form sends entitlements, price and credits in minor units; video none takes no camera', () => {
  const result = productBody({
    ...NEW_PRODUCT,
    name: ' Tandem ',
    booking_system_name: ' Tandem ',
    price: '149',
    credits: '1.5',
    camera_requirement: 'both',
  });
  assert.ok(result.ok);
  assert.deepEqual(result.body, {
    name: 'Tandem',
    booking_system_name: 'Tandem',
    price_cents: 14900,
    centi_credits: 150,
    active: true,
    video_entitlement: 'main',
    camera_requirement: 'both',
    photos: false,
    has_4k: false,
    raw_footage: false,
  });
  const none = productBody({ ...NEW_PRODUCT, price: '10', video_entitlement: 'none', camera_requirement: 'none' });
  assert.ok(none.ok && none.body.camera_requirement === null);
  const mismatch = productBody({
    ...NEW_PRODUCT,
    price: 'ten',
    video_entitlement: 'none',
    camera_requirement: 'selfie',
  });
  assert.ok(!mismatch.ok);
  assert.deepEqual(Object.keys(mismatch.errors).sort(), ['camera_requirement', 'price']);
});

test('the upgrade form: no video change is null; a malformed price identifier is caught before sending', () => {
  const result = upgradeBody({
    ...NEW_UPGRADE,
    name: 'Photos',
    price: '25',
    payment_price_identifier: 'price_photos',
    grants_photos: true,
    offered_to: ['main'],
  });
  assert.ok(result.ok);
  assert.equal(result.body.grants_video_entitlement, null);
  assert.equal(result.body.payment_price_cents, 2500);
  const bad = upgradeBody({ ...NEW_UPGRADE, price: '25', payment_price_identifier: 'price photos' });
  assert.ok(!bad.ok && bad.errors.payment_price_identifier);
});
