import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestDesk, type TestDesk } from '../support/desk';

/** The filmer fields the spec lists for list and show responses (4.2); more may follow. */
const SPEC_FIELDS = ['id', 'external_id', 'name', 'email', 'tandem_instructor', 'videographer', 'active'] as const;

function specFields(filmer: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(SPEC_FIELDS.map((k) => [k, filmer[k]]));
}

const FAY = {
  id: 1,
  external_id: 'F-1',
  name: 'Fay Filmer',
  email: 'fay@example.com',
  tandem_instructor: false,
  videographer: true,
  active: true,
};
const IVO = {
  id: 2,
  external_id: null,
  name: 'Ivo Internal',
  email: 'ivo@example.com',
  tandem_instructor: true,
  videographer: false,
  active: true,
};
const JO = {
  id: 3,
  external_id: 'F-3',
  name: 'Jo Jumper',
  email: 'jo@example.com',
  tandem_instructor: false,
  videographer: false,
  active: false,
};

/** Every filmer of the caller's dropzone, by id (the list with include_all=true). */
async function allFilmers(desk: TestDesk): Promise<Record<string, unknown>[]> {
  const res = await desk.sync('GET', '/filmers?include_all=true');
  assert.equal(res.status, 200);
  return res.body;
}

/** The error texts of a body, whichever of `error` / `errors` it carries. */
function messagesOf(body: { error?: unknown; errors?: unknown }): string[] {
  const messages: string[] = [];
  if (typeof body.error === 'string') messages.push(body.error);
  if (Array.isArray(body.errors)) messages.push(...body.errors.map(String));
  return messages;
}

describe('filmers: reading', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('the list is a plain JSON array of external filmers only, by default', async () => {
    const res = await desk.sync('GET', '/filmers');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    assert.ok(Array.isArray(res.body), 'the body is a plain array, not an envelope');
    assert.deepEqual(res.body.map(specFields), [FAY, JO]);
  });

  test('include_all=false is the default', async () => {
    const res = await desk.sync('GET', '/filmers?include_all=false');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.map((f: { id: number }) => f.id),
      [1, 3],
    );
  });

  test('include_all=true adds the filmers without an external_id', async () => {
    const res = await desk.sync('GET', '/filmers?include_all=true');
    assert.equal(res.status, 200);
    assert.ok(Array.isArray(res.body));
    assert.deepEqual(res.body.map(specFields), [FAY, IVO, JO]);
  });

  test('an inactive filmer is still listed (active only hides it from the tablet)', async () => {
    const res = await desk.sync('GET', '/filmers');
    const jo = res.body.find((f: { id: number }) => f.id === 3);
    assert.ok(jo, 'filmer 3 is listed');
    assert.equal(jo.active, false);
  });

  test('show by id returns the filmer object', async () => {
    const res = await desk.sync('GET', '/filmers/1');
    assert.equal(res.status, 200);
    assert.ok(!Array.isArray(res.body));
    assert.deepEqual(specFields(res.body), FAY);
  });

  test('show works for a filmer without external_id', async () => {
    const res = await desk.sync('GET', '/filmers/2');
    assert.equal(res.status, 200);
    assert.deepEqual(specFields(res.body), IVO);
  });

  test('show of an unknown id is 404 with the spec body', async () => {
    const res = await desk.sync('GET', '/filmers/9999');
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    assert.deepEqual(res.body, { id: 9999, error: 'filmer not found', status: 'not_found' });
  });

  test('show of a non-numeric id is 404 with the spec body', async () => {
    const res = await desk.sync('GET', '/filmers/abc');
    assert.equal(res.status, 404);
    assert.equal(res.body.error, 'filmer not found');
    assert.equal(res.body.status, 'not_found');
    assert.equal(res.body.id, 'abc');
  });

  test('ids that only look numeric (negative, fractional) are 404, never a crash', async () => {
    for (const raw of ['-1', '1.5', '0', '1e3', '99999999999999999999999']) {
      const res = await desk.sync('GET', `/filmers/${raw}`);
      assert.equal(res.status, 404, `GET /filmers/${raw}`);
      assert.equal(res.body.status, 'not_found', `GET /filmers/${raw}`);
    }
  });
});

describe('filmers: create', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('POST without id creates: 201 with id, external_id, name and status created', async () => {
    const res = await desk.sync('POST', '/filmers', {
      external_id: 'F-NEW',
      external_service: 'bookr',
      name: 'Nora New',
      email: 'nora@example.com',
      tandem_instructor: true,
      videographer: true,
      active: true,
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.status, 'created');
    assert.equal(typeof res.body.id, 'number');
    assert.ok(Number.isInteger(res.body.id) && res.body.id > 3, 'a new id is assigned');
    assert.equal(res.body.external_id, 'F-NEW');
    assert.equal(res.body.name, 'Nora New');

    const shown = await desk.sync('GET', `/filmers/${res.body.id}`);
    assert.equal(shown.status, 200);
    assert.deepEqual(specFields(shown.body), {
      id: res.body.id,
      external_id: 'F-NEW',
      name: 'Nora New',
      email: 'nora@example.com',
      tandem_instructor: true,
      videographer: true,
      active: true,
    });
    assert.equal(shown.body.external_service, 'bookr');

    const listed = await desk.sync('GET', '/filmers');
    assert.ok(
      listed.body.some((f: { id: number }) => f.id === res.body.id),
      'an external filmer appears in the default list',
    );
  });

  test('the booleans default to false and active to true', async () => {
    const res = await desk.sync('POST', '/filmers', {
      external_id: 'F-DEFAULTS',
      name: 'Dee Faults',
      email: 'dee@example.com',
    });
    assert.equal(res.status, 201);
    const shown = await desk.sync('GET', `/filmers/${res.body.id}`);
    assert.equal(shown.body.tandem_instructor, false);
    assert.equal(shown.body.videographer, false);
    assert.equal(shown.body.active, true);
  });

  test('a filmer without external_id is created and listed only with include_all=true', async () => {
    const res = await desk.sync('POST', '/filmers', { name: 'Ian Internal', email: 'ian@example.com' });
    assert.equal(res.status, 201);
    assert.equal(res.body.status, 'created');
    assert.equal(res.body.external_id, null);
    const plain = await desk.sync('GET', '/filmers');
    assert.ok(!plain.body.some((f: { id: number }) => f.id === res.body.id));
    const all = await allFilmers(desk);
    assert.ok(all.some((f) => f.id === res.body.id));
  });

  test('a missing email is 422 "email is required" and nothing is stored', async () => {
    const before = await allFilmers(desk);
    const res = await desk.sync('POST', '/filmers', { external_id: 'F-NOMAIL', name: 'No Mail' });
    assert.equal(res.status, 422);
    assert.equal(res.body.error, 'email is required');
    assert.equal(res.body.status, 'unprocessable_content');
    assert.deepEqual(await allFilmers(desk), before);
  });

  test('"email": null on create is a missing e-mail too: 422 "email is required"', async () => {
    const before = await allFilmers(desk);
    const res = await desk.sync('POST', '/filmers', { external_id: 'F-NULLMAIL', name: 'Null Mail', email: null });
    assert.equal(res.status, 422);
    assert.equal(res.body.error, 'email is required');
    assert.deepEqual(await allFilmers(desk), before);
  });

  test('a blank email is 422 with errors ["Email can\'t be blank"]', async () => {
    const before = await allFilmers(desk);
    const res = await desk.sync('POST', '/filmers', { external_id: 'F-BLANK', name: 'Blank Mail', email: '' });
    assert.equal(res.status, 422);
    assert.deepEqual(res.body.errors, ["Email can't be blank"]);
    assert.equal(res.body.status, 'unprocessable_content');
    assert.equal(res.body.external_id, 'F-BLANK');
    assert.deepEqual(await allFilmers(desk), before);
  });

  test('a whitespace-only email is blank too', async () => {
    const res = await desk.sync('POST', '/filmers', { external_id: 'F-SPACES', name: 'Space Mail', email: '   ' });
    assert.equal(res.status, 422);
    assert.deepEqual(res.body.errors, ["Email can't be blank"]);
  });

  test('an invalid email is 422 with errors ["Email is invalid"]', async () => {
    const before = await allFilmers(desk);
    for (const email of ['not-an-email', 'a@b', 'two@@example.com', 'spa ce@example.com', '@example.com']) {
      const res = await desk.sync('POST', '/filmers', { external_id: 'F-BAD', name: 'Bad Mail', email });
      assert.equal(res.status, 422, email);
      assert.deepEqual(res.body.errors, ['Email is invalid'], email);
      assert.equal(res.body.status, 'unprocessable_content', email);
      assert.equal(res.body.external_id, 'F-BAD', email);
    }
    assert.deepEqual(await allFilmers(desk), before);
  });

  test('a missing name is refused on create (name is required)', async () => {
    const before = await allFilmers(desk);
    const res = await desk.sync('POST', '/filmers', { external_id: 'F-NONAME', email: 'noname@example.com' });
    assert.equal(res.status, 422);
    assert.equal(res.body.status, 'unprocessable_content');
    assert.ok(
      messagesOf(res.body).some((m) => /name/i.test(m)),
      `names the field: ${JSON.stringify(res.body)}`,
    );
    assert.deepEqual(await allFilmers(desk), before);
  });

  test('a duplicate external_id is refused with 422 and the store is unchanged', async () => {
    const before = await allFilmers(desk);
    const res = await desk.sync('POST', '/filmers', {
      external_id: 'F-1',
      name: 'Copy Cat',
      email: 'copy@example.com',
    });
    assert.equal(res.status, 422);
    assert.equal(res.body.status, 'unprocessable_content');
    assert.ok(
      messagesOf(res.body).some((m) => /external.?id/i.test(m)),
      `names the field: ${JSON.stringify(res.body)}`,
    );
    assert.deepEqual(await allFilmers(desk), before);
    const fay = await desk.sync('GET', '/filmers/1');
    assert.deepEqual(specFields(fay.body), FAY);
  });

  test('POST with an id that names no filmer is not_found and creates nothing', async () => {
    const before = await allFilmers(desk);
    const res = await desk.sync('POST', '/filmers', {
      id: 4242,
      external_id: 'F-GHOST',
      name: 'Ghost',
      email: 'ghost@example.com',
    });
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, { id: 4242, error: 'filmer not found', status: 'not_found' });
    assert.deepEqual(await allFilmers(desk), before);
  });
});

describe('filmers: update', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('POST with id updates: 200, status ok, only the sent fields change', async () => {
    const res = await desk.sync('POST', '/filmers', { id: 1, name: 'Fay Renamed' });
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'ok');
    assert.deepEqual(specFields(res.body), { ...FAY, name: 'Fay Renamed' });
    const shown = await desk.sync('GET', '/filmers/1');
    assert.deepEqual(specFields(shown.body), { ...FAY, name: 'Fay Renamed' });
  });

  test('booleans and email update; the other fields are kept', async () => {
    const res = await desk.sync('POST', '/filmers', {
      id: 2,
      tandem_instructor: false,
      videographer: true,
      email: 'ivo.new@example.com',
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'ok');
    const shown = await desk.sync('GET', '/filmers/2');
    assert.deepEqual(specFields(shown.body), {
      ...IVO,
      tandem_instructor: false,
      videographer: true,
      email: 'ivo.new@example.com',
    });
  });

  test('an update may omit email (email is only required on create)', async () => {
    const res = await desk.sync('POST', '/filmers', { id: 3, external_service: 'bookr' });
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'ok');
    assert.equal(res.body.email, 'jo@example.com');
  });

  test('active:false keeps the filmer: still shown by id and in the list', async () => {
    const res = await desk.sync('POST', '/filmers', { id: 1, active: false });
    assert.equal(res.status, 200);
    assert.equal(res.body.active, false);
    const shown = await desk.sync('GET', '/filmers/1');
    assert.equal(shown.status, 200);
    assert.equal(shown.body.active, false);
    const listed = await desk.sync('GET', '/filmers');
    const inList = listed.body.find((f: { id: number }) => f.id === 1);
    assert.ok(inList, 'still listed');
    assert.equal(inList.active, false);
    const back = await desk.sync('POST', '/filmers', { id: 1, active: true });
    assert.equal(back.status, 200);
    assert.equal(back.body.active, true);
  });

  test('an unknown id is 404 not_found and nothing is created', async () => {
    const before = await allFilmers(desk);
    const res = await desk.sync('POST', '/filmers', { id: 777, name: 'Nobody', email: 'nobody@example.com' });
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, { id: 777, error: 'filmer not found', status: 'not_found' });
    assert.deepEqual(await allFilmers(desk), before);
  });

  test("taking another filmer's external_id is refused with 422 and nothing changes", async () => {
    const before = await allFilmers(desk);
    const res = await desk.sync('POST', '/filmers', { id: 3, external_id: 'F-1', name: 'Should Not Apply' });
    assert.equal(res.status, 422);
    assert.equal(res.body.status, 'unprocessable_content');
    assert.equal(res.body.id, 3);
    assert.ok(
      messagesOf(res.body).some((m) => /external.?id/i.test(m)),
      `names the field: ${JSON.stringify(res.body)}`,
    );
    assert.deepEqual(await allFilmers(desk), before);
  });

  test('re-sending its own external_id is not a duplicate', async () => {
    const res = await desk.sync('POST', '/filmers', { id: 3, external_id: 'F-3' });
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'ok');
  });

  test('a blank or invalid email on update is 422 and nothing changes (not even the valid fields)', async () => {
    const before = await allFilmers(desk);
    const blank = await desk.sync('POST', '/filmers', { id: 2, name: 'Half Applied', email: '' });
    assert.equal(blank.status, 422);
    assert.deepEqual(blank.body.errors, ["Email can't be blank"]);
    const invalid = await desk.sync('POST', '/filmers', { id: 2, name: 'Half Applied', email: 'nope' });
    assert.equal(invalid.status, 422);
    assert.deepEqual(invalid.body.errors, ['Email is invalid']);
    assert.deepEqual(await allFilmers(desk), before);
  });

  test('a blank name on update is 422 and nothing changes', async () => {
    const before = await allFilmers(desk);
    const res = await desk.sync('POST', '/filmers', { id: 2, name: ' ' });
    assert.equal(res.status, 422);
    assert.equal(res.body.status, 'unprocessable_content');
    assert.deepEqual(await allFilmers(desk), before);
  });

  test('clearing external_id takes the filmer out of the default list only', async () => {
    const created = await desk.sync('POST', '/filmers', {
      external_id: 'F-CLEAR',
      name: 'Clara',
      email: 'clara@example.com',
    });
    assert.equal(created.status, 201);
    const res = await desk.sync('POST', '/filmers', { id: created.body.id, external_id: null });
    assert.equal(res.status, 200);
    assert.equal(res.body.external_id, null);
    const plain = await desk.sync('GET', '/filmers');
    assert.ok(!plain.body.some((f: { id: number }) => f.id === created.body.id));
    const all = await allFilmers(desk);
    assert.ok(all.some((f) => f.id === created.body.id));
  });
});

describe('filmers: delete', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('delete is 204 with no content, then the filmer is 404', async () => {
    const res = await desk.sync('DELETE', '/filmers/3');
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    const shown = await desk.sync('GET', '/filmers/3');
    assert.equal(shown.status, 404);
    assert.deepEqual(shown.body, { id: 3, error: 'filmer not found', status: 'not_found' });
    const all = await allFilmers(desk);
    assert.ok(!all.some((f) => f.id === 3));
  });

  test('deleting again is 404 not_found', async () => {
    const res = await desk.sync('DELETE', '/filmers/3');
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, { id: 3, error: 'filmer not found', status: 'not_found' });
  });

  test('deleting an unknown or non-numeric id is 404 not_found', async () => {
    const unknown = await desk.sync('DELETE', '/filmers/9999');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.status, 'not_found');
    const word = await desk.sync('DELETE', '/filmers/abc');
    assert.equal(word.status, 404);
    assert.equal(word.body.status, 'not_found');
  });

  test("a filmer with jumps is refused: 422 with exactly the spec's body (its one message), and kept", async () => {
    const res = await desk.sync('DELETE', '/filmers/1');
    assert.equal(res.status, 422);
    assert.deepEqual(res.body, {
      id: 1,
      errors: ['Cannot delete record because dependent jumps exist'],
      status: 'unprocessable_content',
    });
    const shown = await desk.sync('GET', '/filmers/1');
    assert.equal(shown.status, 200);
    assert.deepEqual(specFields(shown.body), FAY);
    const booking = await desk.sync('GET', '/bookings/DELIVERED-OLD');
    assert.equal(booking.status, 200);
    assert.deepEqual(booking.body.jump, {
      id: 7,
      camera: 'videographer',
      filmer_id: 1,
      second_filmer_id: null,
      jumped_on: null,
    });
  });

  test('a filmer created through the API can be deleted', async () => {
    const created = await desk.sync('POST', '/filmers', { name: 'Temp', email: 'temp@example.com' });
    assert.equal(created.status, 201);
    const res = await desk.sync('DELETE', `/filmers/${created.body.id}`);
    assert.equal(res.status, 204);
    assert.equal((await desk.sync('GET', `/filmers/${created.body.id}`)).status, 404);
  });

  test("a deleted filmer's external_id can be used again", async () => {
    const created = await desk.sync('POST', '/filmers', {
      external_id: 'F-REUSE',
      name: 'Once',
      email: 'once@example.com',
    });
    assert.equal(created.status, 201);
    assert.equal((await desk.sync('DELETE', `/filmers/${created.body.id}`)).status, 204);
    const again = await desk.sync('POST', '/filmers', {
      external_id: 'F-REUSE',
      name: 'Twice',
      email: 'twice@example.com',
    });
    assert.equal(again.status, 201);
    assert.equal(again.body.status, 'created');
    assert.equal(again.body.external_id, 'F-REUSE');
  });

  test('the id of a deleted filmer is never handed out again', async () => {
    // Filmers are addressed by the service's id: a caller still holding a deleted id must get
    // 404, never reach a different filmer that inherited the number.
    const first = await desk.sync('POST', '/filmers', { name: 'Newest', email: 'newest@example.com' });
    assert.equal(first.status, 201);
    assert.equal((await desk.sync('DELETE', `/filmers/${first.body.id}`)).status, 204);
    const next = await desk.sync('POST', '/filmers', { name: 'Successor', email: 'successor@example.com' });
    assert.equal(next.status, 201);
    assert.ok(next.body.id > first.body.id, `new id ${next.body.id} must not reuse deleted id ${first.body.id}`);
    const stale = await desk.sync('GET', `/filmers/${first.body.id}`);
    assert.equal(stale.status, 404);
  });
});

describe('filmers: batch', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('a mixed batch: one result per element, in order, each on its own', async () => {
    const before = await allFilmers(desk);
    const res = await desk.sync('POST', '/filmers/batch', {
      filmers: [
        { external_id: 'B-1', name: 'Bea Batch', email: 'bea@example.com', videographer: true },
        { id: 2, name: 'Ivo Updated' },
        { id: 9999, external_id: 'B-GHOST', name: 'Ghost', email: 'ghost@example.com' },
        { external_id: 'B-BLANK', name: 'Blank', email: '' },
        { external_id: 'B-INVALID', name: 'Invalid', email: 'not-an-email' },
        { external_id: 'B-2', name: 'Bo Batch', email: 'bo@example.com' },
      ],
    });
    assert.equal(res.status, 200);
    const results = res.body.results;
    assert.ok(Array.isArray(results));
    assert.equal(results.length, 6);
    assert.deepEqual(
      results.map((r: { status: string }) => r.status),
      ['created', 'ok', 'not_found', 'unprocessable_content', 'unprocessable_content', 'created'],
    );

    assert.equal(results[0].external_id, 'B-1');
    assert.equal(results[0].name, 'Bea Batch');
    assert.equal(typeof results[0].id, 'number');

    assert.equal(results[1].id, 2);
    assert.equal(results[1].name, 'Ivo Updated');

    assert.equal(results[2].id, 9999);
    assert.equal(results[2].error, 'filmer not found');

    assert.deepEqual(results[3].errors, ["Email can't be blank"]);
    assert.equal(results[3].external_id, 'B-BLANK');
    assert.deepEqual(results[4].errors, ['Email is invalid']);
    assert.equal(results[4].external_id, 'B-INVALID');

    assert.equal(results[5].external_id, 'B-2');

    const after = await allFilmers(desk);
    assert.equal(after.length, before.length + 2, 'exactly the two creations were stored');
    const externalIds = after.map((f) => f.external_id);
    assert.ok(externalIds.includes('B-1') && externalIds.includes('B-2'));
    for (const refused of ['B-GHOST', 'B-BLANK', 'B-INVALID'])
      assert.ok(!externalIds.includes(refused), `${refused} not stored`);
    assert.equal(after.find((f) => f.id === 2)?.name, 'Ivo Updated');
    assert.deepEqual(specFields((await desk.sync('GET', `/filmers/${results[0].id}`)).body), {
      id: results[0].id,
      external_id: 'B-1',
      name: 'Bea Batch',
      email: 'bea@example.com',
      tandem_instructor: false,
      videographer: true,
      active: true,
    });
  });

  test('the batch path also answers with a trailing slash', async () => {
    const res = await desk.sync('POST', '/filmers/batch/', {
      filmers: [{ external_id: 'B-SLASH', name: 'Sly Slash', email: 'sly@example.com' }],
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.results.length, 1);
    assert.equal(res.body.results[0].status, 'created');
    assert.equal(res.body.results[0].external_id, 'B-SLASH');
  });

  test("a missing email in a batch entry is a validation failure with errors and the entry's external_id", async () => {
    const res = await desk.sync('POST', '/filmers/batch', { filmers: [{ external_id: 'B-NOMAIL', name: 'No Mail' }] });
    assert.equal(res.status, 200);
    const [entry] = res.body.results;
    assert.equal(entry.status, 'unprocessable_content');
    assert.equal(entry.external_id, 'B-NOMAIL');
    assert.ok(Array.isArray(entry.errors) && entry.errors.length > 0, JSON.stringify(entry));
    assert.ok(
      entry.errors.some((m: string) => /email/i.test(m)),
      JSON.stringify(entry),
    );
    assert.ok(!(await allFilmers(desk)).some((f) => f.external_id === 'B-NOMAIL'));
  });

  test('a duplicate external_id within one batch: the first wins, the second is refused', async () => {
    const res = await desk.sync('POST', '/filmers/batch', {
      filmers: [
        { external_id: 'B-TWIN', name: 'Twin One', email: 'one@example.com' },
        { external_id: 'B-TWIN', name: 'Twin Two', email: 'two@example.com' },
        { external_id: 'F-1', name: 'Fay Copy', email: 'copy@example.com' },
      ],
    });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.results.map((r: { status: string }) => r.status),
      ['created', 'unprocessable_content', 'unprocessable_content'],
    );
    assert.equal(res.body.results[1].external_id, 'B-TWIN');
    assert.equal(res.body.results[2].external_id, 'F-1');
    const twins = (await allFilmers(desk)).filter((f) => f.external_id === 'B-TWIN');
    assert.equal(twins.length, 1);
    assert.equal(twins[0]?.name, 'Twin One');
    assert.deepEqual(specFields((await desk.sync('GET', '/filmers/1')).body), FAY);
  });

  test('an element with wrong types fails alone, naming the field', async () => {
    const res = await desk.sync('POST', '/filmers/batch', {
      filmers: [
        { external_id: 'B-TYPES', name: 'Typo', email: 'typo@example.com', tandem_instructor: 'yes' },
        { external_id: 'B-FINE', name: 'Fine', email: 'fine@example.com' },
      ],
    });
    assert.equal(res.status, 200);
    const [bad, good] = res.body.results;
    assert.equal(bad.status, 'unprocessable_content');
    assert.equal(bad.external_id, 'B-TYPES');
    assert.ok(
      bad.errors.some((m: string) => m.includes('tandem_instructor')),
      JSON.stringify(bad),
    );
    assert.equal(good.status, 'created');
    const all = await allFilmers(desk);
    assert.ok(!all.some((f) => f.external_id === 'B-TYPES'));
    assert.ok(all.some((f) => f.external_id === 'B-FINE'));
  });

  test('an element that is not an object gets its own result; the others still apply', async () => {
    const res = await desk.sync('POST', '/filmers/batch', {
      filmers: [null, 'text', 5, [], { external_id: 'B-AFTER', name: 'After', email: 'after@example.com' }],
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.results.length, 5);
    for (const entry of res.body.results.slice(0, 4))
      assert.equal(entry.status, 'unprocessable_content', JSON.stringify(entry));
    assert.equal(res.body.results[4].status, 'created');
  });

  test('an update entry that fails validation leaves that filmer unchanged', async () => {
    const before = (await desk.sync('GET', '/filmers/3')).body;
    const res = await desk.sync('POST', '/filmers/batch', { filmers: [{ id: 3, name: 'Not Applied', email: 'bad' }] });
    assert.equal(res.status, 200);
    assert.equal(res.body.results[0].status, 'unprocessable_content');
    assert.equal(res.body.results[0].id, 3, 'the record is known, so its id is included');
    assert.ok('external_id' in res.body.results[0], 'the entry carries external_id');
    assert.equal(
      res.body.results[0].external_id,
      'F-3',
      "the stored filmer's external_id, as the update did not send one",
    );
    assert.deepEqual(res.body.results[0].errors, ['Email is invalid']);
    assert.deepEqual((await desk.sync('GET', '/filmers/3')).body, before);
  });

  test("an update entry with a wrong type still names the stored filmer's external_id", async () => {
    const before = (await desk.sync('GET', '/filmers/3')).body;
    const res = await desk.sync('POST', '/filmers/batch', {
      filmers: [
        { id: 3, active: 'no' },
        { id: 999, active: 'no' },
      ],
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.results[0].status, 'unprocessable_content');
    assert.equal(res.body.results[0].id, 3);
    assert.equal(res.body.results[0].external_id, 'F-3');
    assert.match(res.body.results[0].errors[0], /^active /);
    assert.equal(res.body.results[1].external_id, null, 'an unknown id has no stored external_id to name');
    assert.deepEqual((await desk.sync('GET', '/filmers/3')).body, before);
  });

  test('an empty batch answers an empty results array', async () => {
    const res = await desk.sync('POST', '/filmers/batch', { filmers: [] });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { results: [] });
  });

  test('a body without a filmers array is 422', async () => {
    for (const body of [{}, { filmers: {} }, { filmers: 'x' }, { bookings: [] }, []]) {
      const res = await desk.sync('POST', '/filmers/batch', body);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.equal(res.body.status, 'unprocessable_content', JSON.stringify(body));
    }
  });
});

describe('filmers: wrong types are refused, naming the field, storing nothing', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  const cases: { field: string; value: unknown }[] = [
    { field: 'tandem_instructor', value: 'yes' },
    { field: 'videographer', value: 1 },
    { field: 'active', value: 'false' },
    { field: 'name', value: 5 },
    { field: 'email', value: true },
    { field: 'external_id', value: 123 },
    { field: 'external_service', value: ['bookr'] },
  ];

  for (const { field, value } of cases) {
    test(`create with ${field}: ${JSON.stringify(value)} is 422 naming ${field}`, async () => {
      const before = await allFilmers(desk);
      const res = await desk.sync('POST', '/filmers', {
        external_id: 'F-TYPED',
        name: 'Typed',
        email: 'typed@example.com',
        [field]: value,
      });
      assert.equal(res.status, 422);
      assert.equal(res.body.status, 'unprocessable_content');
      assert.ok(
        messagesOf(res.body).some((m) => m.includes(field)),
        `an error names ${field}: ${JSON.stringify(res.body)}`,
      );
      assert.deepEqual(await allFilmers(desk), before);
    });

    test(`update with ${field}: ${JSON.stringify(value)} is 422 naming ${field}, filmer unchanged`, async () => {
      const before = await allFilmers(desk);
      const res = await desk.sync('POST', '/filmers', { id: 2, name: 'Should Not Apply', [field]: value });
      assert.equal(res.status, 422);
      assert.equal(res.body.status, 'unprocessable_content');
      assert.ok(
        messagesOf(res.body).some((m) => m.includes(field)),
        `an error names ${field}: ${JSON.stringify(res.body)}`,
      );
      assert.deepEqual(await allFilmers(desk), before);
    });
  }

  test('an id that is a string is 422 naming id, nothing updated or created', async () => {
    const before = await allFilmers(desk);
    const res = await desk.sync('POST', '/filmers', { id: '2', name: 'String Id' });
    assert.equal(res.status, 422);
    assert.ok(
      messagesOf(res.body).some((m) => m.includes('id')),
      JSON.stringify(res.body),
    );
    assert.deepEqual(await allFilmers(desk), before);
  });

  test('an unknown attribute is 422 naming it, never silently dropped', async () => {
    const before = await allFilmers(desk);
    const res = await desk.sync('POST', '/filmers', {
      external_id: 'F-COLOUR',
      name: 'Col',
      email: 'col@example.com',
      colour: 'red',
    });
    assert.equal(res.status, 422);
    assert.ok(
      messagesOf(res.body).some((m) => m.includes('colour')),
      JSON.stringify(res.body),
    );
    assert.deepEqual(await allFilmers(desk), before);
  });

  test('an unknown list parameter is 422 naming it, never ignored (as GET /bookings does)', async () => {
    // A typo such as includeall=true must not silently answer a different set of filmers.
    const res = await desk.sync('GET', '/filmers?includeall=true');
    assert.equal(res.status, 422, res.text);
    assert.equal(res.body.status, 'unprocessable_content');
    assert.ok(
      messagesOf(res.body).some((m) => m.includes('includeall')),
      JSON.stringify(res.body),
    );
    const bookings = await desk.sync('GET', '/bookings?includeall=true');
    assert.equal(bookings.status, 422, 'the bookings list already refuses it');
  });

  test('include_all given twice is 422', async () => {
    const res = await desk.sync('GET', '/filmers?include_all=true&include_all=false');
    assert.equal(res.status, 422);
    assert.equal(res.body.status, 'unprocessable_content');
  });

  test('include_all that is not a boolean is 422 naming it', async () => {
    const res = await desk.sync('GET', '/filmers?include_all=maybe');
    assert.equal(res.status, 422);
    assert.equal(res.body.status, 'unprocessable_content');
    assert.ok(
      messagesOf(res.body).some((m) => m.includes('include_all')),
      JSON.stringify(res.body),
    );
  });
});
