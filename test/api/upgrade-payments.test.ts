import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestDesk, type TestDesk } from '../support/desk';
import { OTHER_DZ_TOKEN, TEST_TOKEN } from '../support/seed';
import { SERVICE_SEED } from '../support/service-seed';

/**
 * POST /api/desk/upgrade-payments: an online purchase the processor confirmed becomes the
 * upgrade_payment row and its `upgrade` event, once per processor reference, by a payment relay
 * (the dropzone's Sync API token) or staff (the session).
 */

const payment = (over: object = {}) => ({
  external_id: 'DELIVERED-SELFIE',
  upgrade_id: 4,
  ammount: 2000,
  currency: 'eur',
  processor_id: 'pi_online_1',
  recorded_by: 'Stripe relay',
  ...over,
});
const relay = (desk: TestDesk, body: unknown, token = TEST_TOKEN) =>
  desk.request<any>('/api/desk/upgrade-payments', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const paymentRows = (desk: TestDesk) =>
  desk.queryStore<{ n: number }>('SELECT count(*) AS n FROM upgrade_payments')[0]!.n;

describe('online upgrade payments', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk({ seed: SERVICE_SEED })));
  after(() => desk.dispose());

  test('a confirmed payment: the payment row and the `upgrade` event, with what the upgrade grants; the amount actually paid', async () => {
    const rowsBefore = paymentRows(desk);
    const res = await relay(desk, payment());
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.status, 'created');
    const { event } = res.body;
    assert.deepEqual(
      [event.event_type, event.has_4k, event.centi_credit_change, event.centi_total_credits, event.recorded_by],
      ['upgrade', true, 25, 125, 'Stripe relay'],
    );
    assert.deepEqual(
      {
        ammount: event.upgrade_payment.ammount,
        currency: event.upgrade_payment.currency,
        processor_id: event.upgrade_payment.processor_id,
        upgrade_id: event.upgrade_payment.upgrade_id,
      },
      { ammount: 2000, currency: 'EUR', processor_id: 'pi_online_1', upgrade_id: 4 },
      'the amount paid (a discount) is recorded, not the list price',
    );
    assert.equal(paymentRows(desk), rowsBefore + 1);
    const shown = (await desk.sync('GET', '/bookings/DELIVERED-SELFIE')).body;
    assert.equal(
      shown.finance_events.at(-1).upgrade_payment.processor_id,
      'pi_online_1',
      'the Sync API shows it as spec 2.5 says',
    );
  });

  test('the same payment again (a relay’s retry) answers what was recorded, no second row or event', async () => {
    const rowsBefore = paymentRows(desk);
    const eventsBefore = (await desk.desk('GET', '/bookings/DELIVERED-SELFIE/ledger')).body.events.length;
    const res = await relay(desk, payment());
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'ok');
    assert.equal(res.body.event.upgrade_payment.processor_id, 'pi_online_1');
    assert.equal(paymentRows(desk), rowsBefore);
    assert.equal((await desk.desk('GET', '/bookings/DELIVERED-SELFIE/ledger')).body.events.length, eventsBefore);
  });

  test('the same processor reference with other details is a conflict naming them', async () => {
    const res = await relay(desk, payment({ ammount: 2500 }));
    assert.equal(res.status, 409);
    assert.match(
      res.body.error,
      /processor_id pi_online_1 was recorded already with other details: ammount \(recorded: 2000\)/,
    );
  });

  test('a currency other than the upgrade’s price currency is refused, naming the field', async () => {
    const res = await relay(desk, payment({ currency: 'USD', processor_id: 'pi_usd' }));
    assert.equal(res.status, 422);
    assert.deepEqual(Object.keys(res.body.fields), ['currency']);
    assert.match(res.body.fields.currency, /must be EUR/);
  });

  test('an unknown upgrade is 422 on upgrade_id, an unknown booking 404', async () => {
    const noUpgrade = await relay(desk, payment({ upgrade_id: 999, processor_id: 'pi_x' }));
    assert.equal(noUpgrade.status, 422);
    assert.deepEqual(noUpgrade.body.fields, { upgrade_id: '999 is no upgrade of this dropzone' });
    const noBooking = await relay(desk, payment({ external_id: 'NOPE', processor_id: 'pi_y' }));
    assert.equal(noBooking.status, 404);
    assert.equal(noBooking.body.external_id, 'NOPE');
  });

  test('a booking whose paid content was not delivered is refused by the rules, and no payment row is left behind', async () => {
    const rowsBefore = paymentRows(desk);
    const res = await relay(desk, payment({ external_id: 'FUTURE-JUMP', processor_id: 'pi_early' }));
    assert.equal(res.status, 409);
    assert.match(res.body.error, /nothing was sent yet: an upgrade follows delivered paid content/);
    assert.equal(paymentRows(desk), rowsBefore);
    assert.deepEqual(desk.queryStore("SELECT id FROM upgrade_payments WHERE processor_id = 'pi_early'"), []);
  });

  test('staff may record it with the session token; another dropzone’s token sees no such booking', async () => {
    const res = await desk.desk(
      'POST',
      '/upgrade-payments',
      payment({ processor_id: 'pi_counter', upgrade_id: 3, ammount: 1500 }),
    );
    assert.equal(res.status, 201, res.text);
    const other = await relay(desk, payment({ processor_id: 'pi_other' }), OTHER_DZ_TOKEN);
    assert.equal(other.status, 404);
  });

  test('bodies: every bad field named at once', async () => {
    const res = await relay(desk, {
      external_id: 'DELIVERED-SELFIE',
      upgrade_id: 'four',
      ammount: -5,
      currency: 'euro',
      processor_id: ' ',
      tip: 1,
    });
    assert.equal(res.status, 422);
    assert.deepEqual(Object.keys(res.body.fields).sort(), [
      'ammount',
      'currency',
      'processor_id',
      'recorded_by',
      'tip',
      'upgrade_id',
    ]);
  });

  test('a wrong token is 401', async () => {
    assert.equal((await relay(desk, payment(), 'nope-nope-nope-nope')).status, 401);
  });
});

describe('online upgrade payments in proxy mode', () => {
  let desk: TestDesk;
  before(async () => {
    desk = await startTestDesk({ seed: SERVICE_SEED });
    assert.equal(
      (await desk.admin('PUT', '/connection', { mode: 'proxy', remote_url: 'http://127.0.0.1:9' })).status,
      200,
    );
  });
  after(() => desk.dispose());

  test('are the remote service’s: refused with the reason', async () => {
    const res = await relay(desk, payment());
    assert.equal(res.status, 409);
    assert.match(res.body.error, /proxy mode: online payments are the remote service's/);
    assert.equal(paymentRows(desk), 1, 'only the seed’s');
  });
});
