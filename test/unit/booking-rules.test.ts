import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isClosedForReuse, lockedAttributes, locksAfterHandEdit, planUpdate } from '../../electron/sync/booking-rules';
import { albumStage } from '../../shared/service/album';
import type { BookingRecord } from '../../electron/store/records';

const booking = (over: Partial<BookingRecord> = {}): BookingRecord => ({
  id: 1,
  dropzone_id: 1,
  uuid: 'u',
  link: 'l',
  external_id: 'E',
  external_service: null,
  name: 'Ann',
  email: 'a@x.io',
  mobile: null,
  jump_on: '2026-06-20',
  language: 'en',
  reference: null,
  camera_package: 'Selfie',
  show_publicly: false,
  album_status_raw: null,
  product_id: null,
  locked_attributes: [],
  created_at: '',
  updated_at: '',
  ...over,
});

test('delivered means the delivered_* family', () => {
  assert.equal(albumStage('delivered_paid'), 'delivered');
  assert.equal(albumStage('delivered_unpaid'), 'delivered');
  assert.equal(albumStage('delivered'), 'delivered');
  assert.equal(albumStage('undelivered'), 'other');
  assert.equal(albumStage('deliveredx'), 'other');
  assert.equal(albumStage(null), 'none');
});

test('closed for reuse: delivered and the jump more than 60 days ago', () => {
  const today = '2026-06-15';
  assert.equal(isClosedForReuse({ album_status_raw: 'delivered_paid', jump_on: '2026-04-15' }, today), true);
  assert.equal(isClosedForReuse({ album_status_raw: 'delivered_paid', jump_on: '2026-04-16' }, today), false);
  assert.equal(isClosedForReuse({ album_status_raw: 'pending', jump_on: '2025-01-01' }, today), false);
  assert.equal(isClosedForReuse({ album_status_raw: 'delivered_paid', jump_on: null }, today), false);
  assert.equal(
    isClosedForReuse({ album_status_raw: 'preview_sent', jump_on: '2026-04-15' }, today),
    true,
    'a preview reached the customer too',
  );
});

test('locks: camera_package once a product is matched, plus hand-edited attributes', () => {
  assert.deepEqual([...lockedAttributes(booking())], []);
  assert.deepEqual([...lockedAttributes(booking({ product_id: 3 }))], ['camera_package']);
  assert.deepEqual([...lockedAttributes(booking({ locked_attributes: ['email'], product_id: 3 }))].sort(), [
    'camera_package',
    'email',
  ]);
});

test('planUpdate: changes apply, locked differing values are ignored, equal values are neither', () => {
  const existing = booking({ product_id: 3, locked_attributes: ['name'] });
  const plan = planUpdate(existing, {
    external_id: 'E',
    camera_package: 'Video',
    name: 'Bob',
    email: 'a@x.io',
    mobile: '1',
    language: null,
  });
  assert.deepEqual(plan.changes, { mobile: '1', language: null });
  assert.deepEqual(plan.ignored, ['camera_package', 'name']);
  assert.deepEqual(planUpdate(existing, { external_id: 'E', camera_package: 'Selfie', name: 'Ann' }), {
    changes: {},
    ignored: [],
  });
});

test('planUpdate for a hand edit: no lock holds a person back', () => {
  const existing = booking({ product_id: 1, camera_package: 'Selfie', name: 'Ann', locked_attributes: ['name'] });
  const plan = planUpdate(existing, { external_id: 'E', camera_package: 'Video', name: 'Bob' }, new Set());
  assert.deepEqual(plan, { changes: { camera_package: 'Video', name: 'Bob' }, ignored: [] });
});

test('locksAfterHandEdit: the old locks plus the changed fields, once each, sorted', () => {
  assert.deepEqual(locksAfterHandEdit(['name', 'email'], ['mobile', 'name']), ['email', 'mobile', 'name']);
  assert.deepEqual(locksAfterHandEdit([], []), []);
});
