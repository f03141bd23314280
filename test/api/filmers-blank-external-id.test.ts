import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestDesk, type TestDesk } from '../support/desk';
import { BASE_SEED } from '../support/seed';

/**
 * A filmer's blank external id ("", or only blanks) is none, as a booking's blank id is "no
 * external id" (docs/spec-decisions.md): stored as null, so it is never a duplicate of another
 * blank one, and the filmer is listed with include_all only. Single create, update, batch, the
 * desk's own filmer form (the Sync API with the desk's session) and a seed alike.
 */
describe('a blank filmer external_id is none', () => {
  let desk: TestDesk;
  before(async () => {
    const [dropzone, ...others] = BASE_SEED.dropzones;
    desk = await startTestDesk({
      seed: {
        ...BASE_SEED,
        dropzones: [
          {
            ...dropzone,
            filmers: [
              ...((dropzone as { filmers?: object[] }).filmers ?? []),
              { id: 40, external_id: '', name: 'Seeded Blank', email: 'seeded@example.com' },
            ],
          },
          ...others,
        ],
      },
    });
  });
  after(() => desk.dispose());

  const stored = (id: number) =>
    desk.queryStore<{ external_id: string | null }>('SELECT external_id FROM filmers WHERE id = ?', id)[0]?.external_id;
  const listedByDefault = async (id: number) =>
    ((await desk.sync('GET', '/filmers')).body as { id: number }[]).some((f) => f.id === id);

  test('single create: "" and "   " create filmers without an external id, neither a duplicate', async () => {
    const ids: number[] = [];
    for (const [i, blank] of ['', '   ', ''].entries()) {
      const res = await desk.sync('POST', '/filmers', {
        name: `Blank ${i}`,
        email: `blank${i}@example.com`,
        external_id: blank,
      });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.external_id, null);
      ids.push(res.body.id);
    }
    for (const id of ids) {
      assert.equal(stored(id), null);
      assert.equal(await listedByDefault(id), false, 'only external filmers are listed by default');
      assert.equal((await desk.sync('GET', `/filmers/${id}`)).body.external_id, null);
    }
  });

  test('an external id with blanks around it is still used exactly as sent', async () => {
    const res = await desk.sync('POST', '/filmers', {
      name: 'Spaced',
      email: 'spaced@example.com',
      external_id: ' S-1 ',
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.external_id, ' S-1 ');
  });

  test('update: "" clears the external id, as null does', async () => {
    const created = await desk.sync('POST', '/filmers', {
      name: 'Had One',
      email: 'had@example.com',
      external_id: 'H-1',
    });
    const res = await desk.sync('POST', '/filmers', { id: created.body.id, external_id: '' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.external_id, null);
    assert.equal(stored(created.body.id), null);
    // The id is free again.
    const again = await desk.sync('POST', '/filmers', { name: 'New H', email: 'newh@example.com', external_id: 'H-1' });
    assert.equal(again.status, 201, again.text);
  });

  test('batch: blank ids create and update filmers without one', async () => {
    const existing = await desk.sync('POST', '/filmers', {
      name: 'Batch Old',
      email: 'bo@example.com',
      external_id: 'B-1',
    });
    const res = await desk.sync('POST', '/filmers/batch', {
      filmers: [
        { name: 'Batch A', email: 'ba@example.com', external_id: '' },
        { name: 'Batch B', email: 'bb@example.com', external_id: '\t ' },
        { id: existing.body.id, external_id: ' ' },
      ],
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.results.map((r: { status: string; external_id: unknown }) => [r.status, r.external_id]),
      [
        ['created', null],
        ['created', null],
        ['ok', null],
      ],
    );
    for (const r of res.body.results as { id: number }[]) assert.equal(stored(r.id), null);
  });

  test("the desk's own filmer form (the Sync API with the session token): blank is none", async () => {
    const call = (body: object) =>
      desk.request('/api/f1/sync/filmers', {
        method: 'POST',
        headers: { authorization: `Bearer ${desk.sessionToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const created = await call({ name: 'Desk Blank', email: 'desk@example.com', external_id: '' });
    assert.equal(created.status, 201, created.text);
    assert.equal(stored(created.body.id), null);
    const named = await call({ id: created.body.id, external_id: 'D-1' });
    assert.equal(named.body.external_id, 'D-1');
    const cleared = await call({ id: created.body.id, external_id: '  ' });
    assert.equal(cleared.status, 200, cleared.text);
    assert.equal(stored(created.body.id), null);
  });

  test('a seed filmer with "" is loaded without an external id', () => {
    assert.equal(stored(40), null);
  });
});
