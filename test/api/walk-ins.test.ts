import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { EMAIL_INVALID } from '../../shared/rules/email';
import { WALK_IN_NAME_REQUIRED } from '../../shared/rules/walk-in';
import { startProxiedTestDesk, startTestDesk, type TestDesk } from '../support/desk';
import { BASE_SEED } from '../support/seed';

/**
 * Walk-ins (customers who turn up without a booking): bookings made at the desk with no external
 * id, addressed by the desk's id.
 */
describe('walk-ins', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  const listed = async (includeAll: boolean): Promise<number[]> => {
    const res = await desk.sync('GET', `/bookings?per_page=200${includeAll ? '&include_all=true' : ''}`);
    assert.equal(res.status, 200);
    return res.body.bookings.map((b: { id: number }) => b.id);
  };

  test('created with just a name: no external id, nothing locked, shown by its id', async () => {
    const res = await desk.desk('POST', '/bookings', { name: 'Wanda Walk-in' });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.status, 'created');
    assert.equal(res.body.external_id, null);
    assert.equal(res.body.name, 'Wanda Walk-in');
    assert.equal(res.body.product_id, null);
    assert.deepEqual(res.body.locked_attributes, []);
    const shown = await desk.desk('GET', `/bookings/by-id/${res.body.id}`);
    assert.equal(shown.status, 200);
    assert.equal(shown.body.name, 'Wanda Walk-in');
    assert.deepEqual(shown.body.finance_events, []);
    assert.equal(shown.body.jump, null);
  });

  test('created with every field: the package is matched to its product and the ledger records it', async () => {
    const body = {
      name: 'Walter Full',
      email: 'walter@example.com',
      mobile: '+31 6 1234',
      jump_on: '2026-06-20',
      language: 'nl',
      reference: 'paid cash',
      camera_package: 'Video deluxe',
      show_publicly: true,
      external_service: 'desk',
    };
    const res = await desk.desk('POST', '/bookings', body);
    assert.equal(res.status, 201, res.text);
    for (const [field, value] of Object.entries(body)) assert.deepEqual(res.body[field], value, field);
    assert.equal(res.body.product_id, 3, '"Video deluxe" starts with the Videographer product\'s "Video"');
    const ledger = (await desk.desk('GET', `/bookings/by-id/${res.body.id}`)).body.finance_events;
    assert.equal(ledger.length, 1);
    assert.equal(ledger[0].product_id, 3);
    assert.equal(desk.queryStore('SELECT COUNT(*) AS n FROM finance_events WHERE booking_id = ?', res.body.id)[0].n, 1);
  });

  test('a blank name is refused naming the field, nothing stored', async () => {
    const before = desk.queryStore('SELECT COUNT(*) AS n FROM bookings')[0].n;
    for (const body of [{}, { name: '   ' }, { name: null, email: 'a@b.co' }]) {
      const res = await desk.desk('POST', '/bookings', body);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.equal(res.body.fields.name, WALK_IN_NAME_REQUIRED);
      assert.match(res.body.error, /^name /);
    }
    assert.equal(desk.queryStore('SELECT COUNT(*) AS n FROM bookings')[0].n, before);
  });

  test("a bad e-mail is refused with the importer's words; an external id or an unknown field is not a walk-in's", async () => {
    const bad = await desk.desk('POST', '/bookings', { name: 'Typo', email: 'typo@example' });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.fields, { email: EMAIL_INVALID });
    const withId = await desk.desk('POST', '/bookings', { name: 'Ext', external_id: 'BK-1' });
    assert.equal(withId.status, 422);
    assert.match(withId.body.fields.external_id, /not a writable booking attribute/);
    const notObject = await desk.desk('POST', '/bookings', '[1]');
    assert.equal(notObject.status, 422);
  });

  test('the create rules of the Sync API hold: a jump date too far back is 406', async () => {
    const res = await desk.desk('POST', '/bookings', { name: 'Old Jump', jump_on: '2026-05-01' });
    assert.equal(res.status, 406);
    assert.equal(res.body.error, 'booking is too old');
  });

  test('the Sync API lists a walk-in with include_all only, and cannot address it one by one', async () => {
    const created = (await desk.desk('POST', '/bookings', { name: 'Listed Walk-in' })).body;
    assert.ok((await listed(true)).includes(created.id));
    assert.ok(!(await listed(false)).includes(created.id));
    // Its id is no external id; a blank one is "requires external id": nothing reaches it.
    assert.equal((await desk.sync('GET', `/bookings/${created.id}`)).status, 404);
    assert.equal((await desk.sync('DELETE', `/bookings/${created.id}`)).status, 404);
    const post = await desk.sync('POST', '/bookings', { id: created.id, name: 'Overwritten' });
    assert.equal(post.status, 422);
    assert.equal((await desk.sync('POST', '/bookings', { external_id: null, name: 'Overwritten' })).status, 422);
    assert.equal((await desk.desk('GET', `/bookings/by-id/${created.id}`)).body.name, 'Listed Walk-in');
  });

  test('edited by its id: applies, matches the package, locks nothing; the name stays required', async () => {
    const created = (await desk.desk('POST', '/bookings', { name: 'Eddie Edit' })).body;
    const res = await desk.desk('PATCH', `/bookings/by-id/${created.id}`, {
      name: 'Eddie Edited',
      camera_package: 'Selfie + Photos XL',
      email: 'eddie@example.com',
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.name, 'Eddie Edited');
    assert.equal(res.body.product_id, 2);
    assert.deepEqual(res.body.locked_attributes, []);
    const blank = await desk.desk('PATCH', `/bookings/by-id/${created.id}`, { name: ' ' });
    assert.equal(blank.status, 422);
    assert.equal(blank.body.fields.name, WALK_IN_NAME_REQUIRED);
    const badEmail = await desk.desk('PATCH', `/bookings/by-id/${created.id}`, { email: 'eddie at example.com' });
    assert.deepEqual([badEmail.status, badEmail.body.fields.email], [422, EMAIL_INVALID]);
    const tooOld = await desk.desk('PATCH', `/bookings/by-id/${created.id}`, { jump_on: '2026-05-01' });
    assert.equal(tooOld.status, 406);
    const shown = (await desk.desk('GET', `/bookings/by-id/${created.id}`)).body;
    assert.deepEqual([shown.name, shown.email, shown.jump_on], ['Eddie Edited', 'eddie@example.com', null]);
  });

  test('a booking with an external id is shown and edited by its id too, as a hand edit (locks)', async () => {
    const id = desk.queryStore("SELECT id FROM bookings WHERE external_id = 'NO-PRODUCT'")[0].id;
    const shown = await desk.desk('GET', `/bookings/by-id/${id}`);
    assert.equal(shown.body.external_id, 'NO-PRODUCT');
    const res = await desk.desk('PATCH', `/bookings/by-id/${id}`, { mobile: '+31 6 9999' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.locked_attributes, ['mobile']);
  });

  test('reception gives a walk-in the booking system’s id: then it is an ordinary booking (album, jump, ledger, the sync)', async () => {
    const walkIn = (await desk.desk('POST', '/bookings', { name: 'Gina Given', jump_on: '2026-06-15' })).body;
    const res = await desk.desk('PATCH', `/bookings/by-id/${walkIn.id}`, { external_id: 'BS-GINA', mobile: '+31 6 1' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.external_id, 'BS-GINA');
    assert.equal(res.body.mobile, '+31 6 1');
    assert.deepEqual(res.body.locked_attributes, ['mobile'], 'from now on its hand edits lock, as any booking’s');
    assert.equal((await desk.sync('GET', '/bookings/BS-GINA')).body.id, walkIn.id);
    assert.equal((await desk.desk('GET', '/bookings/BS-GINA/actions')).status, 200, 'the album actions open to it');
    const synced = await desk.sync('POST', '/bookings', { external_id: 'BS-GINA', email: 'gina@example.com' });
    assert.equal(synced.status, 200, 'the booking system’s sync updates it, no second booking');
    assert.equal(synced.body.id, walkIn.id);
    // Sent again, the same id is no change; a different one is refused: the booking system owns it now.
    assert.equal((await desk.desk('PATCH', `/bookings/by-id/${walkIn.id}`, { external_id: 'BS-GINA' })).status, 200);
    const other = await desk.desk('PATCH', `/bookings/by-id/${walkIn.id}`, { external_id: 'BS-OTHER' });
    assert.equal(other.status, 409);
    assert.match(other.body.fields.external_id, /has the external id BS-GINA: the booking system owns it/);
  });

  test('the id given is checked as any external id: not blank, not taken, text; a refusal gives none', async () => {
    const walkIn = (await desk.desk('POST', '/bookings', { name: 'Walt Checked' })).body;
    const give = (body: object) => desk.desk('PATCH', `/bookings/by-id/${walkIn.id}`, body);
    for (const blank of ['', '   ']) {
      const res = await give({ external_id: blank });
      assert.equal(res.status, 422, JSON.stringify(blank));
      assert.match(res.body.fields.external_id, /must not be blank/);
    }
    const taken = await give({ external_id: 'NO-PRODUCT' });
    assert.equal(taken.status, 409);
    assert.match(taken.body.fields.external_id, /is the external id of booking \d+ \(.*\) already/);
    for (const notText of [null, 42]) assert.equal((await give({ external_id: notText })).status, 422);
    const longest = await give({ external_id: 'x'.repeat(10_000) });
    assert.equal(longest.status, 422);
    // With another field refused, the id is not given either: one transaction.
    const both = await give({ external_id: 'BS-WALT', jump_on: '2026-05-01' });
    assert.equal(both.status, 406);
    const shown = (await desk.desk('GET', `/bookings/by-id/${walkIn.id}`)).body;
    assert.equal(shown.external_id, null);
    assert.equal((await desk.sync('GET', '/bookings/BS-WALT')).status, 404);
  });

  test('deleted by its id: a walk-in goes; a booking with an external id is refused, pointing at the Sync API', async () => {
    const created = (await desk.desk('POST', '/bookings', { name: 'Del Walk-in', camera_package: 'Selfie' })).body;
    const res = await desk.desk('DELETE', `/bookings/by-id/${created.id}`);
    assert.equal(res.status, 204);
    assert.equal((await desk.desk('GET', `/bookings/by-id/${created.id}`)).status, 404);
    // Its ledger row stays, without the booking (as for a Sync API delete).
    assert.equal(
      desk.queryStore(
        'SELECT COUNT(*) AS n FROM finance_events WHERE booking_id IS NULL AND product_id = 1 AND created_at = ?',
        created.created_at,
      )[0].n,
      1,
    );
    const id = desk.queryStore("SELECT id FROM bookings WHERE external_id = 'HAS-PRODUCT'")[0].id;
    const refused = await desk.desk('DELETE', `/bookings/by-id/${id}`);
    assert.equal(refused.status, 409);
    assert.match(refused.body.error, /Sync API \(DELETE \/api\/f1\/sync\/bookings\/HAS-PRODUCT\)/);
    assert.equal((await desk.sync('GET', '/bookings/HAS-PRODUCT')).status, 200);
  });

  test("an unknown id, another dropzone's booking and a non-numeric id are 404", async () => {
    assert.equal((await desk.desk('GET', '/bookings/by-id/999999')).status, 404);
    assert.equal((await desk.desk('PATCH', '/bookings/by-id/999999', { name: 'x' })).status, 404);
    assert.equal((await desk.desk('DELETE', '/bookings/by-id/999999')).status, 404);
    assert.equal((await desk.desk('GET', '/bookings/by-id/abc')).status, 404);
    const mine = (await desk.desk('POST', '/bookings', { name: 'Mine' })).body;
    assert.equal(BASE_SEED.dropzones[1]?.key, 'other');
    assert.equal((await desk.deskAs('other', 'GET', `/bookings/by-id/${mine.id}`)).status, 404);
    assert.equal((await desk.deskAs('other', 'DELETE', `/bookings/by-id/${mine.id}`)).status, 404);
  });

  test('an external id that is literally "by-id" still works on the /bookings/:external_id routes', async () => {
    assert.equal(
      (await desk.sync('POST', '/bookings', { external_id: 'by-id', name: 'Bea By-id', jump_on: '2026-06-15' })).status,
      201,
    );
    const edit = await desk.desk('PATCH', '/bookings/by-id', { name: 'Bea Edited' });
    assert.equal(edit.status, 200, edit.text);
    assert.equal(edit.body.external_id, 'by-id');
    assert.equal((await desk.desk('POST', '/bookings/by-id/unlock', { fields: ['name'] })).status, 200);
    assert.equal((await desk.desk('GET', '/bookings/by-id/actions')).status, 200);
    assert.equal((await desk.desk('GET', '/bookings/by-id/ledger')).status, 200);
    assert.equal(
      (await desk.desk('DELETE', '/bookings/by-id/jump?recorded_by=Sam')).status,
      404,
      'no jump recorded: the jump route answered, not the by-id one',
    );
  });
});

describe('walk-ins in proxy mode', () => {
  let desk: TestDesk;
  before(async () => {
    desk = await startProxiedTestDesk();
  });
  after(() => desk.dispose());

  test('every walk-in route is refused (409): the remote owns the bookings; nothing is stored', async () => {
    const before = desk.queryStore('SELECT COUNT(*) AS n FROM bookings')[0].n;
    const create = await desk.desk('POST', '/bookings', { name: 'Proxy Walk-in' });
    assert.equal(create.status, 409);
    assert.match(create.body.error, /proxy mode/);
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      assert.equal(
        (await desk.desk(method, '/bookings/by-id/1', method === 'PATCH' ? { name: 'x' } : undefined)).status,
        409,
        method,
      );
    }
    assert.equal(desk.queryStore('SELECT COUNT(*) AS n FROM bookings')[0].n, before);
  });
});
