import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SECRET_FILE_NAME } from '../../electron/common/secret-store';
import { startTestDesk, type TestDesk } from '../support/desk';
import {
  direct,
  FAST_HEALTH,
  REMOTE_TOKEN,
  sendJson,
  startFakeRemote,
  startRemoteDesk,
  startSilentServer,
  useProxy,
  type FakeRemote,
} from '../support/remote';
import { TEST_TOKEN } from '../support/seed';

const posix = process.platform !== 'win32';
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('desk API: /api/desk/connection', () => {
  let desk: TestDesk;
  before(async () => {
    desk = await startTestDesk({ deskOptions: { healthTiming: FAST_HEALTH } });
  });
  after(() => desk?.dispose());

  test('a new store starts in local mode with defaults, no credentials, health unknown', async () => {
    const res = await desk.desk('GET', '/connection');
    assert.equal(res.status, 200);
    assert.deepEqual(
      { ...res.body, secret_store: undefined },
      {
        mode: 'local',
        remote_url: null,
        api_base: null,
        credentials: { kind: 'none', set: false },
        request_timeout_ms: 30000,
        connect_timeout_ms: 5000,
        overridden: [],
        secret_store: undefined,
        updated_at: null,
        health: {
          state: 'unknown',
          cause: 'local mode: no remote to check',
          result: null,
          checked_at: null,
          since: null,
          next_check_at: null,
          catalogue_version: null,
        },
      },
    );
    assert.match(res.body.secret_store, /remote-credentials\.json/);
  });

  test('it needs the desk token like every desk endpoint', async () => {
    assert.equal((await desk.request('/api/desk/connection')).status, 401);
    assert.equal((await desk.request('/api/desk/log')).status, 401);
  });

  const INVALID: [string, unknown, RegExp][] = [
    ['a relative URL', { remote_url: '/api/f1/sync' }, /remote_url must be an absolute URL/],
    ['an ftp URL', { remote_url: 'ftp://example.com' }, /remote_url must start with http:\/\/ or https:\/\//],
    ['a URL with a password', { remote_url: 'https://me:pw@example.com' }, /must not carry a user name or password/],
    ['a URL with the API path', { remote_url: 'https://example.com/api/f1/sync' }, /without \/api\/f1\/sync/],
    ['a URL with a query', { remote_url: 'https://example.com/?x=1' }, /query string/],
    ['proxy mode without a URL', { mode: 'proxy' }, /remote_url proxy mode needs a remote URL/],
    ['an unknown mode', { mode: 'remote' }, /mode must be "local" or "proxy"/],
    ['an unknown field', { remote_ur: 'https://example.com' }, /remote_ur is not a writable connection attribute/],
    ['a timeout too small', { request_timeout_ms: 5 }, /request_timeout_ms must be at least 100 ms/],
    ['a timeout as text', { connect_timeout_ms: '300' }, /connect_timeout_ms must be a whole number/],
    [
      'a bearer token with a space',
      { credentials: { kind: 'bearer', token: 'a b' } },
      /credentials.token must be 1 to 4096 visible ASCII/,
    ],
    [
      'a header credential on Host',
      { credentials: { kind: 'header', name: 'Host', value: 'x' } },
      /credentials.name is a header the desk sets itself/,
    ],
    [
      'a header value with a line break',
      { credentials: { kind: 'header', name: 'X-Key', value: 'a\r\nX-Evil: 1' } },
      /credentials.value must be 1 to 8192 characters without line breaks/,
    ],
    [
      'an unknown credential kind',
      { credentials: { kind: 'basic', user: 'x' } },
      /credentials\.kind must be \{"kind":"none"\}/,
    ],
    ['a body that is not an object', [1], /must be an object/],
  ];
  for (const [what, body, message] of INVALID) {
    test(`PUT with ${what} is a 422 that says what is wrong, and changes nothing`, async () => {
      const res = await desk.admin('PUT', '/connection', body);
      assert.equal(res.status, 422, res.text);
      assert.equal(res.body.status, 'unprocessable_content');
      assert.match(res.body.error, message);
      assert.equal(typeof res.body.fields, 'object');
      assert.equal((await desk.desk('GET', '/connection')).body.mode, 'local');
    });
  }

  test('malformed JSON is a 400, a body of another type a 415', async () => {
    const broken = await desk.request('/api/desk/connection', {
      method: 'PUT',
      headers: { authorization: `Bearer ${desk.sessionToken}`, 'content-type': 'application/json' },
      body: '{"mode":',
    });
    assert.equal(broken.status, 400);
    const text = await desk.request('/api/desk/connection', {
      method: 'PUT',
      headers: { authorization: `Bearer ${desk.sessionToken}`, 'content-type': 'text/plain' },
      body: 'mode=proxy',
    });
    assert.equal(text.status, 415);
  });

  test('a saved connection is stored in SQLite without the secret, the secret in a 0600 file; no answer shows it', async () => {
    const res = await desk.admin('PUT', '/connection', {
      mode: 'local',
      remote_url: 'https://sync.example.com/base/',
      credentials: { kind: 'bearer', token: 'very-secret-token-123' },
      request_timeout_ms: 1500,
      connect_timeout_ms: 700,
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.remote_url, 'https://sync.example.com/base');
    assert.equal(res.body.api_base, 'https://sync.example.com/base/api/f1/sync');
    assert.deepEqual(res.body.credentials, { kind: 'bearer', set: true });
    assert.equal(res.body.request_timeout_ms, 1500);
    assert.ok(!res.text.includes('very-secret-token-123'));
    assert.ok(!(await desk.desk('GET', '/connection')).text.includes('very-secret-token-123'));
    assert.ok(!(await desk.desk('GET', '/session')).text.includes('very-secret-token-123'));

    const row = desk.queryStore('SELECT * FROM connection_settings')[0];
    assert.deepEqual(
      { ...row, updated_at: undefined },
      {
        id: 1,
        mode: 'local',
        remote_url: 'https://sync.example.com/base',
        request_timeout_ms: 1500,
        connect_timeout_ms: 700,
        updated_at: undefined,
      },
    );
    assert.ok(!JSON.stringify(desk.queryStore('SELECT * FROM sqlite_master')).includes('very-secret'));
    const file = join(desk.dataDir, SECRET_FILE_NAME);
    if (posix) assert.equal(modeOf(file), 0o600);
    assert.match(readFileSync(file, 'utf8'), /very-secret-token-123/);

    const header = await desk.admin('PUT', '/connection', {
      credentials: { kind: 'header', name: 'X-Api-Key', value: 'hdr-secret-456' },
    });
    assert.deepEqual(header.body.credentials, { kind: 'header', name: 'X-Api-Key', set: true });
    assert.ok(!header.text.includes('hdr-secret-456'));
    if (posix) assert.equal(modeOf(file), 0o600);

    const none = await desk.admin('PUT', '/connection', { credentials: { kind: 'none' } });
    assert.deepEqual(none.body.credentials, { kind: 'none', set: false });
    assert.throws(() => statSync(file), /ENOENT/, 'forgetting the credentials removes the file');
  });

  test('forgetting the URL in local mode is fine; the timeouts and mode stay', async () => {
    const res = await desk.admin('PUT', '/connection', { remote_url: null });
    assert.equal(res.status, 200);
    assert.equal(res.body.remote_url, null);
    assert.equal(res.body.request_timeout_ms, 1500);
  });
});

describe('the secret file: kept only for the user', { skip: !posix && 'POSIX file modes' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'desk-secret-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('a secret file that others can read is tightened to 0600 on start, with a notice that never shows the secret', async () => {
    mkdirSync(join(dir, 'data'));
    const first = await startTestDesk({ dataDir: join(dir, 'data') });
    await first.admin('PUT', '/connection', { credentials: { kind: 'bearer', token: 'loose-secret-789' } });
    await first.dispose();
    const file = join(dir, 'data', SECRET_FILE_NAME);
    chmodSync(file, 0o644);

    const second = await startTestDesk({ dataDir: join(dir, 'data'), seed: null });
    try {
      assert.equal(modeOf(file), 0o600);
      assert.equal(second.notices.length, 1);
      assert.match(second.notices[0]!, /readable by others \(mode 0644\); tightened to 0600/);
      assert.ok(!second.notices[0]!.includes('loose-secret-789'));
      const view = await second.desk('GET', '/connection');
      assert.deepEqual(view.body.credentials, { kind: 'bearer', set: true }, 'the credentials are still there');
    } finally {
      await second.dispose();
    }
  });

  test('a damaged secret file is a notice, not a desk that will not start', async () => {
    writeFileSync(join(dir, 'data', SECRET_FILE_NAME), 'not json', { mode: 0o600 });
    const desk = await startTestDesk({ dataDir: join(dir, 'data'), seed: null });
    try {
      assert.match(desk.notices.join('\n'), /not valid JSON; delete the file and enter them again/);
      assert.deepEqual((await desk.desk('GET', '/connection')).body.credentials, { kind: 'none', set: false });
    } finally {
      await desk.dispose();
    }
  });
});

describe('desk API: POST /api/desk/connection/test says exactly what went wrong', () => {
  let remote: TestDesk;
  let desk: TestDesk;
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  let notSync: FakeRemote;
  let plain: Server;
  let plainPort: number;

  before(async () => {
    remote = await startRemoteDesk();
    desk = await startTestDesk({ deskOptions: { healthTiming: FAST_HEALTH } });
    silent = await startSilentServer();
    notSync = await startFakeRemote((req, res) => {
      if (req.url.startsWith('/html/'))
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>welcome</p>');
      else if (req.url.startsWith('/shape/')) sendJson(res, 200, '{"version": 7, "items": []}');
      else if (req.url.startsWith('/busy/'))
        sendJson(res, 503, '{"error":"down for maintenance","status":"unavailable"}');
      else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    });
    plain = createHttpServer((_req, res) => res.end('plain http'));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    plainPort = (plain.address() as { port: number }).port;
  });
  after(async () => {
    await desk?.dispose();
    await remote?.dispose();
    await silent?.close();
    await notSync?.close();
    plain?.closeAllConnections();
    plain?.close();
  });

  const probe = (body: unknown) => desk.admin('POST', '/connection/test', body);

  test('ok: the Sync API answered, with its catalogue version', async () => {
    const res = await probe({ remote_url: remote.url, credentials: { kind: 'bearer', token: REMOTE_TOKEN } });
    assert.equal(res.status, 200);
    const version = (await direct(remote, 'GET', '/products')).body.version;
    assert.equal(res.body.ok, true);
    assert.equal(res.body.result, 'ok');
    assert.equal(res.body.catalogue_version, version);
    assert.equal(res.body.product_count, 6);
    assert.equal(res.body.http_status, 200);
    assert.equal(res.body.tested_url, `${remote.url}/api/f1/sync/products`);
    assert.match(res.body.message, new RegExp(`catalogue version ${version}, 6 products`));
  });

  const CASES: [string, () => object, string, RegExp][] = [
    [
      'connection refused',
      () => ({ remote_url: 'http://127.0.0.1:1' }),
      'refused',
      /^connection refused \(127\.0\.0\.1:1\)$/,
    ],
    [
      'DNS failure',
      () => ({ remote_url: 'https://desk-test.invalid' }),
      'dns',
      /^DNS lookup failed: desk-test\.invalid does not resolve \(ENOTFOUND\)$/,
    ],
    [
      'timeout',
      () => ({ remote_url: silent.url, request_timeout_ms: 300 }),
      'timeout',
      /^remote did not answer within 300 ms$/,
    ],
    [
      'TLS error',
      () => ({ remote_url: `https://127.0.0.1:${plainPort}` }),
      'tls',
      /^TLS error with 127\.0\.0\.1:\d+: .*wrong version number/i,
    ],
    [
      '401: credentials rejected',
      () => ({ remote_url: remote.url, credentials: { kind: 'bearer', token: 'wrong-token-eeeeeeeeeeeeeeee' } }),
      'credentials_rejected',
      /rejected the credentials \(HTTP 401: "invalid token/,
    ],
    [
      '401 without credentials',
      () => ({ remote_url: remote.url, credentials: { kind: 'none' } }),
      'credentials_rejected',
      /wants credentials, and none are set \(HTTP 401/,
    ],
    [
      '404: not a Sync API',
      () => ({ remote_url: notSync.url }),
      'not_sync_api',
      /no Sync API at .*\/api\/f1\/sync\/products \(HTTP 404\); check the base URL/,
    ],
    [
      '404 from a Sync API server under a wrong base path',
      () => ({ remote_url: `${remote.url}/wrong`, credentials: { kind: 'bearer', token: REMOTE_TOKEN } }),
      'not_sync_api',
      /HTTP 404/,
    ],
    [
      'HTML: not a Sync API',
      () => ({ remote_url: `${notSync.url}/html` }),
      'not_sync_api',
      /not with JSON \(text\/html\)/,
    ],
    [
      'the wrong shape: not a Sync API',
      () => ({ remote_url: `${notSync.url}/shape` }),
      'not_sync_api',
      /not with the Sync API's products list \(version: .*expected string/,
    ],
    ['a 503', () => ({ remote_url: `${notSync.url}/busy` }), 'http_error', /answered HTTP 503: "down for maintenance"/],
  ];
  for (const [what, body, result, message] of CASES) {
    test(`${what}`, async () => {
      const res = await probe(body());
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.ok, false);
      assert.equal(res.body.result, result, res.body.message);
      assert.match(res.body.message, message);
      assert.ok(!res.text.includes(REMOTE_TOKEN) && !res.text.includes('wrong-token'), 'never the credentials');
    });
  }

  test('an empty body tests the saved connection; nothing saved is a 422', async () => {
    const nothing = await probe(undefined);
    assert.equal(nothing.status, 422);
    assert.match(nothing.body.error, /no remote URL to test/);
    await useProxy(desk, remote.url);
    const saved = await probe({});
    assert.equal(saved.body.result, 'ok');
    const noBody = await probe(undefined);
    assert.equal(noBody.body.result, 'ok');
    const bad = await probe({ remote_url: 'nope' });
    assert.equal(bad.status, 422);
  });
});

describe('desk API: the request log', () => {
  let remote: TestDesk;
  let desk: TestDesk;
  before(async () => {
    remote = await startRemoteDesk();
    desk = await startTestDesk({ deskOptions: { healthTiming: FAST_HEALTH } });
    await desk.sync('GET', '/bookings?per_page=1');
    await desk.sync('POST', '/filmers', { name: 'Local Lou', email: 'lou@example.com' });
    await desk.sync('GET', '/bookings/NOPE');
    await desk.request('/api/f1/sync/filmers');
    await useProxy(desk, remote.url);
    await desk.sync('GET', '/bookings/REMOTE-ONLY?api_key=query-secret&page=1');
    await desk.sync('POST', '/filmers', {
      name: 'Remote Rob',
      email: 'rob@example.com',
      password: 'body-secret',
      nested: [{ access_token: 'deep-secret' }],
    });
    await desk.sync('POST', '/bookings', { external_id: 'LOG-1', name: 'Logged', jump_on: '2026-06-20' });
  });
  after(async () => {
    await desk?.dispose();
    await remote?.dispose();
  });

  test('every call is there, newest first, local and proxied, with its outcome, code, sizes and mode', async () => {
    const res = await desk.desk('GET', '/log');
    assert.equal(res.status, 200);
    const entries = res.body.entries;
    assert.deepEqual(
      entries.map((e: any) => [e.method, e.path, e.mode, e.forwarded, e.http_status, e.status]),
      [
        ['POST', '/api/f1/sync/bookings', 'proxy', true, 201, 'created'],
        ['POST', '/api/f1/sync/filmers', 'proxy', true, 422, 'unprocessable_content'],
        ['GET', '/api/f1/sync/bookings/REMOTE-ONLY?api_key=<redacted>&page=1', 'proxy', true, 200, null],
        ['GET', '/api/f1/sync/filmers', 'local', false, 401, 'unauthorized'],
        ['GET', '/api/f1/sync/bookings/NOPE', 'local', false, 404, 'not_found'],
        ['POST', '/api/f1/sync/filmers', 'local', false, 201, 'created'],
        ['GET', '/api/f1/sync/bookings?per_page=1', 'local', false, 200, null],
      ],
    );
    const created = entries[5];
    assert.ok(created.request_bytes > 0 && created.response_bytes > 0 && created.duration_ms >= 0);
    assert.ok(!Number.isNaN(Date.parse(created.time)));
    assert.equal(res.body.next_cursor, null);
    assert.equal(res.body.kept, 7);
  });

  test('filters: method, path, status (code, class or name), mode, deviations; limit and cursor page through', async () => {
    const ids = async (query: string) => (await desk.desk('GET', `/log?${query}`)).body.entries.map((e: any) => e.id);
    assert.deepEqual(await ids('method=post'), [7, 6, 2]);
    assert.deepEqual(await ids('path=REMOTE'), [5]);
    assert.deepEqual(await ids('status=422'), [6]);
    assert.deepEqual(await ids('status=4xx'), [6, 4, 3]);
    assert.deepEqual(await ids('status=created'), [7, 2]);
    assert.deepEqual(await ids('mode=local'), [4, 3, 2, 1]);
    assert.deepEqual(await ids('deviations=true'), []);
    const first = await desk.desk('GET', '/log?limit=3');
    assert.deepEqual(
      first.body.entries.map((e: any) => e.id),
      [7, 6, 5],
    );
    assert.equal(first.body.next_cursor, 5);
    const second = await desk.desk('GET', '/log?limit=3&cursor=5');
    assert.deepEqual(
      second.body.entries.map((e: any) => e.id),
      [4, 3, 2],
    );
    const third = await desk.desk('GET', `/log?limit=3&cursor=${second.body.next_cursor}`);
    assert.deepEqual(
      third.body.entries.map((e: any) => e.id),
      [1],
    );
    assert.equal(third.body.next_cursor, null);
    assert.deepEqual(await ids('after=5'), [7, 6]);
  });

  test('bad filters are a 422 naming them', async () => {
    for (const [query, message] of [
      ['limit=0', /limit must be a number from 1 to 500/],
      ['mode=remote', /mode must be "local" or "proxy"/],
      ['status=4x', /status must be an HTTP code/],
      ['colour=red', /colour is not a known parameter/],
      ['method=GET&method=POST', /method is given more than once/],
    ] as const) {
      const res = await desk.desk('GET', `/log?${query}`);
      assert.equal(res.status, 422, query);
      assert.match(res.body.error, message);
    }
  });

  test('one call in detail: headers and bodies redacted, the upstream URL, and Copy as cURL with the Authorization redacted', async () => {
    const res = await desk.desk('GET', '/log/6');
    assert.equal(res.status, 200);
    const entry = res.body;
    assert.equal(entry.upstream_url, `${remote.url}/api/f1/sync/filmers`);
    assert.equal(entry.request.headers.authorization, 'Bearer <redacted>');
    assert.deepEqual(JSON.parse(entry.request.body), {
      name: 'Remote Rob',
      email: 'rob@example.com',
      password: '<redacted>',
      nested: [{ access_token: '<redacted>' }],
    });
    assert.equal(entry.response.headers['content-type'], 'application/json; charset=utf-8');
    assert.match(entry.response.body, /password is not a writable filmer attribute/);
    assert.equal(
      entry.curl,
      [
        `curl -X POST 'http://127.0.0.1:${desk.port}/api/f1/sync/filmers'`,
        ...Object.keys(entry.request.headers)
          .filter((name) => !['host', 'content-length', 'connection', 'accept-encoding'].includes(name))
          .map(
            (name) =>
              `-H '${name.replace(/(^|-)([a-z])/g, (_m: string, d: string, l: string) => d + l.toUpperCase())}: ${entry.request.headers[name]}'`,
          ),
        `--data-raw '${entry.request.body}'`,
      ].join(' \\\n  '),
    );
    assert.match(entry.curl, /-H 'Authorization: Bearer <redacted>'/);
    assert.match(entry.curl_upstream, new RegExp(`^curl -X POST '${remote.url}/api/f1/sync/filmers'`));
    assert.match(entry.curl_upstream, /-H 'Authorization: Bearer <redacted>'/);
    assert.equal(entry.remote_error, null);

    const query = await desk.desk('GET', '/log/5');
    assert.equal(query.body.upstream_url, `${remote.url}/api/f1/sync/bookings/REMOTE-ONLY?api_key=<redacted>&page=1`);
    assert.match(query.body.curl, /api_key=<redacted>&page=1'/);
    assert.equal(query.body.curl_upstream.includes(' -X '), false, 'a GET needs no -X');

    const local = await desk.desk('GET', '/log/2');
    assert.equal(local.body.curl_upstream, null);
    assert.equal(local.body.upstream_url, null);
  });

  test('no secret appears anywhere in the log: not the desk token, not the remote token, not secret fields', async () => {
    const texts = [(await desk.desk('GET', '/log?limit=500')).text];
    for (let id = 1; id <= 7; id++) texts.push((await desk.desk('GET', `/log/${id}`)).text);
    const all = texts.join('\n');
    for (const secret of [TEST_TOKEN, desk.sessionToken, REMOTE_TOKEN, 'query-secret', 'body-secret', 'deep-secret']) {
      assert.ok(!all.includes(secret), `${secret.slice(0, 12)}… leaked`);
    }
  });

  test('an unknown or lapsed entry is a 404 that says how long the log keeps calls', async () => {
    const res = await desk.desk('GET', '/log/999');
    assert.equal(res.status, 404);
    assert.match(res.body.error, /keeps the last 5000 calls/);
    assert.equal((await desk.desk('GET', '/log/abc')).status, 404);
  });

  test('the session tells the mode, the remote URL (no secret), health and the deviation count', async () => {
    const res = await desk.desk('GET', '/session');
    assert.equal(res.body.mode, 'proxy');
    assert.equal(res.body.remote_url, remote.url);
    assert.equal(res.body.contract_deviations, 0);
    assert.ok(['online', 'unknown'].includes(res.body.health.state));
    assert.deepEqual(Object.keys(res.body.health).sort(), [
      'catalogue_version',
      'cause',
      'checked_at',
      'next_check_at',
      'result',
      'since',
      'state',
    ]);
    // The copy of the remote: what it holds and how old it is (docs/offline.md).
    assert.deepEqual(Object.keys(res.body.copy).sort(), ['as_of', 'failing_since', 'from', 'last_error', 'to']);
    assert.ok(!res.text.includes(REMOTE_TOKEN));
  });
});
