import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestDesk, type TestDesk } from '../support/desk';
import { TEST_TOKEN } from '../support/seed';
import { SERVICE_SEED } from '../support/service-seed';

/**
 * Album and credits over HTTP (docs/desk-api.md): what is possible, a dry run, applying each
 * action with the event its meaning in spec 6 fits, refusals by the rules (409) and by the body
 * (422 naming the field), one event when two windows act at once, proxy mode, append-only.
 */

const ME = 'Rosa Reception';
const act = (desk: TestDesk, externalId: string, action: object, recorded_by: string = ME) =>
  desk.desk('POST', `/bookings/${encodeURIComponent(externalId)}/actions`, { action, recorded_by });
const preview = (desk: TestDesk, externalId: string, action: object) =>
  desk.desk('POST', `/bookings/${encodeURIComponent(externalId)}/actions/preview`, { action });
const ledgerOf = async (desk: TestDesk, externalId: string) =>
  (await desk.desk('GET', `/bookings/${encodeURIComponent(externalId)}/ledger`)).body.events;
const shown = async (desk: TestDesk, externalId: string) =>
  (await desk.sync('GET', `/bookings/${encodeURIComponent(externalId)}`)).body;
const actionOf = (list: { actions: { kind: string }[] }, kind: string) =>
  list.actions.find((a) => a.kind === kind) as any;

describe('album and credits: the actions of the service behind the API', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk({ seed: SERVICE_SEED })));
  after(() => desk.dispose());

  test('the list says what is possible now, each with its plan, and why the others are not', async () => {
    const res = await desk.desk('GET', '/bookings/JUMPED-PAID/actions');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.album_stage, 'none');
    assert.equal(res.body.centi_total_credits, 0, 'matching gave entitlements, no credit');
    const deliver = actionOf(res.body, 'deliver');
    assert.equal(deliver.available, true);
    assert.deepEqual(
      [
        deliver.plan.event_type,
        deliver.plan.centi_credit_change,
        deliver.plan.centi_total_before,
        deliver.plan.centi_total_after,
        deliver.plan.album_before,
        deliver.plan.album_after,
      ],
      ['regular', 100, 0, 100, null, 'delivered_paid'],
    );
    const sendPreview = actionOf(res.body, 'send_preview');
    assert.equal(sendPreview.available, false);
    assert.match(sendPreview.reason, /has a paid product \(Selfie video\): deliver it/);
    assert.match(
      actionOf(res.body, 'convert').reason,
      /nothing was sent yet: a conversion follows a free preview; this booking has a paid product \(Selfie video\): deliver it/,
    );
    assert.equal(actionOf(res.body, 'manual_credit').admin, true);
    assert.equal(actionOf(res.body, 'correct').admin, true);
  });

  test('a dry run shows the plan and writes nothing', async () => {
    const before = await ledgerOf(desk, 'JUMPED-PAID');
    const res = await preview(desk, 'JUMPED-PAID', { kind: 'deliver' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.plan.event_type, 'regular');
    assert.deepEqual(res.body.plan.entitlements_after, {
      video_entitlement: 'main',
      camera_requirement: 'selfie',
      photos: false,
      has_4k: false,
      raw_footage: false,
    });
    assert.deepEqual(await ledgerOf(desk, 'JUMPED-PAID'), before);
    assert.equal((await shown(desk, 'JUMPED-PAID')).album_status_raw, null);
  });

  test('deliver: `regular` with the product’s credits, recorded by the person, the album delivered_paid; a second deliver is refused', async () => {
    const res = await act(desk, 'JUMPED-PAID', { kind: 'deliver' }, '  Rosa Reception  ');
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(
      [
        res.body.event.event_type,
        res.body.event.centi_credit_change,
        res.body.event.centi_total_credits,
        res.body.event.recorded_by,
        res.body.event.product_id,
      ],
      ['regular', 100, 100, ME, 1],
    );
    assert.deepEqual(res.body.booking, {
      external_id: 'JUMPED-PAID',
      album_status_raw: 'delivered_paid',
      product_id: 1,
      centi_total_credits: 100,
    });
    const booking = await shown(desk, 'JUMPED-PAID');
    assert.equal(booking.album_status_raw, 'delivered_paid');
    assert.deepEqual(
      booking.finance_events.map((e: any) => e.event_type),
      ['unspecified', 'regular'],
    );
    assert.equal('recorded_by' in booking.finance_events[1], false, 'the Sync API show keeps the spec’s fields');
    const again = await act(desk, 'JUMPED-PAID', { kind: 'deliver' });
    assert.equal(again.status, 409);
    assert.deepEqual(again.body, { error: 'paid content was delivered already', status: 'conflict' });
  });

  test('a prospect: free preview (0 credits, no entitlements), then converted at reception to a paid product', async () => {
    const sent = await act(desk, 'JUMPED-PROSPECT', { kind: 'send_preview' });
    assert.equal(sent.status, 201, sent.text);
    assert.deepEqual(
      [sent.body.event.event_type, sent.body.event.centi_credit_change, sent.body.event.video_entitlement],
      ['preview', 0, 'none'],
    );
    assert.equal(sent.body.booking.album_status_raw, 'preview_sent');
    assert.match(
      (await act(desk, 'JUMPED-PROSPECT', { kind: 'deliver' })).body.error,
      /a free preview was sent: paid content follows a conversion at reception/,
    );
    const syncAfterPreview = await desk.sync('POST', '/bookings', {
      external_id: 'JUMPED-PROSPECT',
      camera_package: 'Video',
    });
    assert.equal(
      syncAfterPreview.body.status,
      'partial_update',
      'the preview reached the customer: a sync may not match a product behind reception',
    );
    assert.deepEqual(syncAfterPreview.body.ignored_attributes, ['camera_package']);
    assert.equal((await shown(desk, 'JUMPED-PROSPECT')).product_id, null);

    const free = await act(desk, 'JUMPED-PROSPECT', { kind: 'convert', product_id: 4 });
    assert.equal(free.status, 409);
    assert.match(free.body.error, /"Old package" is not active/);
    const converted = await act(desk, 'JUMPED-PROSPECT', { kind: 'convert', product_id: 2 });
    assert.equal(converted.status, 201, converted.text);
    assert.deepEqual(
      [
        converted.body.event.event_type,
        converted.body.event.centi_credit_change,
        converted.body.event.photos,
        converted.body.event.product_id,
      ],
      ['reception_conversion', 150, true, 2],
    );
    const booking = await shown(desk, 'JUMPED-PROSPECT');
    assert.deepEqual([booking.album_status_raw, booking.product_id], ['delivered_paid', 2]);
    const sync = await desk.sync('POST', '/bookings', { external_id: 'JUMPED-PROSPECT', camera_package: 'Video' });
    assert.equal(sync.body.status, 'partial_update', 'a product now: the sync may not change the package');
  });

  test('nothing is delivered before the jump: no recorded jump, or a jump after today, is refused (409)', async () => {
    const noJump = await act(desk, 'HAS-PRODUCT', { kind: 'deliver' });
    assert.equal(noJump.status, 409);
    assert.match(noJump.body.error, /no jump is recorded for this booking yet: record the jump/);
    const future = await act(desk, 'FUTURE-JUMP', { kind: 'deliver' });
    assert.equal(future.status, 409);
    assert.match(future.body.error, /the jump is on 2026-06-20, after today/);
    assert.equal((await shown(desk, 'FUTURE-JUMP')).album_status_raw, null);
  });

  test('reception upgrade: the upgrade’s grants merged and its credits; one that changes nothing is refused', async () => {
    const plan = await preview(desk, 'DELIVERED-SELFIE', { kind: 'reception_upgrade', upgrade_id: 3 });
    assert.equal(plan.status, 200, plan.text);
    assert.deepEqual(
      [
        plan.body.plan.entitlements_before.photos,
        plan.body.plan.entitlements_after.photos,
        plan.body.plan.centi_total_after,
      ],
      [false, true, 150],
    );
    const nothing = await act(desk, 'DELIVERED-SELFIE', { kind: 'reception_upgrade', upgrade_id: 1 });
    assert.equal(nothing.status, 409);
    assert.match(nothing.body.error, /upgrade "4K footage" is offered to video entitlements/);
    const res = await act(desk, 'DELIVERED-SELFIE', { kind: 'reception_upgrade', upgrade_id: 3 });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(
      [
        res.body.event.event_type,
        res.body.event.centi_credit_change,
        res.body.event.centi_total_credits,
        res.body.event.photos,
      ],
      ['reception_upgrade', 50, 150, true],
    );
  });

  test('a product change after delivery: new product’s credits minus the old’s, as reception_upgrade', async () => {
    const res = await act(desk, 'DELIVERED-SELFIE', { kind: 'change_product', product_id: 3 });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(
      [
        res.body.event.event_type,
        res.body.event.centi_credit_change,
        res.body.event.centi_total_credits,
        res.body.booking.product_id,
      ],
      ['reception_upgrade', 100, 250, 3],
    );
  });

  test('manual credit (administrator): signed, with a required comment', async () => {
    const refund = await desk.admin('POST', '/bookings/DELIVERED-SELFIE/ledger/manual-credits', {
      centi_credit_change: -30,
      comment: 'Goodwill refund: late upload',
      recorded_by: 'Ada Admin',
    });
    assert.equal(refund.status, 201, refund.text);
    assert.deepEqual(
      [
        refund.body.event.event_type,
        refund.body.event.centi_credit_change,
        refund.body.event.centi_total_credits,
        refund.body.event.comment,
        refund.body.event.recorded_by,
      ],
      ['manual_credit', -30, 220, 'Goodwill refund: late upload', 'Ada Admin'],
    );
    const noComment = await desk.admin('POST', '/bookings/DELIVERED-SELFIE/ledger/manual-credits', {
      centi_credit_change: 10,
      comment: '  ',
      recorded_by: 'Ada Admin',
    });
    assert.equal(noComment.status, 422);
    assert.deepEqual(Object.keys(noComment.body.fields), ['comment']);
    const zero = await desk.admin('POST', '/bookings/DELIVERED-SELFIE/ledger/manual-credits', {
      centi_credit_change: 0,
      comment: 'x',
      recorded_by: 'Ada Admin',
    });
    assert.equal(zero.status, 422);
    assert.match(zero.body.fields.centi_credit_change, /must not be 0/);
  });

  test('a correction is a new event naming the one it corrects: credits negated, once only, the newest only', async () => {
    const ledger = await ledgerOf(desk, 'DELIVERED-SELFIE');
    const newest = ledger.at(-1);
    const older = ledger.at(-2);
    const tooOld = await desk.admin('POST', '/bookings/DELIVERED-SELFIE/ledger/corrections', {
      event_id: older.id,
      comment: 'wrong',
      recorded_by: 'Ada Admin',
    });
    assert.equal(tooOld.status, 409);
    assert.match(tooOld.body.error, /only the newest event can be corrected/);
    const res = await desk.admin('POST', '/bookings/DELIVERED-SELFIE/ledger/corrections', {
      event_id: newest.id,
      comment: 'typed -30, meant -3',
      recorded_by: 'Ada Admin',
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(
      [res.body.event.event_type, res.body.event.centi_credit_change, res.body.event.corrects_event_id],
      ['manual_credit', 30, newest.id],
    );
    assert.match(res.body.event.comment, new RegExp(`^Corrects event ${newest.id}: typed -30, meant -3`));
    const after = await ledgerOf(desk, 'DELIVERED-SELFIE');
    assert.equal(after.find((e: any) => e.id === newest.id).corrected_by_event_id, res.body.event.id);
    assert.equal(
      after.find((e: any) => e.id === newest.id).centi_credit_change,
      -30,
      'the corrected event stays as it was',
    );
    const twice = await desk.admin('POST', '/bookings/DELIVERED-SELFIE/ledger/corrections', {
      event_id: newest.id,
      comment: 'again',
      recorded_by: 'Ada Admin',
    });
    assert.equal(twice.status, 409);
    assert.match(twice.body.error, /was corrected already/);
  });

  test('correcting a delivery takes the album back and the credits with it', async () => {
    await desk.desk('POST', '/bookings/OLD-JUMP/actions', { action: { kind: 'deliver' }, recorded_by: ME });
    const delivered = (await ledgerOf(desk, 'OLD-JUMP')).at(-1);
    const res = await desk.admin('POST', '/bookings/OLD-JUMP/ledger/corrections', {
      event_id: delivered.id,
      comment: 'delivered the wrong album',
      recorded_by: 'Ada Admin',
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(
      [
        res.body.event.event_type,
        res.body.event.centi_credit_change,
        res.body.booking.album_status_raw,
        res.body.booking.centi_total_credits,
      ],
      ['regular', -100, null, 0],
    );
  });

  test('a delivered album makes the 60-day reuse rule real: the booking system can no longer update it', async () => {
    const before = await desk.sync('POST', '/bookings', { external_id: 'OLD-JUMP', name: 'Olga Renamed' });
    assert.equal(before.status, 200, 'not delivered (taken back above): still updatable');
    assert.equal((await act(desk, 'OLD-JUMP', { kind: 'deliver' })).status, 201);
    const res = await desk.sync('POST', '/bookings', { external_id: 'OLD-JUMP', name: 'Someone Else' });
    assert.equal(res.status, 409);
    assert.equal(res.body.status, 'conflict');
  });

  test('two windows deliver at once: one event, the other refused by the rules', async () => {
    const [a, b] = await Promise.all([
      act(desk, 'RACE', { kind: 'deliver' }, 'Window A'),
      act(desk, 'RACE', { kind: 'deliver' }, 'Window B'),
    ]);
    assert.deepEqual([a.status, b.status].sort(), [201, 409]);
    const regular = (await ledgerOf(desk, 'RACE')).filter((e: any) => e.event_type === 'regular');
    assert.equal(regular.length, 1);
  });

  test('bodies: 422 naming each field; unknown products and upgrades named too', async () => {
    const noName = await desk.desk('POST', '/bookings/RACE/actions', { action: { kind: 'deliver' } });
    assert.equal(noName.status, 422);
    assert.deepEqual(noName.body.fields, { recorded_by: 'is required: the name of the person at the desk' });
    const blank = await act(desk, 'RACE', { kind: 'deliver' }, '   ');
    assert.match(blank.body.fields.recorded_by, /is required: the name of the person at the desk, not blank/);
    const long = await act(desk, 'RACE', { kind: 'deliver' }, 'x'.repeat(81));
    assert.match(long.body.fields.recorded_by, /at most 80/);
    const unknownKey = await desk.desk('POST', '/bookings/RACE/actions', {
      action: { kind: 'deliver' },
      recorded_by: ME,
      when: 'now',
    });
    assert.equal(unknownKey.status, 422);
    assert.ok('when' in unknownKey.body.fields, unknownKey.text);
    const extraInAction = await act(desk, 'RACE', { kind: 'deliver', product_id: 1 });
    assert.equal(extraInAction.status, 422);
    assert.ok(
      Object.keys(extraInAction.body.fields).some((f) => f.startsWith('action')),
      extraInAction.text,
    );
    const badKind = await act(desk, 'RACE', { kind: 'teleport' });
    assert.equal(badKind.status, 422);
    assert.ok(
      Object.keys(badKind.body.fields).some((f) => f.startsWith('action')),
      badKind.text,
    );
    const adminKind = await act(desk, 'RACE', { kind: 'manual_credit', centi_credit_change: 5, comment: 'x' });
    assert.equal(adminKind.status, 422, 'administrator actions have routes of their own');
    const noProduct = await act(desk, 'JUMPED-PROSPECT', { kind: 'change_product', product_id: 999 });
    assert.equal(noProduct.status, 422);
    assert.deepEqual(noProduct.body.fields, { 'action.product_id': '999 is no product of this dropzone' });
    const noUpgrade = await preview(desk, 'JUMPED-PAID', { kind: 'reception_upgrade', upgrade_id: 999 });
    assert.deepEqual(noUpgrade.body.fields, { 'action.upgrade_id': '999 is no upgrade of this dropzone' });
  });

  test('an unknown booking is 404; another dropzone’s booking is unknown', async () => {
    const res = await act(desk, 'NOPE', { kind: 'deliver' });
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, { error: 'booking not found', external_id: 'NOPE', status: 'not_found' });
    assert.equal((await desk.deskAs('other', 'GET', '/bookings/JUMPED-PAID/actions')).status, 404);
  });

  test('a booking system’s token cannot act on albums', async () => {
    const res = await desk.request('/api/desk/bookings/RACE/actions', {
      headers: { authorization: `Bearer ${TEST_TOKEN}` },
    });
    assert.equal(res.status, 403);
  });

  test('append-only: no route edits or deletes an event', async () => {
    const event = (await ledgerOf(desk, 'RACE')).at(-1);
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      const res = await desk.desk(
        method,
        `/bookings/RACE/ledger/${event.id}`,
        method === 'DELETE' ? undefined : { centi_credit_change: 0 },
      );
      assert.equal(res.status, 404, `${method}: ${res.text}`);
    }
    assert.deepEqual((await ledgerOf(desk, 'RACE')).at(-1), event);
  });
});

describe('album and credits in proxy mode', () => {
  let desk: TestDesk;
  before(async () => {
    desk = await startTestDesk({ seed: SERVICE_SEED });
    const res = await desk.admin('PUT', '/connection', { mode: 'proxy', remote_url: 'http://127.0.0.1:9' });
    assert.equal(res.status, 200, res.text);
  });
  after(() => desk.dispose());

  test('every action is the remote service’s: refused with the reason, nothing written', async () => {
    const calls = [
      desk.desk('GET', '/bookings/JUMPED-PAID/actions'),
      desk.desk('GET', '/bookings/JUMPED-PAID/ledger'),
      preview(desk, 'JUMPED-PAID', { kind: 'deliver' }),
      act(desk, 'JUMPED-PAID', { kind: 'deliver' }),
      desk.admin('POST', '/bookings/JUMPED-PAID/ledger/manual-credits', {
        centi_credit_change: 5,
        comment: 'x',
        recorded_by: 'Ada',
      }),
      desk.admin('POST', '/bookings/JUMPED-PAID/ledger/corrections', { event_id: 1, comment: 'x', recorded_by: 'Ada' }),
    ];
    for (const res of await Promise.all(calls)) {
      assert.equal(res.status, 409, res.text);
      assert.match(
        res.body.error,
        /the desk is in proxy mode: albums, deliveries and the finance ledger are the remote service's/,
      );
    }
    assert.deepEqual(
      desk.queryStore("SELECT id FROM finance_events WHERE event_type = 'regular' AND recorded_by IS NOT NULL"),
      [],
    );
  });
});

describe('correcting a product change puts the old product back', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk({ seed: SERVICE_SEED })));
  after(() => desk.dispose());

  test('product, entitlements and credits are as before the change; the change event stays in the ledger', async () => {
    const before = await shown(desk, 'DELIVERED-SELFIE');
    assert.equal(before.product_id, 1);
    const changed = await act(desk, 'DELIVERED-SELFIE', { kind: 'change_product', product_id: 3 });
    assert.equal(changed.status, 201, changed.text);
    assert.equal(changed.body.booking.product_id, 3);

    const res = await desk.admin('POST', '/bookings/DELIVERED-SELFIE/ledger/corrections', {
      event_id: changed.body.event.id,
      comment: 'changed the wrong booking',
      recorded_by: 'Ada Admin',
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.booking.product_id, 1, 'the product before the change is back');
    assert.equal(res.body.event.corrects_event_id, changed.body.event.id);
    assert.equal(res.body.booking.centi_total_credits, 100);
    const after = await shown(desk, 'DELIVERED-SELFIE');
    assert.equal(after.product_id, 1);
    assert.deepEqual(
      [after.finance_events.at(-1).video_entitlement, after.finance_events.at(-1).camera_requirement],
      ['main', 'selfie'],
    );
    assert.equal(after.album_status_raw, 'delivered_paid', 'a product change never moved the album');

    // The old product is the booking's again: changing to it now is "has it already".
    const list = await desk.desk('GET', '/bookings/DELIVERED-SELFIE/actions');
    const selfieChoice = actionOf(list.body, 'change_product').choices.find((c: any) => c.id === 1);
    assert.match(selfieChoice.reason, /has product "Selfie video" already/);
  });
});
