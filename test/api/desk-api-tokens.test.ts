import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { apiTokenCreated, apiTokenList } from '../../shared/schemas/api-tokens';
import { startTestDesk, type ApiResponse, type TestDesk } from '../support/desk';
import { startProxyPair } from '../support/remote';
import { OTHER_DZ_TOKEN, TEST_NOW } from '../support/seed';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The Sync API's bookings list as a booking system holding `token` calls it. */
const listBookings = (desk: TestDesk, token: string) => desk.sync('GET', '/bookings', undefined, bearer(token));

async function createToken(desk: TestDesk, label: string) {
  const res = await desk.admin('POST', '/api-tokens', { label });
  assert.equal(res.status, 201, res.text);
  return apiTokenCreated.parse(res.body);
}

/** The desk API as the other dropzone's desk sees it (its own session, same store). */
function asOtherDropzone(desk: TestDesk, method: string, path: string, body?: unknown): Promise<ApiResponse> {
  return desk.deskAs('other', method, path, body);
}

function assertInvalid(res: ApiResponse, field: string, message: RegExp) {
  assert.equal(res.status, 422, res.text);
  assert.equal(res.body.status, 'unprocessable_content');
  assert.match(res.body.fields?.[field] ?? '', message, `fields.${field} in ${res.text}`);
  assert.match(res.body.error, new RegExp(field.replace('.', '\\.')), 'the error names the field');
}

describe('desk API: booking-system tokens', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('create answers 201 with the token once; it works on the Sync API at once', async () => {
    const created = await createToken(desk, '  Front desk booking system  ');
    assert.equal(created.label, 'Front desk booking system', 'the label is trimmed');
    assert.equal(created.created_at, TEST_NOW, "the desk's clock");
    assert.match(created.token, /^dzd_[\w-]{43}$/);
    const bookings = await listBookings(desk, created.token);
    assert.equal(bookings.status, 200, bookings.text);
    assert.ok(
      bookings.body.bookings.some((b: { external_id: string }) => b.external_id === 'NO-PRODUCT'),
      "the desk's own dropzone",
    );
  });

  test("the list has the dropzone's tokens, oldest first, without token or hash; only the hash is stored", async () => {
    const created = await createToken(desk, 'Listed');
    const res = await desk.desk('GET', '/api-tokens');
    assert.equal(res.status, 200);
    // Strict schema: a token, token_hash or dropzone_id field would fail the parse.
    const tokens = apiTokenList.parse(res.body);
    assert.deepEqual(tokens.at(-1), { id: created.id, label: 'Listed', created_at: TEST_NOW });
    assert.equal(tokens[0]!.label, 'seed token 1', "the seed's token comes first");
    assert.ok(!res.text.includes(created.token));
    const ids = tokens.map((t) => t.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
    const other = await asOtherDropzone(desk, 'GET', '/api-tokens');
    assert.deepEqual(
      other.body.map((t: { label: string }) => t.label),
      ['seed token 1'],
      'the other dropzone sees only its own',
    );
    for (const file of ['desk.sqlite3', 'desk.sqlite3-wal'].filter((f) => existsSync(`${desk.dataDir}/${f}`))) {
      assert.ok(!readFileSync(`${desk.dataDir}/${file}`).includes(created.token), `only the hash is stored (${file})`);
    }
  });

  test('revoke answers 204; the next Sync API call with the token is 401; it leaves the list', async () => {
    const created = await createToken(desk, 'To revoke');
    assert.equal((await listBookings(desk, created.token)).status, 200);
    const res = await desk.admin('DELETE', `/api-tokens/${created.id}`);
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    const refused = await listBookings(desk, created.token);
    assert.equal(refused.status, 401, 'refused on the very next call');
    assert.equal(refused.body.status, 'unauthorized');
    const list = apiTokenList.parse((await desk.desk('GET', '/api-tokens')).body);
    assert.ok(!list.some((t) => t.id === created.id));
    assert.equal(
      (await desk.admin('DELETE', `/api-tokens/${created.id}`)).status,
      404,
      'a second revoke finds nothing',
    );
  });

  test("unknown ids and another dropzone's token are 404 JSON, and the other token keeps working", async () => {
    for (const id of ['999999', 'abc', '1.5', '-1']) {
      const res = await desk.admin('DELETE', `/api-tokens/${id}`);
      assert.equal(res.status, 404, id);
      assert.equal(res.body.status, 'not_found', id);
      assert.equal(res.body.error, 'api token not found');
    }
    const otherTokens = (await asOtherDropzone(desk, 'GET', '/api-tokens')).body as { id: number }[];
    const otherId = otherTokens[0]!.id;
    const res = await desk.admin('DELETE', `/api-tokens/${otherId}`);
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, { error: 'api token not found', id: otherId, status: 'not_found' });
    const stillWorks = await desk.sync('GET', '/bookings', undefined, bearer(OTHER_DZ_TOKEN));
    assert.equal(stillWorks.status, 200);
  });

  test("the other dropzone's desk makes tokens for its own dropzone", async () => {
    const res = await desk.adminAs('other', 'POST', '/api-tokens', { label: 'Other system' });
    assert.equal(res.status, 201);
    const bookings = await listBookings(desk, res.body.token);
    assert.deepEqual(
      bookings.body.bookings.map((b: { external_id: string }) => b.external_id),
      ['OTHER-1'],
    );
    assert.equal(
      (await desk.admin('DELETE', `/api-tokens/${res.body.id}`)).status,
      404,
      'not revocable from this dropzone',
    );
  });

  test('422 names the field: missing, empty, blank, too long, wrong type, unknown key', async () => {
    assertInvalid(await desk.admin('POST', '/api-tokens', {}), 'label', /is required/);
    assertInvalid(await desk.admin('POST', '/api-tokens', { label: '' }), 'label', /must not be empty/);
    assertInvalid(await desk.admin('POST', '/api-tokens', { label: '   ' }), 'label', /must not be empty/);
    assertInvalid(
      await desk.admin('POST', '/api-tokens', { label: 'x'.repeat(101) }),
      'label',
      /at most 100 characters/,
    );
    assertInvalid(await desk.admin('POST', '/api-tokens', { label: 42 }), 'label', /must be a string/);
    assertInvalid(await desk.admin('POST', '/api-tokens', { label: null }), 'label', /must be a string/);
    assertInvalid(await desk.admin('POST', '/api-tokens', { label: 'ok', token: 'mine' }), 'token', /not a writable/);
    const notAnObject = await desk.admin('POST', '/api-tokens', ['label']);
    assert.equal(notAnObject.status, 422);
    assert.deepEqual(notAnObject.body.fields, { 'api token': 'body must be a JSON object' });
    assert.equal(
      (await desk.admin('POST', '/api-tokens', { label: 'x'.repeat(100) })).status,
      201,
      '100 characters fit',
    );
    assert.equal(
      (await desk.admin('POST', '/api-tokens', { label: ` ${'x'.repeat(100)} ` })).status,
      201,
      'trimmed before the length check',
    );
  });

  test('malformed JSON is 400, another content type 415, and neither makes a token', async () => {
    const before = apiTokenList.parse((await desk.desk('GET', '/api-tokens')).body).length;
    const malformed = await desk.admin('POST', '/api-tokens', '{"label": "unfinished');
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.status, 'bad_request');
    const text = await desk.request('/api/desk/api-tokens', {
      method: 'POST',
      headers: { ...bearer(desk.sessionToken), 'content-type': 'text/plain' },
      body: 'label=x',
    });
    assert.equal(text.status, 415);
    assert.equal(apiTokenList.parse((await desk.desk('GET', '/api-tokens')).body).length, before);
  });

  test('every endpoint needs a token', async () => {
    for (const [method, path] of [
      ['GET', '/api/desk/api-tokens'],
      ['POST', '/api/desk/api-tokens'],
      ['DELETE', '/api/desk/api-tokens/1'],
    ] as const) {
      const res = await desk.request(path, { method });
      assert.equal(res.status, 401, `${method} ${path}`);
    }
  });

  test('the request log never holds a created token, though calls made with it are logged', async () => {
    const created = await createToken(desk, 'Logged');
    await listBookings(desk, created.token);
    await desk.sync(
      'POST',
      '/bookings',
      { external_id: 'LOG-1', name: 'Logged Lou', jump_on: '2026-06-20' },
      bearer(created.token),
    );
    await desk.admin('DELETE', `/api-tokens/${created.id}`);
    await listBookings(desk, created.token);
    const page = await desk.desk('GET', '/log?limit=500');
    assert.equal(page.status, 200);
    assert.ok(!page.text.includes(created.token));
    assert.ok(
      !page.body.entries.some((e: { path: string }) => e.path.includes('/api/desk/')),
      'desk API calls are not in the Sync API log',
    );
    const statuses = page.body.entries.slice(0, 3).map((e: { http_status: number }) => e.http_status);
    assert.deepEqual(statuses, [401, 201, 200], 'the calls with the token are there');
    for (const entry of page.body.entries as { id: number }[]) {
      const detail = await desk.desk('GET', `/log/${entry.id}`);
      assert.ok(!detail.text.includes(created.token), `log entry ${entry.id}`);
    }
  });
});

describe('desk API: booking-system tokens in proxy mode', () => {
  let remote: TestDesk;
  let desk: TestDesk;
  let pair: Awaited<ReturnType<typeof startProxyPair>> | undefined;
  before(async () => {
    pair = await startProxyPair();
    ({ remote, desk } = pair);
  });
  after(() => pair?.dispose());

  test("the local desk's tokens guard the forwarding /api/f1/sync: made, used and revoked while proxying", async () => {
    const created = await createToken(desk, 'Through the proxy');
    const forwarded = await listBookings(desk, created.token);
    assert.equal(forwarded.status, 200, forwarded.text);
    assert.ok(
      forwarded.body.bookings.some((b: { external_id: string }) => b.external_id === 'REMOTE-ONLY'),
      "the remote's bookings",
    );
    assert.ok(apiTokenList.parse((await desk.desk('GET', '/api-tokens')).body).some((t) => t.id === created.id));
    assert.ok(
      !apiTokenList.parse((await remote.desk('GET', '/api-tokens')).body).some((t) => t.label === 'Through the proxy'),
      'not made on the remote',
    );
    assert.equal((await desk.admin('DELETE', `/api-tokens/${created.id}`)).status, 204);
    const refused = await listBookings(desk, created.token);
    assert.equal(refused.status, 401, 'refused locally, never forwarded');
  });
});
