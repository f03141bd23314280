import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { albumReachedCustomer, albumStage } from '../../shared/service/album';
import {
  planAction,
  type BookingFacts,
  type LedgerEventFacts,
  type ProductFacts,
  type UpgradeFacts,
} from '../../shared/service/actions';
import { NO_ENTITLEMENTS, withUpgrade, type Entitlements } from '../../shared/service/entitlements';

const SELFIE_MAIN: Entitlements = {
  video_entitlement: 'main',
  camera_requirement: 'selfie',
  photos: false,
  has_4k: false,
  raw_footage: false,
};
const selfie: ProductFacts = {
  id: 1,
  name: 'Selfie video',
  active: true,
  price_cents: 9900,
  centi_credits: 100,
  entitlements: SELFIE_MAIN,
};
const combo: ProductFacts = {
  id: 2,
  name: 'Combo',
  active: true,
  price_cents: 19900,
  centi_credits: 250,
  entitlements: { ...SELFIE_MAIN, camera_requirement: 'both', video_entitlement: 'all', photos: true },
};
const fourK: UpgradeFacts = {
  id: 9,
  name: '4K footage',
  active: true,
  centi_credits: 50,
  grants_video_entitlement: null,
  grants_photos: false,
  grants_4k: true,
  grants_raw_footage: false,
  offered_to: ['main', 'all'],
};

const booking = (over: Partial<BookingFacts> = {}): BookingFacts => ({
  album_status_raw: null,
  product: selfie,
  jump_camera: 'selfie',
  jump_on: '2026-06-14',
  today: '2026-06-15',
  ledger: [],
  ...over,
});
const event = (
  id: number,
  event_type: string,
  entitlements: Entitlements,
  centi_credit_change: number,
  corrects_event_id: number | null = null,
): LedgerEventFacts => ({ id, event_type, entitlements, centi_credit_change, corrects_event_id });
const ok = (result: ReturnType<typeof planAction>) => {
  assert.ok(result.ok, result.ok ? '' : result.reason);
  return result.plan;
};
const refused = (result: ReturnType<typeof planAction>, pattern: RegExp) => {
  assert.equal(result.ok, false);
  if (!result.ok) assert.match(result.reason, pattern);
};

describe('entitlement arithmetic', () => {
  test('an upgrade adds what it grants, never takes video away, never changes the camera', () => {
    const base = { grants_video_entitlement: null, grants_photos: false, grants_4k: false, grants_raw_footage: false };
    assert.deepEqual(withUpgrade(SELFIE_MAIN, { ...base, grants_4k: true }), { ...SELFIE_MAIN, has_4k: true });
    assert.equal(withUpgrade(SELFIE_MAIN, { ...base, grants_video_entitlement: 'all' }).video_entitlement, 'all');
    assert.equal(
      withUpgrade({ ...SELFIE_MAIN, video_entitlement: 'all' }, { ...base, grants_video_entitlement: 'highlights' })
        .video_entitlement,
      'all',
    );
    assert.equal(
      withUpgrade({ ...SELFIE_MAIN, video_entitlement: 'insta' }, { ...base, grants_video_entitlement: 'main' })
        .video_entitlement,
      'main',
    );
    assert.equal(
      withUpgrade(SELFIE_MAIN, { ...base, grants_photos: true, grants_raw_footage: true }).camera_requirement,
      'selfie',
    );
  });
});

describe('album states', () => {
  test('raw values map to stages; a preview and a delivery both reached the customer', () => {
    assert.equal(albumStage(null), 'none');
    assert.equal(albumStage('preview_sent'), 'preview');
    assert.equal(albumStage('delivered_preview'), 'preview', 'a preview, though of the delivered_* family');
    assert.equal(albumStage('delivered_paid'), 'delivered');
    assert.equal(albumStage('delivered'), 'delivered');
    assert.equal(albumStage('archived'), 'other');
    assert.equal(albumReachedCustomer('preview_sent'), true);
    assert.equal(albumReachedCustomer(null), false);
  });
});

describe('what each action records', () => {
  test('deliver: regular, the product’s entitlements and credits, delivered_paid', () => {
    const plan = ok(planAction(booking(), { kind: 'deliver' }));
    assert.deepEqual(
      {
        type: plan.event_type,
        ents: plan.entitlements,
        change: plan.centi_credit_change,
        total: plan.centi_total_after,
        album: plan.album_after,
      },
      { type: 'regular', ents: SELFIE_MAIN, change: 100, total: 100, album: 'delivered_paid' },
    );
  });

  test('deliver is refused before a jump is recorded, before the jump date, twice, and without a product', () => {
    refused(planAction(booking({ jump_camera: null }), { kind: 'deliver' }), /no jump is recorded/);
    refused(planAction(booking({ jump_on: '2026-06-16' }), { kind: 'deliver' }), /after today/);
    refused(planAction(booking({ album_status_raw: 'delivered_paid' }), { kind: 'deliver' }), /delivered already/);
    refused(planAction(booking({ product: null }), { kind: 'deliver' }), /no paid product/);
  });

  test('a prospect: preview (credit change 0, no entitlements), then converted at reception', () => {
    const prospect = booking({ product: null });
    const preview = ok(planAction(prospect, { kind: 'send_preview' }));
    assert.deepEqual(
      [preview.event_type, preview.entitlements, preview.centi_credit_change, preview.album_after],
      ['preview', NO_ENTITLEMENTS, 0, 'preview_sent'],
    );
    const previewed = booking({
      product: null,
      album_status_raw: 'preview_sent',
      ledger: [event(1, 'preview', NO_ENTITLEMENTS, 0)],
    });
    const convert = ok(planAction(previewed, { kind: 'convert', product: combo }));
    assert.deepEqual(
      [
        convert.event_type,
        convert.entitlements,
        convert.centi_credit_change,
        convert.centi_total_after,
        convert.album_after,
        convert.product_id_after,
      ],
      ['reception_conversion', combo.entitlements, 250, 250, 'delivered_paid', combo.id],
    );
    refused(planAction(previewed, { kind: 'convert', product: { ...combo, price_cents: 0 } }), /free/);
    refused(planAction(booking(), { kind: 'send_preview' }), /paid product/);
    refused(planAction(booking({ product: null }), { kind: 'convert', product: combo }), /follows a free preview/);
  });

  test('upgrades: at reception (offered by entitlement, must change something) and online (type upgrade)', () => {
    const delivered = booking({ album_status_raw: 'delivered_paid', ledger: [event(1, 'regular', SELFIE_MAIN, 100)] });
    const atDesk = ok(planAction(delivered, { kind: 'reception_upgrade', upgrade: fourK }));
    assert.deepEqual(
      [atDesk.event_type, atDesk.entitlements.has_4k, atDesk.centi_credit_change, atDesk.centi_total_after],
      ['reception_upgrade', true, 50, 150],
    );
    const online = ok(planAction(delivered, { kind: 'online_upgrade', upgrade: fourK }));
    assert.equal(online.event_type, 'upgrade');
    refused(
      planAction(delivered, { kind: 'reception_upgrade', upgrade: { ...fourK, offered_to: ['all'] } }),
      /offered to video entitlements all; this booking has main/,
    );
    const has4k = booking({
      album_status_raw: 'delivered_paid',
      ledger: [event(1, 'regular', { ...SELFIE_MAIN, has_4k: true }, 100)],
    });
    refused(
      planAction(has4k, { kind: 'reception_upgrade', upgrade: { ...fourK, centi_credits: 0 } }),
      /changes nothing/,
    );
    refused(planAction(booking(), { kind: 'reception_upgrade', upgrade: fourK }), /delivered/);
  });

  test('a product change after delivery: reception_upgrade with the credit difference, or unspecified when nothing changes', () => {
    const delivered = booking({ album_status_raw: 'delivered_paid', ledger: [event(1, 'regular', SELFIE_MAIN, 100)] });
    const up = ok(planAction(delivered, { kind: 'change_product', product: combo }));
    assert.deepEqual(
      [up.event_type, up.centi_credit_change, up.centi_total_after, up.product_id_after],
      ['reception_upgrade', 150, 250, combo.id],
    );
    const twin = { ...selfie, id: 3, name: 'Selfie video (new name)' };
    const same = ok(planAction(delivered, { kind: 'change_product', product: twin }));
    assert.deepEqual([same.event_type, same.centi_credit_change], ['unspecified', 0]);
  });

  test('manual credit: signed, with a comment, entitlements carried; refused at 0 or without a comment', () => {
    const delivered = booking({ album_status_raw: 'delivered_paid', ledger: [event(1, 'regular', SELFIE_MAIN, 100)] });
    const refund = ok(
      planAction(delivered, { kind: 'manual_credit', centi_credit_change: -100, comment: ' Goodwill: footage lost ' }),
    );
    assert.deepEqual(
      [refund.event_type, refund.entitlements, refund.centi_total_after, refund.comment],
      ['manual_credit', SELFIE_MAIN, 0, 'Goodwill: footage lost'],
    );
    refused(planAction(delivered, { kind: 'manual_credit', centi_credit_change: 0, comment: 'x' }), /not 0/);
    refused(planAction(delivered, { kind: 'manual_credit', centi_credit_change: 1.5, comment: 'x' }), /whole number/);
    refused(planAction(delivered, { kind: 'manual_credit', centi_credit_change: 10, comment: '  ' }), /comment/);
  });

  test('a correction compensates the newest event: same type, credit negated, entitlements and album as before it', () => {
    const ledger = [event(1, 'preview', NO_ENTITLEMENTS, 0), event(2, 'reception_conversion', combo.entitlements, 250)];
    const converted = booking({ product: combo, album_status_raw: 'delivered_paid', ledger });
    const fix = ok(planAction(converted, { kind: 'correct', event_id: 2, comment: 'wrong customer' }));
    assert.deepEqual(
      [
        fix.event_type,
        fix.centi_credit_change,
        fix.centi_total_after,
        fix.entitlements,
        fix.album_after,
        fix.product_id_after,
        fix.corrects_event_id,
        fix.comment,
      ],
      ['reception_conversion', -250, 0, NO_ENTITLEMENTS, 'preview_sent', null, 2, 'Corrects event 2: wrong customer'],
    );
    refused(planAction(converted, { kind: 'correct', event_id: 1, comment: 'x' }), /only the newest event/);
    const corrected = booking({
      album_status_raw: 'preview_sent',
      ledger: [...ledger, event(3, 'reception_conversion', NO_ENTITLEMENTS, -250, 2)],
    });
    refused(planAction(corrected, { kind: 'correct', event_id: 3, comment: 'x' }), /itself a correction/);
    refused(planAction(corrected, { kind: 'correct', event_id: 2, comment: 'x' }), /corrected already/);
    refused(
      planAction(booking({ ledger: [event(5, 'upgrade', SELFIE_MAIN, 50)] }), {
        kind: 'correct',
        event_id: 5,
        comment: 'x',
      }),
      /payment processor/,
    );
    refused(planAction(converted, { kind: 'correct', event_id: 99, comment: 'x' }), /not in this booking's ledger/);
  });
});
