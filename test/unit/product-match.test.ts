import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchProduct } from '../../shared/service/product-match';

const products = [
  { id: 1, active: true, booking_system_name: 'Selfie' },
  { id: 2, active: true, booking_system_name: 'Selfie + Photos' },
  { id: 3, active: false, booking_system_name: 'Selfie + Photos + 4K' },
  { id: 4, active: true, booking_system_name: 'video' },
  { id: 5, active: true, booking_system_name: '' },
  { id: 6, active: true, booking_system_name: 'VIDEO' },
  { id: 7, active: true, booking_system_name: 'Ünïcode' },
];

test('the longest active case-insensitive prefix wins', () => {
  assert.equal(matchProduct(products, 'Selfie + Photos + 4K')?.id, 2, 'inactive product 3 is skipped');
  assert.equal(matchProduct(products, 'selfie + photos')?.id, 2);
  assert.equal(matchProduct(products, 'SELFIE basic')?.id, 1);
});

test('equal-length names tie-break on the lowest id', () => {
  assert.equal(matchProduct(products, 'Video package')?.id, 4);
});

test('no match, empty or missing packages give no product; an empty name never matches', () => {
  assert.equal(matchProduct(products, 'Photos'), undefined);
  assert.equal(matchProduct(products, ''), undefined);
  assert.equal(matchProduct(products, null), undefined);
  assert.equal(matchProduct(products, 'Selfi'), undefined, 'a package shorter than the name is not a prefix match');
});

test('case folding covers non-ASCII letters', () => {
  assert.equal(matchProduct(products, 'üNÏCODE deluxe')?.id, 7);
});
