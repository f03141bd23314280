import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { startTestDesk, type ApiResponse, type TestDesk } from '../support/desk';
import { OTHER_DZ_TOKEN, TEST_TOKEN } from '../support/seed';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  body: unknown;
}

/**
 * A request through node:http, which (unlike fetch) lets the test choose the Host header, as a
 * DNS-rebinding page's browser would send it.
 */
function rawRequest(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers ?? {},
        setHost: !options.headers?.host,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = undefined;
          if (text && (res.headers['content-type'] ?? '').includes('json')) body = JSON.parse(text);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const asOther = auth(OTHER_DZ_TOKEN);

function assertUnauthorized(res: ApiResponse, what: string) {
  assert.equal(res.status, 401, what);
  assert.match(res.headers.get('content-type') ?? '', /application\/json/, what);
  assert.equal(res.body?.status, 'unauthorized', what);
  assert.equal(typeof res.body?.error, 'string', what);
  assert.match(
    res.headers.get('www-authenticate') ?? '',
    /^Bearer\b/i,
    `${what}: WWW-Authenticate names the Bearer scheme`,
  );
}

/** Every endpoint of the Sync API, one call each (bodies valid, so only auth can refuse them). */
const ENDPOINTS: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/bookings' },
  { method: 'GET', path: '/bookings/NO-PRODUCT' },
  { method: 'POST', path: '/bookings', body: { external_id: 'UNAUTH-1', name: 'Intruder', jump_on: '2026-06-20' } },
  { method: 'POST', path: '/bookings/batch', body: { bookings: [{ external_id: 'UNAUTH-2', jump_on: '2026-06-20' }] } },
  { method: 'DELETE', path: '/bookings/NO-PRODUCT' },
  { method: 'GET', path: '/filmers' },
  { method: 'GET', path: '/filmers/1' },
  { method: 'POST', path: '/filmers', body: { external_id: 'UNAUTH-F', name: 'Intruder', email: 'x@example.com' } },
  { method: 'POST', path: '/filmers/batch', body: { filmers: [{ id: 2, name: 'Hijacked' }] } },
  { method: 'DELETE', path: '/filmers/3' },
  { method: 'GET', path: '/products' },
  { method: 'GET', path: '/products/1' },
  { method: 'GET', path: '/upgrades' },
  { method: 'GET', path: '/upgrades/1' },
];

function requestWith(desk: TestDesk, endpoint: (typeof ENDPOINTS)[number], headers: Record<string, string>) {
  return desk.request(`/api/f1/sync${endpoint.path}`, {
    method: endpoint.method,
    headers: { ...(endpoint.body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: endpoint.body === undefined ? undefined : JSON.stringify(endpoint.body),
  });
}

describe('auth: bearer tokens', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  async function assertNothingWritten() {
    const bookings = await desk.sync('GET', '/bookings?include_all=true');
    const externalIds = bookings.body.bookings.map((b: { external_id: string | null }) => b.external_id);
    assert.deepEqual(externalIds, ['DELIVERED-OLD', 'NO-PRODUCT', 'HAS-PRODUCT', null, 'HAND-EDITED']);
    const filmers = await desk.sync('GET', '/filmers?include_all=true');
    assert.deepEqual(
      filmers.body.map((f: { id: number; name: string }) => [f.id, f.name]),
      [
        [1, 'Fay Filmer'],
        [2, 'Ivo Internal'],
        [3, 'Jo Jumper'],
      ],
    );
  }

  for (const endpoint of ENDPOINTS) {
    test(`${endpoint.method} ${endpoint.path} without Authorization is 401 JSON with WWW-Authenticate`, async () => {
      assertUnauthorized(await requestWith(desk, endpoint, {}), 'no header');
    });
  }

  test('a wrong token is 401 on every endpoint, and nothing is written', async () => {
    for (const endpoint of ENDPOINTS) {
      assertUnauthorized(
        await requestWith(desk, endpoint, auth('test-token-zzzzzzzzzzzzzzzz')),
        `${endpoint.method} ${endpoint.path}`,
      );
    }
    await assertNothingWritten();
  });

  test('a malformed Authorization header is 401', async () => {
    const headers = [
      `Basic ${Buffer.from(`user:${TEST_TOKEN}`).toString('base64')}`,
      'Bearer',
      'Bearer ',
      `Bearer ${TEST_TOKEN} extra`,
      `Token ${TEST_TOKEN}`,
      TEST_TOKEN,
      `Bearer: ${TEST_TOKEN}`,
      `${TEST_TOKEN} Bearer`,
    ];
    for (const authorization of headers) {
      assertUnauthorized(
        await desk.sync('GET', '/bookings', undefined, { authorization }),
        `Authorization: ${authorization}`,
      );
    }
  });

  test('a prefix or a variant of a valid token is not accepted', async () => {
    for (const token of [TEST_TOKEN.slice(0, -1), `${TEST_TOKEN}a`, TEST_TOKEN.toUpperCase()]) {
      assertUnauthorized(await desk.sync('GET', '/bookings', undefined, auth(token)), token);
    }
  });

  test('missing credentials fail before the body is read: a write without a token stores nothing', async () => {
    const res = await desk.request('/api/f1/sync/bookings', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ external_id: 'NO-PRODUCT', name: 'Overwritten' }),
    });
    assertUnauthorized(res, 'POST without token');
    const malformed = await desk.request('/api/f1/sync/bookings', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    assertUnauthorized(malformed, 'malformed JSON without token');
    assert.equal((await desk.sync('GET', '/bookings/NO-PRODUCT')).body.name, 'Nina Noproduct');
  });

  test('the 401 body reveals nothing of the store', async () => {
    const res = await desk.request('/api/f1/sync/bookings/NO-PRODUCT');
    assert.equal(res.status, 401);
    assert.ok(!res.text.includes('Nina'), res.text);
    assert.ok(!res.text.includes(TEST_TOKEN), res.text);
  });

  test('the valid token works, with the scheme in any case', async () => {
    assert.equal((await desk.sync('GET', '/bookings')).status, 200);
    const lower = await desk.sync('GET', '/bookings', undefined, { authorization: `bearer ${TEST_TOKEN}` });
    assert.equal(lower.status, 200);
    assert.equal(lower.headers.get('www-authenticate'), null, 'no challenge on success');
  });

  test('the desk session token also authenticates, for the first dropzone', async () => {
    const session = auth(desk.sessionToken);
    const list = await desk.sync('GET', '/bookings', undefined, session);
    assert.equal(list.status, 200);
    assert.ok(list.body.bookings.some((b: { external_id: string }) => b.external_id === 'NO-PRODUCT'));
    const shown = await desk.sync('GET', '/bookings/NO-PRODUCT', undefined, session);
    assert.equal(shown.status, 200);
    assert.equal(shown.body.name, 'Nina Noproduct');
    const sessionInfo = await desk.request('/api/desk/session', { headers: session });
    assert.equal(sessionInfo.status, 200);
    assert.equal(sessionInfo.body.dropzone.key, 'test');
  });

  test("the desk's own session endpoint needs a token too", async () => {
    assertUnauthorized(await desk.request('/api/desk/session'), 'GET /api/desk/session');
  });

  test('tokens are stored hashed: no token text in api_tokens nor anywhere in the store file', async () => {
    const db = new Database(desk.storeFile, { readonly: true, fileMustExist: true });
    try {
      const rows = db.prepare('SELECT * FROM api_tokens').all() as Record<string, unknown>[];
      assert.equal(rows.length, 2, 'one seeded token per dropzone');
      const dump = JSON.stringify(rows);
      for (const token of [TEST_TOKEN, OTHER_DZ_TOKEN, desk.sessionToken]) {
        assert.ok(!dump.includes(token), 'api_tokens holds no token in clear');
      }
      const all = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
      for (const { name } of all) {
        const tableDump = JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all());
        assert.ok(
          !tableDump.includes(TEST_TOKEN) && !tableDump.includes(desk.sessionToken),
          `table ${name} holds no token`,
        );
      }
    } finally {
      db.close();
    }
    for (const file of [desk.storeFile, `${desk.storeFile}-wal`]) {
      if (!existsSync(file)) continue;
      const bytes = readFileSync(file);
      for (const token of [TEST_TOKEN, OTHER_DZ_TOKEN, desk.sessionToken]) {
        assert.equal(bytes.indexOf(Buffer.from(token, 'utf8')), -1, `${file} does not contain a token in clear`);
      }
    }
  });
});

describe('auth: a booking system token opens the Sync API only', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  // Every route of the desk API, with a harmless body where one is needed: each must refuse before doing anything.
  const DESK_ROUTES: [string, string, unknown?][] = [
    ['GET', '/session'],
    ['GET', '/connection'],
    ['PUT', '/connection', { mode: 'proxy', remote_url: 'https://attacker.example' }],
    ['POST', '/connection/test', { remote_url: 'https://attacker.example' }],
    ['GET', '/log'],
    ['GET', '/log/1'],
    ['PATCH', '/bookings/NO-PRODUCT', { name: 'Changed by a booking system token' }],
    ['POST', '/bookings/NO-PRODUCT/unlock', { fields: ['name'] }],
    ['GET', '/listen'],
    ['PUT', '/listen', { fixed_port: 4999 }],
    ['GET', '/imports'],
    [
      'POST',
      '/imports',
      {
        kind: 'bookings',
        file_name: 'x.csv',
        headers: ['a'],
        mapping: {},
        total_rows: 1,
        send: [{ row_number: 1, cells: ['x'], record: { external_id: 'BY-TOKEN' } }],
      },
    ],
    ['POST', '/imports/1/send', { send: [] }],
    ['POST', '/imports/1/cancel'],
    ['GET', '/imports/events'],
    ['POST', '/imports/stored-jump-dates', { external_ids: ['NO-PRODUCT'] }],
    ['GET', '/imports/1/outcomes'],
    ['GET', '/import-mappings?kind=bookings&headers=%5B%22a%22%5D'],
    ['GET', '/api-tokens'],
    ['POST', '/api-tokens', { label: 'made by a booking system' }],
    ['DELETE', '/api-tokens/1'],
  ];

  for (const [method, path, body] of DESK_ROUTES) {
    test(`${method} /api/desk${path} is 403 with an API token, and changes nothing`, async () => {
      const res = await desk.request(`/api/desk${path}`, {
        method,
        headers: {
          authorization: `Bearer ${TEST_TOKEN}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      assert.equal(res.status, 403);
      assert.equal(res.body.status, 'forbidden');
      assert.match(res.body.error, /Sync API \(\/api\/f1\/sync\) only/);
    });
  }

  test('nothing was changed by those calls; the same token still works on the Sync API, the session token on the desk API', async () => {
    assert.equal((await desk.sync('GET', '/bookings/NO-PRODUCT')).body.name, 'Nina Noproduct');
    assert.deepEqual(desk.queryStore('SELECT mode, remote_url FROM connection_settings'), [
      { mode: 'local', remote_url: null },
    ]);
    assert.deepEqual(desk.queryStore('SELECT fixed_port FROM listen_settings'), [{ fixed_port: null }]);
    assert.deepEqual(desk.queryStore("SELECT count(*) AS n FROM api_tokens WHERE label = 'made by a booking system'"), [
      { n: 0 },
    ]);
    assert.deepEqual(desk.queryStore('SELECT count(*) AS n FROM imports'), [{ n: 0 }]);
    assert.equal((await desk.sync('GET', '/bookings')).status, 200);
    assert.equal((await desk.desk('GET', '/session')).status, 200);
    assert.equal((await desk.desk('GET', '/api-tokens')).status, 200);
  });

  test('the health endpoint stays open to all (it reveals nothing)', async () => {
    assert.equal((await desk.request('/api/desk/health')).status, 200);
  });
});

describe('auth: dropzones are isolated from each other', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test("another dropzone's token cannot show the first dropzone's booking", async () => {
    const res = await desk.sync('GET', '/bookings/NO-PRODUCT', undefined, asOther);
    assert.equal(res.status, 404);
    assert.equal(res.body.status, 'not_found');
    assert.ok(!res.text.includes('Nina'), res.text);
  });

  test('each dropzone lists only its own bookings', async () => {
    const theirs = await desk.sync('GET', '/bookings?include_all=true', undefined, asOther);
    assert.equal(theirs.status, 200);
    assert.deepEqual(
      theirs.body.bookings.map((b: { external_id: string }) => b.external_id),
      ['OTHER-1'],
    );
    assert.equal(theirs.body.pagination.total_count, 1);
    const mine = await desk.sync('GET', '/bookings?include_all=true');
    assert.ok(!mine.body.bookings.some((b: { external_id: string }) => b.external_id === 'OTHER-1'));
    assert.equal((await desk.sync('GET', '/bookings/OTHER-1')).status, 404);
  });

  test("another dropzone cannot delete the first dropzone's booking", async () => {
    const res = await desk.sync('DELETE', '/bookings/NO-PRODUCT', undefined, asOther);
    assert.equal(res.status, 404);
    assert.equal((await desk.sync('GET', '/bookings/NO-PRODUCT')).status, 200);
  });

  test("another dropzone writing the same external_id never touches the first dropzone's booking", async () => {
    const before = (await desk.sync('GET', '/bookings/NO-PRODUCT')).body;
    const single = await desk.sync(
      'POST',
      '/bookings',
      { external_id: 'NO-PRODUCT', name: 'Hijacker', jump_on: '2026-06-20' },
      asOther,
    );
    assert.equal(single.status, 201, 'it is a new booking of their own');
    assert.equal(single.body.status, 'created');
    const batch = await desk.sync(
      'POST',
      '/bookings/batch',
      { bookings: [{ external_id: 'HAS-PRODUCT', name: 'Hijacker' }] },
      asOther,
    );
    assert.equal(batch.status, 200);
    assert.equal(batch.body.results[0].status, 'created');
    assert.deepEqual((await desk.sync('GET', '/bookings/NO-PRODUCT')).body, before);
    assert.equal((await desk.sync('GET', '/bookings/HAS-PRODUCT')).body.name, 'Hank Hasproduct');
  });

  test("another dropzone sees none of the first dropzone's filmers", async () => {
    const list = await desk.sync('GET', '/filmers?include_all=true', undefined, asOther);
    assert.equal(list.status, 200);
    assert.deepEqual(list.body, []);
    for (const id of [1, 2, 3]) {
      const res = await desk.sync('GET', `/filmers/${id}`, undefined, asOther);
      assert.equal(res.status, 404, `filmer ${id}`);
      assert.deepEqual(res.body, { id, error: 'filmer not found', status: 'not_found' });
    }
  });

  test("another dropzone cannot update or delete the first dropzone's filmers", async () => {
    const before = (await desk.sync('GET', '/filmers?include_all=true')).body;
    const update = await desk.sync('POST', '/filmers', { id: 2, name: 'Hijacked' }, asOther);
    assert.equal(update.status, 404);
    assert.equal(update.body.status, 'not_found');
    const batch = await desk.sync('POST', '/filmers/batch', { filmers: [{ id: 3, active: true }] }, asOther);
    assert.equal(batch.status, 200);
    assert.equal(batch.body.results[0].status, 'not_found');
    const del = await desk.sync('DELETE', '/filmers/3', undefined, asOther);
    assert.equal(del.status, 404);
    assert.deepEqual((await desk.sync('GET', '/filmers?include_all=true')).body, before);
    assert.deepEqual(
      (await desk.sync('GET', '/filmers?include_all=true', undefined, asOther)).body,
      [],
      'nothing was created for them either',
    );
  });

  test('a filmer external_id used in one dropzone is free in another (no cross-dropzone leak)', async () => {
    const res = await desk.sync(
      'POST',
      '/filmers',
      { external_id: 'F-1', name: 'Their Fay', email: 'their.fay@example.com' },
      asOther,
    );
    assert.equal(res.status, 201);
    assert.equal(res.body.status, 'created');
    assert.equal((await desk.sync('GET', '/filmers/1')).body.name, 'Fay Filmer');
    const mine = await desk.sync('GET', `/filmers/${res.body.id}`);
    assert.equal(mine.status, 404, 'their new filmer is invisible to the first dropzone');
  });
});

describe('security: Host and Origin (DNS-rebinding defence), no CORS', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  const get = (path: string, headers: Record<string, string>) =>
    rawRequest(desk.port, { path, headers: { authorization: `Bearer ${TEST_TOKEN}`, ...headers } });

  function assertForbidden(res: RawResponse, what: string) {
    assert.equal(res.status, 403, what);
    assert.match(res.headers['content-type'] ?? '', /application\/json/, what);
    assert.equal((res.body as { status?: string }).status, 'forbidden', what);
    assert.equal(typeof (res.body as { error?: unknown }).error, 'string', what);
    assert.ok(!res.text.includes('Nina'), `${what}: no data in the refusal`);
  }

  test("the server's own loopback names with its port are accepted", async () => {
    for (const host of [`127.0.0.1:${desk.port}`, `localhost:${desk.port}`, `LOCALHOST:${desk.port}`]) {
      const res = await get('/api/f1/sync/bookings/NO-PRODUCT', { host });
      assert.equal(res.status, 200, `Host: ${host}`);
      assert.equal((res.body as { name: string }).name, 'Nina Noproduct');
    }
  });

  test('a foreign Host is 403 JSON, even with a valid token', async () => {
    for (const host of [
      `evil.example.com:${desk.port}`,
      'evil.example.com',
      `127.0.0.1.evil.example.com:${desk.port}`,
      `localhost.evil.example.com:${desk.port}`,
      `127.0.0.1:${desk.port + 1 === 65536 ? 1 : desk.port + 1}`,
      '127.0.0.1',
      'localhost',
      `192.168.1.10:${desk.port}`,
    ]) {
      assertForbidden(await get('/api/f1/sync/bookings/NO-PRODUCT', { host }), `Host: ${host}`);
    }
  });

  test('a foreign Host cannot write: nothing is stored', async () => {
    const res = await rawRequest(desk.port, {
      method: 'POST',
      path: '/api/f1/sync/bookings',
      headers: {
        host: `rebind.example:${desk.port}`,
        authorization: `Bearer ${TEST_TOKEN}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ external_id: 'NO-PRODUCT', name: 'Rebound' }),
    });
    assertForbidden(res, 'POST with a foreign Host');
    const del = await rawRequest(desk.port, {
      method: 'DELETE',
      path: '/api/f1/sync/bookings/HAS-PRODUCT',
      headers: { host: `rebind.example:${desk.port}`, authorization: `Bearer ${TEST_TOKEN}` },
    });
    assertForbidden(del, 'DELETE with a foreign Host');
    assert.equal((await desk.sync('GET', '/bookings/NO-PRODUCT')).body.name, 'Nina Noproduct');
    assert.equal((await desk.sync('GET', '/bookings/HAS-PRODUCT')).status, 200);
  });

  test('a foreign Host is refused on the health endpoint too', async () => {
    assertForbidden(
      await rawRequest(desk.port, { path: '/api/desk/health', headers: { host: `evil.example.com:${desk.port}` } }),
      'health',
    );
  });

  test('a cross-origin Origin is 403', async () => {
    for (const origin of [
      'http://evil.example.com',
      `http://evil.example.com:${desk.port}`,
      `http://127.0.0.1:${desk.port + 1 === 65536 ? 1 : desk.port + 1}`,
      'null',
    ]) {
      const res = await get('/api/f1/sync/bookings', { host: `127.0.0.1:${desk.port}`, origin });
      assertForbidden(res, `Origin: ${origin}`);
    }
  });

  test('a cross-origin write is refused and stores nothing', async () => {
    const res = await rawRequest(desk.port, {
      method: 'POST',
      path: '/api/f1/sync/bookings',
      headers: {
        origin: 'http://evil.example.com',
        authorization: `Bearer ${TEST_TOKEN}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ external_id: 'CSRF-1', jump_on: '2026-06-20' }),
    });
    assertForbidden(res, 'cross-origin POST');
    assert.equal((await desk.sync('GET', '/bookings/CSRF-1')).status, 404);
  });

  test("the server's own origin is accepted", async () => {
    for (const origin of [`http://127.0.0.1:${desk.port}`, `http://localhost:${desk.port}`]) {
      const res = await get('/api/f1/sync/bookings', { host: `127.0.0.1:${desk.port}`, origin });
      assert.equal(res.status, 200, `Origin: ${origin}`);
    }
  });

  test('no Access-Control-Allow-Origin on a normal response, an error, or a preflight', async () => {
    const normal = await get('/api/f1/sync/bookings', {
      host: `127.0.0.1:${desk.port}`,
      origin: `http://127.0.0.1:${desk.port}`,
    });
    assert.equal(normal.status, 200);
    const unauthorized = await rawRequest(desk.port, { path: '/api/f1/sync/bookings' });
    assert.equal(unauthorized.status, 401);
    const crossOrigin = await get('/api/f1/sync/bookings', { origin: 'http://evil.example.com' });
    assert.equal(crossOrigin.status, 403);
    const preflights = await Promise.all(
      ['http://evil.example.com', `http://127.0.0.1:${desk.port}`].map((origin) =>
        rawRequest(desk.port, {
          method: 'OPTIONS',
          path: '/api/f1/sync/bookings',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization, content-type',
          },
        }),
      ),
    );
    for (const res of [normal, unauthorized, crossOrigin, ...preflights]) {
      for (const header of [
        'access-control-allow-origin',
        'access-control-allow-credentials',
        'access-control-allow-headers',
        'access-control-allow-methods',
      ]) {
        assert.equal(res.headers[header], undefined, `${header} must never be sent (got status ${res.status})`);
      }
    }
    for (const preflight of preflights)
      assert.ok(preflight.status >= 400, `a preflight is not approved (status ${preflight.status})`);
  });

  test('responses are not cacheable and not sniffable', async () => {
    const res = await desk.sync('GET', '/bookings/NO-PRODUCT');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('cache-control') ?? '', /no-store/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  });
});

describe('security: the health endpoint', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('answers without a token and reveals no data', async () => {
    const res = await desk.request('/api/desk/health');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    assert.equal(res.body.status, 'ok');
    const allowed = new Set(['status', 'service', 'api', 'version']);
    for (const key of Object.keys(res.body)) assert.ok(allowed.has(key), `unexpected key ${key} in health`);
    for (const secret of [
      'Test Dropzone',
      'Other Dropzone',
      'Europe/Amsterdam',
      'Nina',
      'Fay',
      TEST_TOKEN,
      OTHER_DZ_TOKEN,
      desk.sessionToken,
      desk.dataDir,
    ]) {
      assert.ok(!res.text.includes(secret), `health does not reveal ${secret}`);
    }
  });

  test('answers the same with a token (it is not a way to learn anything more)', async () => {
    const anonymous = await desk.request('/api/desk/health');
    const authed = await desk.request('/api/desk/health', { headers: auth(TEST_TOKEN) });
    assert.equal(authed.status, 200);
    assert.deepEqual(authed.body, anonymous.body);
  });
});
