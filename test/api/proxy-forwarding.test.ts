import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { startTestDesk, type TestDesk } from '../support/desk';
import {
  direct,
  FAST_HEALTH,
  REMOTE_TOKEN,
  sendJson,
  startFakeRemote,
  startProxyPair,
  useProxy,
  type FakeRemote,
} from '../support/remote';
import { OTHER_DZ_TOKEN, TEST_TOKEN } from '../support/seed';

/** A GET exactly as written: fetch would resolve `..` before sending. */
function rawGet(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Ids and generated tokens differ between two creates of the same booking; everything else must not. */
function withoutIdentity(body: Record<string, unknown>) {
  const { id: _id, uuid: _uuid, link: _link, external_id: _external_id, ...rest } = body;
  return rest;
}

describe('proxy mode: the same Sync API, served by the remote', () => {
  let remote: TestDesk;
  let desk: TestDesk;

  let pair: Awaited<ReturnType<typeof startProxyPair>> | undefined;
  before(async () => {
    pair = await startProxyPair();
    ({ remote, desk } = pair);
  });
  after(() => pair?.dispose());

  const READS = [
    '/bookings',
    '/bookings?include_all=true&per_page=2&page=2',
    '/bookings?q%5Bname_cont%5D=rita',
    '/bookings/REMOTE-ONLY',
    '/bookings/DELIVERED-OLD',
    '/filmers',
    '/filmers?include_all=true',
    '/filmers/1',
    '/products',
    '/products/6',
    '/upgrades',
    '/upgrades/1',
    '/bookings/NO-SUCH-BOOKING', // 404
    '/products/999', // 404
    '/bookings?per_page=zero', // 422
    '/bookings?q%5Bname_start%5D=x', // 422: unknown filter
    '/no-such-endpoint', // 404
  ];
  for (const path of READS) {
    test(`GET ${path}: the same status, body bytes and content type as asking the remote directly`, async () => {
      const viaDesk = await desk.sync('GET', path);
      const viaRemote = await direct(remote, 'GET', path);
      assert.equal(viaDesk.status, viaRemote.status);
      assert.equal(viaDesk.text, viaRemote.text, 'byte for byte');
      assert.equal(viaDesk.headers.get('content-type'), viaRemote.headers.get('content-type'));
    });
  }

  test('the remote answers, not the local store: the remote-only booking and product are there', async () => {
    const list = await desk.sync('GET', '/products');
    assert.ok(list.body.products.some((p: { id: number }) => p.id === 6));
    const local = await desk.queryStore('SELECT count(*) AS n FROM products WHERE id = 6');
    assert.equal(local[0].n, 0, 'the local store has no product 6');
    const withDeskToken = await remote.sync('GET', '/products');
    assert.equal(withDeskToken.status, 401, "the remote refuses the desk's token: the proxy cannot have sent it");
  });

  test('a write error (422, missing email) comes back exactly as the remote gives it', async () => {
    const viaDesk = await desk.sync('POST', '/filmers', { name: 'No Email' });
    const viaRemote = await direct(remote, 'POST', '/filmers', { name: 'No Email' });
    assert.equal(viaDesk.status, 422);
    assert.equal(viaDesk.text, viaRemote.text);
  });

  test('405 on the read-only catalogue passes Allow through', async () => {
    const res = await desk.sync('POST', '/products', { name: 'x' });
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'GET, HEAD');
  });

  test('creates through the proxy land in the remote store, not in the local one, and answer as a direct create does', async () => {
    const booking = {
      name: 'Proxied Paula',
      email: 'paula@example.com',
      jump_on: '2026-06-20',
      camera_package: 'Selfie video',
    };
    const viaDesk = await desk.sync('POST', '/bookings', { external_id: 'VIA-PROXY-1', ...booking });
    const viaRemote = await direct(remote, 'POST', '/bookings', { external_id: 'DIRECT-1', ...booking });
    assert.equal(viaDesk.status, 201);
    assert.equal(viaDesk.status, viaRemote.status);
    assert.deepEqual(withoutIdentity(viaDesk.body), withoutIdentity(viaRemote.body));

    assert.equal(remote.queryStore("SELECT count(*) AS n FROM bookings WHERE external_id = 'VIA-PROXY-1'")[0].n, 1);
    assert.equal(desk.queryStore("SELECT count(*) AS n FROM bookings WHERE external_id = 'VIA-PROXY-1'")[0].n, 0);
    const shown = await direct(remote, 'GET', '/bookings/VIA-PROXY-1');
    assert.equal(shown.body.name, 'Proxied Paula');
    assert.equal(shown.body.finance_events.length, 1, 'the remote matched the package and wrote its ledger');
  });

  test('updates, batches, filmer writes and deletes go to the remote too', async () => {
    const update = await desk.sync('POST', '/bookings', { external_id: 'REMOTE-ONLY', name: 'Rita Renamed' });
    assert.equal(update.status, 200);
    assert.equal(update.body.status, 'ok');

    const batch = await desk.sync('POST', '/bookings/batch/', {
      bookings: [
        { external_id: 'B-1', name: 'Batch One', jump_on: '2026-06-20' },
        { name: 'No id' },
        { external_id: 'REMOTE-ONLY', email: 'new@example.com' },
      ],
    });
    assert.equal(batch.status, 200);
    assert.deepEqual(
      batch.body.results.map((r: { status: string }) => r.status),
      ['created', 'unprocessable_content', 'ok'],
    );

    const filmer = await desk.sync('POST', '/filmers', { name: 'Proxy Filmer', email: 'pf@example.com' });
    assert.equal(filmer.status, 201);
    const filmerBatch = await desk.sync('POST', '/filmers/batch', {
      filmers: [
        { id: 9999, name: 'Ghost' },
        { name: 'Batch Filmer', email: 'bf@example.com' },
      ],
    });
    assert.deepEqual(
      filmerBatch.body.results.map((r: { status: string }) => r.status),
      ['not_found', 'created'],
    );

    const removed = await desk.sync('DELETE', '/bookings/B-1');
    assert.equal(removed.status, 204);
    assert.equal(removed.text, '');

    const remoteRows = remote.queryStore<{ external_id: string; name: string; email: string }>(
      "SELECT external_id, name, email FROM bookings WHERE external_id IN ('REMOTE-ONLY', 'B-1') ORDER BY external_id",
    );
    assert.deepEqual(remoteRows, [{ external_id: 'REMOTE-ONLY', name: 'Rita Renamed', email: 'new@example.com' }]);
    assert.equal(
      remote.queryStore("SELECT count(*) AS n FROM filmers WHERE name IN ('Proxy Filmer', 'Batch Filmer')")[0].n,
      2,
    );
    assert.equal(
      desk.queryStore("SELECT count(*) AS n FROM filmers WHERE name IN ('Proxy Filmer', 'Batch Filmer')")[0].n,
      0,
    );
  });

  test("the remote's answers conform to the spec: no call above was flagged", async () => {
    const log = await desk.desk('GET', '/log?limit=500&mode=proxy');
    assert.ok(log.body.entries.length >= READS.length);
    const flagged = log.body.entries.filter((e: { deviation_count: number }) => e.deviation_count > 0);
    assert.deepEqual(flagged, []);
    assert.ok(log.body.entries.every((e: { forwarded: boolean }) => e.forwarded));
  });

  test("a token of another local dropzone is refused: the remote credentials are the desk's dropzone's", async () => {
    const res = await desk.sync('GET', '/bookings', undefined, { authorization: `Bearer ${OTHER_DZ_TOKEN}` });
    assert.equal(res.status, 403);
    assert.equal(res.body.status, 'forbidden');
    assert.match(res.body.error, /dropzone "test" only/);
  });

  test('callers still authenticate to the desk: no token is a 401 from the desk, not forwarded', async () => {
    const res = await desk.request('/api/f1/sync/bookings');
    assert.equal(res.status, 401);
    assert.match(res.body.error, /missing credentials/);
  });

  test('a path climbing out of the Sync API is not forwarded', async () => {
    for (const path of ['/api/f1/sync/../../admin', '/api/f1/sync/%2e%2e/%2E%2E/secret', '/api/f1/sync/bookings/./x']) {
      const res = await rawGet(desk.port, path, { authorization: `Bearer ${TEST_TOKEN}` });
      assert.equal(res.status, 400, path);
      assert.equal(JSON.parse(res.text).status, 'bad_request');
    }
  });

  test('switching back to local serves the local store again, without a restart', async () => {
    const local = await desk.admin('PUT', '/connection', { mode: 'local' });
    assert.equal(local.status, 200);
    assert.equal(local.body.mode, 'local');
    const products = await desk.sync('GET', '/products');
    assert.ok(!products.body.products.some((p: { id: number }) => p.id === 6), 'the local catalogue has no product 6');
    assert.equal((await desk.sync('GET', '/bookings/REMOTE-ONLY')).status, 404);
    assert.equal((await desk.sync('GET', '/bookings/NO-PRODUCT')).status, 200);
    const session = await desk.desk('GET', '/session');
    assert.equal(session.body.mode, 'local');
    assert.equal(session.body.health.state, 'unknown');

    await useProxy(desk, remote.url);
    assert.equal((await desk.sync('GET', '/bookings/REMOTE-ONLY')).status, 200, 'and proxy again');
  });
});

describe('proxy mode: what goes up and what comes back', () => {
  let fake: FakeRemote;
  // The call a test made, not the health check that may have reached the remote after it.
  const lastCall = (method: string) => fake.requests.findLast((r) => r.method === method)!;
  let desk: TestDesk;
  const ODD_BODY =
    '{ "bookings" : [ ],\n  "pagination": {"current_page":1,"per_page":200,"total_pages":0,"total_count":0,"next_page":null,"prev_page":null},\n  "field_we_do_not_know": {"nested": [1, 2.50, "x"]} }';

  before(async () => {
    fake = await startFakeRemote((req, res) => {
      if (req.url.startsWith('/base/api/f1/sync/bookings?')) {
        sendJson(res, 200, ODD_BODY, {
          'retry-after': '120',
          location: 'https://elsewhere.example/bookings',
          etag: '"v1"',
          'x-remote-extra': 'kept',
          'set-cookie': 'remote_session=abc; Path=/',
          'keep-alive': 'timeout=5',
          connection: 'keep-alive, x-hop',
          'x-hop': 'dropped because Connection names it',
        });
      } else if (req.url.startsWith('/base/api/f1/sync/bookings/')) {
        sendJson(res, 404, '{"external_id":"x","error":"booking not found","status":"not_found"}');
      } else {
        sendJson(res, 503, '{"error":"maintenance","status":"unavailable"}', { 'retry-after': '30' });
      }
    });
    // Its remote breaks the spec on purpose, and the desk passes that on as it came: not what the document promises.
    desk = await startTestDesk({ deskOptions: { healthTiming: FAST_HEALTH }, checkOpenApi: false });
    await useProxy(desk, `${fake.url}/base/`);
  });
  after(async () => {
    await desk?.dispose();
    await fake?.close();
  });

  test('a base URL with a path keeps it; the query string goes up exactly as sent', async () => {
    const raw = '/bookings?q%5Bname_cont%5D=J%C3%BCrgen%20%2B%20Co&page=1&page=2&empty=';
    const res = await desk.sync('GET', raw);
    assert.equal(res.status, 200);
    const seen = fake.requests.find((r) => r.url.includes('J%C3%BCrgen'));
    assert.equal(seen?.url, `/base/api/f1/sync${raw}`);
  });

  test('the body comes back byte for byte, fields we do not know included; relevant headers pass, hop-by-hop and cookies do not', async () => {
    const res = await desk.sync('GET', '/bookings?page=1');
    assert.equal(res.text, ODD_BODY);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(res.headers.get('retry-after'), '120');
    assert.equal(res.headers.get('location'), 'https://elsewhere.example/bookings');
    assert.equal(res.headers.get('etag'), '"v1"');
    assert.equal(res.headers.get('x-remote-extra'), 'kept');
    assert.equal(res.headers.get('set-cookie'), null);
    assert.equal(res.headers.get('x-hop'), null);
    assert.notEqual(res.headers.get('keep-alive'), 'timeout=5', "the desk's own connection has its own Keep-Alive");
    assert.equal(res.headers.get('cache-control'), 'no-store', "the desk's own security headers still apply");
  });

  test("the desk's token never goes up; the remote credentials do; only listed headers are forwarded", async () => {
    await desk.sync(
      'POST',
      '/bookings/%2Fslash%20id',
      { external_id: 'x' },
      { cookie: 'desk=1', 'x-api-key': 'caller-secret', 'idempotency-key': 'k-1' },
    );
    const all = JSON.stringify(fake.requests);
    assert.ok(!all.includes(TEST_TOKEN), 'the caller token');
    assert.ok(!all.includes(desk.sessionToken), 'the session token');
    assert.ok(!all.includes('caller-secret'));
    const last = lastCall('POST');
    assert.equal(last.url, '/base/api/f1/sync/bookings/%2Fslash%20id');
    assert.equal(last.headers.authorization, `Bearer ${REMOTE_TOKEN}`);
    assert.equal(last.headers.cookie, undefined);
    assert.equal(last.headers['idempotency-key'], 'k-1');
    assert.equal(last.headers['content-type'], 'application/json');
    assert.equal(last.body, '{"external_id":"x"}');
    assert.ok(
      fake.requests.every((r) => r.headers.authorization === `Bearer ${REMOTE_TOKEN}`),
      'every call, health checks included',
    );
  });

  test('bodies go up as bytes, whatever their content type', async () => {
    const res = await desk.request('/api/f1/sync/filmers', {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'text/plain' },
      body: 'not json at all',
    });
    assert.equal(res.status, 503, 'the remote, not the desk, decides what to make of it');
    const last = lastCall('POST');
    assert.equal(last.body, 'not json at all');
    assert.equal(last.headers['content-type'], 'text/plain');
    assert.equal(res.headers.get('retry-after'), '30');
  });

  test('a header-style credential is sent instead of Authorization when configured so', async () => {
    await desk.admin('PUT', '/connection', {
      credentials: { kind: 'header', name: 'X-Dropzone-Key', value: 'header-secret-1' },
    });
    await desk.sync('GET', '/bookings?page=1');
    const last = fake.requests.findLast((r) => r.url.endsWith('/bookings?page=1'))!;
    assert.equal(last.headers['x-dropzone-key'], 'header-secret-1');
    assert.equal(last.headers.authorization, undefined);
    const log = await desk.desk('GET', '/log?limit=1');
    const detail = await desk.desk('GET', `/log/${log.body.entries[0].id}`);
    assert.ok(!detail.text.includes('header-secret-1'));
    assert.match(detail.body.curl_upstream, /-H 'X-Dropzone-Key: <redacted>'/);
    await useProxy(desk, `${fake.url}/base`);
  });

  test('body limits still apply: an oversized body is refused by the desk and never reaches the remote', async () => {
    const before = fake.requests.length;
    const huge = 'x'.repeat(33 * 1024 * 1024);
    const res = await desk.request('/api/f1/sync/bookings/batch', {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
      body: huge,
    });
    assert.equal(res.status, 413);
    assert.equal(res.body.status, 'content_too_large');
    assert.equal(fake.requests.filter((r) => r.url.includes('batch')).length, 0);
    // In between only the desk's own reads went up (health checks, the copy's refresh): nothing with a body.
    assert.deepEqual(
      fake.requests.slice(before).filter((r) => r.method !== 'GET'),
      [],
      'no request but GETs in between',
    );
  });
});
