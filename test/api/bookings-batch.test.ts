import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestDesk, type TestDesk } from '../support/desk';

describe('POST /bookings/batch', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('one result per element, in order, each with its own status', async () => {
    const res = await desk.sync('POST', '/bookings/batch/', {
      bookings: [
        { external_id: 'B-1', name: 'New one', jump_on: '2026-06-18', camera_package: 'Photos pack' },
        { external_id: 'NO-PRODUCT', name: 'Updated in batch' },
        { name: 'no id' },
        { external_id: 'B-OLD', jump_on: '2026-05-01' },
        { external_id: 'DELIVERED-OLD', name: 'x' },
        { external_id: 'HAS-PRODUCT', camera_package: 'Video', mobile: '555' },
        { external_id: 'B-BAD', jump_on: '2026/06/18' },
        'not an object',
      ],
    });
    assert.equal(res.status, 200);
    const statuses = res.body.results.map((r: { status: string }) => r.status);
    assert.deepEqual(statuses, [
      'created',
      'ok',
      'unprocessable_content',
      'not_acceptable',
      'conflict',
      'partial_update',
      'unprocessable_content',
      'unprocessable_content',
    ]);
    assert.equal(res.body.results[2].error, 'requires external id');
    assert.equal(res.body.results[3].error, 'booking is too old');
    assert.equal(res.body.results[5].warning, 'product locked, some changes ignored');
    assert.equal(res.body.results[6].external_id, 'B-BAD');
    assert.match(res.body.results[6].error, /jump_on/);
    assert.equal(res.body.results[0].external_id, 'B-1');
    assert.equal(res.body.results[0].product_id, 5);
  });

  test('the trailing slash is optional', async () => {
    const res = await desk.sync('POST', '/bookings/batch', { bookings: [{ external_id: 'B-2' }] });
    assert.deepEqual(
      res.body.results.map((r: { status: string }) => r.status),
      ['created'],
    );
  });

  test('failed elements store nothing; the others are stored', async () => {
    assert.equal((await desk.sync('GET', '/bookings/B-1')).status, 200);
    assert.equal((await desk.sync('GET', '/bookings/NO-PRODUCT')).body.name, 'Updated in batch');
    assert.equal((await desk.sync('GET', '/bookings/B-OLD')).status, 404);
    assert.equal((await desk.sync('GET', '/bookings/B-BAD')).status, 404);
    assert.equal((await desk.sync('GET', '/bookings/DELIVERED-OLD')).body.name, 'Dora Delivered');
    const hank = (await desk.sync('GET', '/bookings/HAS-PRODUCT')).body;
    assert.equal(hank.mobile, '555');
    assert.equal(hank.camera_package, 'Selfie basic');
  });

  test('an element for an existing booking is ok, not created; a repeated external_id updates the first', async () => {
    const res = await desk.sync('POST', '/bookings/batch', {
      bookings: [
        { external_id: 'B-1', name: 'Again' },
        { external_id: 'B-3', name: 'First' },
        { external_id: 'B-3', name: 'Second' },
      ],
    });
    assert.deepEqual(
      res.body.results.map((r: { status: string }) => r.status),
      ['ok', 'created', 'ok'],
    );
    assert.equal((await desk.sync('GET', '/bookings/B-3')).body.name, 'Second');
  });

  test('an empty batch answers an empty result list', async () => {
    assert.deepEqual((await desk.sync('POST', '/bookings/batch', { bookings: [] })).body, { results: [] });
  });

  test('a body without a bookings array is a 422', async () => {
    for (const body of [{}, { bookings: {} }, { filmers: [] }, []]) {
      const res = await desk.sync('POST', '/bookings/batch', body);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.match(res.body.error, /"bookings" array/);
    }
  });

  test('an element that fails inside the store is rolled back alone (savepoint per element)', async () => {
    // A trigger in the store refuses one external_id, standing in for any failure mid-element
    // (after the booking row is written, before the element completes).
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(desk.storeFile);
    db.exec(`CREATE TRIGGER refuse_boom AFTER INSERT ON finance_events
             WHEN (SELECT external_id FROM bookings WHERE id = NEW.booking_id) = 'BOOM'
             BEGIN SELECT RAISE(ABORT, 'refused by test trigger'); END;`);
    db.close();
    const res = await desk.sync('POST', '/bookings/batch', {
      bookings: [
        { external_id: 'BEFORE', camera_package: 'Selfie' },
        { external_id: 'BOOM', camera_package: 'Selfie' },
        { external_id: 'AFTER', camera_package: 'Selfie' },
      ],
    });
    assert.deepEqual(
      res.body.results.map((r: { status: string }) => r.status),
      ['created', 'internal_error', 'created'],
    );
    assert.match(res.body.results[1].error, /refused by test trigger/);
    assert.equal(
      (await desk.sync('GET', '/bookings/BOOM')).status,
      404,
      'the half-written booking row was rolled back',
    );
    assert.equal((await desk.sync('GET', '/bookings/BEFORE')).body.finance_events.length, 1);
    assert.equal((await desk.sync('GET', '/bookings/AFTER')).body.finance_events.length, 1);
  });
});

describe('one request, one instant', () => {
  let desk: TestDesk;
  // A clock that moves on by a minute every time it is read.
  let tick = 0;
  before(
    async () =>
      (desk = await startTestDesk({
        deskOptions: { now: () => new Date(Date.parse('2026-06-15T10:00:00Z') + 60_000 * tick++) },
      })),
  );
  after(() => desk.dispose());

  test('every element of a batch gets the same timestamps, and the next request a later one', async () => {
    const first = await desk.sync('POST', '/bookings/batch', {
      bookings: [
        { external_id: 'I-1', camera_package: 'Photos pack' },
        { external_id: 'I-2' },
        { external_id: 'I-3', camera_package: 'Video' },
      ],
    });
    assert.deepEqual(
      first.body.results.map((r: { status: string }) => r.status),
      ['created', 'created', 'created'],
    );
    const second = await desk.sync('POST', '/bookings/batch', { bookings: [{ external_id: 'I-4' }] });
    assert.equal(second.body.results[0].status, 'created');

    const rows = desk.queryStore<{ external_id: string; created_at: string; updated_at: string }>(
      "SELECT external_id, created_at, updated_at FROM bookings WHERE external_id LIKE 'I-%' ORDER BY external_id",
    );
    const batchStamps = new Set(rows.slice(0, 3).flatMap((r) => [r.created_at, r.updated_at]));
    assert.equal(batchStamps.size, 1, `one instant for the whole batch, got ${[...batchStamps].join(', ')}`);
    const ledgerStamps = desk.queryStore<{ created_at: string }>(
      "SELECT e.created_at FROM finance_events e JOIN bookings b ON b.id = e.booking_id WHERE b.external_id IN ('I-1', 'I-3')",
    );
    assert.equal(ledgerStamps.length, 2);
    assert.ok(
      ledgerStamps.every((e) => batchStamps.has(e.created_at)),
      'the ledger rows share the instant',
    );
    assert.ok(rows[3]!.created_at > rows[0]!.created_at, 'a later request, a later instant');
  });
});
