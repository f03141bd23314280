import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { documentedRoutes, openApiPathOf } from '../../shared/api/openapi/api-tables';
import { openApiDocument } from '../../shared/api/openapi/document';
import { SPEC_NOTES } from '../../shared/api/openapi/spec-notes';
import { DEFAULT_OPENAPI_FILE, openApiFileText } from '../../scripts/openapi';
import { startProxiedTestDesk, startTestDesk, type TestDesk } from '../support/desk';
import { OpenApiCheck } from '../support/openapi-check';
import { TEST_TOKEN } from '../support/seed';

/**
 * The OpenAPI document (shared/api/openapi/): a valid OpenAPI 3.1 document in every mode, holding
 * every route of the tables and nothing else, every route the server answers, served at
 * GET /api/openapi.json in the Sync API's auth, and the committed docs/openapi.json is current.
 */

const MODES = ['local', 'proxy', 'paired'] as const;

/** A route as a pattern, its parameters' names blanked: the server names some differently (`:id` for `:external_id`). */
const shapeOf = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}').replace(/\/+$/, '')}`;

/** Routes the server answers that the tables do not hold, each for a reason a caller never needs described. */
const NOT_IN_THE_TABLES = new Set([
  // Writes to the read-only catalogue: each answers 405 with `Allow: GET, HEAD`.
  ...['POST', 'PUT', 'PATCH', 'DELETE'].flatMap((method) =>
    ['products', 'products/{}', 'upgrades', 'upgrades/{}'].map((path) => `${method} /api/f1/sync/${path}`),
  ),
  // An import's progress as Server-Sent Events: a stream the desk's own page reads (docs/desk-api.md).
  'GET /api/desk/imports/events',
]);

describe('the OpenAPI document', () => {
  for (const mode of MODES) {
    test(`${mode} mode: a valid OpenAPI 3.1 document, every schema in it compiles`, async () => {
      const document = openApiDocument({ mode, version: '1.2.3' });
      const result = await new Validator().validate(structuredClone(document) as never);
      assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
      assert.match(document.openapi, /^3\.1\./);
      // Every request and answer schema compiles (JSON Schema 2020-12, with the document's components).
      const check = new OpenApiCheck(document);
      for (const [path, item] of Object.entries(document.paths))
        for (const method of Object.keys(item)) assert.ok(check.operationOf(method, path.replace(/\{[^}]+\}/g, '1')));
      let compiled = 0;
      for (const [path, item] of Object.entries(document.paths))
        for (const [method, operation] of Object.entries(item))
          for (const status of Object.keys(operation.responses as object)) {
            check.problems({
              method,
              url: path.replace(/\{[^}]+\}/g, '1'),
              status: Number(status),
              headers: new Headers({ 'content-type': 'application/json' }),
              text: '{}',
            });
            compiled += 1;
          }
      assert.ok(compiled > 300, `${compiled} answers checked`);
    });
  }

  test('every route of the tables is in it, by its name, and nothing else', () => {
    const document = openApiDocument({ mode: 'local', version: '1.2.3' });
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => `${operation.operationId} ${method.toUpperCase()} ${path}`),
    );
    const routes = documentedRoutes().map(
      ({ operationId, route }) => `${operationId} ${route.method} ${openApiPathOf(route)}`,
    );
    assert.deepEqual([...operations].sort(), [...routes].sort());
    for (const name of Object.keys(SPEC_NOTES))
      assert.ok(
        routes.some((route) => route.startsWith(`${name} `)),
        `a note for ${name}, which no table holds`,
      );
  });

  test('the auth schemes: API token or session for the Sync API, the session for the desk, the admin unlock beside it', () => {
    const document = openApiDocument({ mode: 'local', version: '1.2.3' });
    const security = (method: string, path: string) => document.paths[path]![method]!.security;
    assert.deepEqual(security('get', '/api/f1/sync/bookings'), [{ apiToken: [] }, { deskSession: [] }]);
    assert.deepEqual(security('get', '/api/desk/log'), [{ deskSession: [] }]);
    assert.deepEqual(security('post', '/api/desk/api-tokens'), [{ deskSession: [], adminUnlock: [] }]);
    assert.deepEqual(security('get', '/api/desk/health'), []);
    assert.deepEqual(security('get', '/api/openapi.json'), [{ apiToken: [] }, { deskSession: [] }]);
    assert.deepEqual(Object.keys(document.components.securitySchemes!).sort(), [
      'adminUnlock',
      'apiToken',
      'deskSession',
    ]);
  });

  test('proxy mode: the Sync API as forwarded, with the answers and headers the desk adds', () => {
    const local = openApiDocument({ mode: 'local', version: '1.2.3' });
    const proxy = openApiDocument({ mode: 'proxy', version: '1.2.3' });
    const responses = (document: typeof local, method: string, path: string) =>
      document.paths[path]![method]!.responses as Record<string, { headers?: object }>;
    assert.deepEqual(
      Object.keys(responses(local, 'get', '/api/f1/sync/bookings')).filter((s) => s.startsWith('5')),
      ['500'],
    );
    const read = responses(proxy, 'get', '/api/f1/sync/bookings');
    for (const status of ['502', '503', '504']) assert.ok(read[status], `proxy mode documents ${status}`);
    assert.ok(Object.keys(read['200']!.headers ?? {}).includes('X-Desk-Source'));
    const write = responses(proxy, 'post', '/api/f1/sync/bookings');
    assert.ok(Object.keys(write['201']!.headers ?? {}).includes('X-Desk-Queued'));
    assert.ok(Object.keys(write['503']!.headers ?? {}).includes('Retry-After') || write['503']);
    // A route only the local store serves says, in proxy mode, that it is refused and why.
    const edit = proxy.paths['/api/desk/bookings/{external_id}']!.patch!;
    assert.match(String(edit.description), /Refused in this mode: `409` "the desk is in proxy mode: /);
    assert.equal(proxy['x-desk-mode'], 'proxy');
  });

  test('docs/openapi.json is the document npm run openapi writes (run it after changing a route)', () => {
    assert.equal(
      readFileSync(DEFAULT_OPENAPI_FILE, 'utf8'),
      openApiFileText(),
      'docs/openapi.json is out of date: run npm run openapi',
    );
  });
});

describe('the server and the document', () => {
  let desk: TestDesk;
  before(async () => {
    desk = await startTestDesk();
  });
  after(() => desk.dispose());

  test('every route the server answers under /api is in the document, and every operation of it is served', () => {
    const document = openApiDocument({ mode: 'local', version: '1.2.3' });
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => shapeOf(method, path)),
      ),
    );
    const served = new Set(
      desk.routes
        .filter((route) => route.url.startsWith('/api') && route.method !== 'HEAD')
        .map((route) => shapeOf(route.method, route.url.replace(/:([A-Za-z_]\w*)(\([^)]*\))?/g, '{$1}'))),
    );
    // Proxy mode's forwarder, every method, for what the tables do not list: the remote answers those.
    const forwarderOnly = (route: string) => / \/api\/f1\/sync(\/\*)?$/.test(route);
    const undocumented = [...served].filter(
      (route) => !documented.has(route) && !NOT_IN_THE_TABLES.has(route) && !forwarderOnly(route),
    );
    assert.deepEqual(undocumented, [], 'served but not in the document (add it to a table of shared/api/)');
    assert.deepEqual(
      [...documented].filter((route) => !served.has(route)),
      [],
      'in the document but not served',
    );
  });

  test('GET /api/openapi.json: with a booking system’s token or the desk’s session, the document of this desk', async () => {
    const withToken = await desk.request('/api/openapi.json', { headers: { authorization: `Bearer ${TEST_TOKEN}` } });
    assert.equal(withToken.status, 200);
    assert.deepEqual(
      withToken.body,
      openApiDocument({ mode: 'local', version: withToken.body.info.version, origin: desk.url }),
    );
    assert.deepEqual(withToken.body.servers, [{ url: desk.url, description: 'This desk' }]);
    const withSession = await desk.request('/api/openapi.json', {
      headers: { authorization: `Bearer ${desk.sessionToken}` },
    });
    assert.equal(withSession.status, 200);
    const without = await desk.request('/api/openapi.json');
    assert.equal(without.status, 401);
    assert.equal(without.body.status, 'unauthorized');
  });

  test('in proxy mode it serves the proxy document', async () => {
    const proxied = await startProxiedTestDesk();
    try {
      const res = await proxied.request('/api/openapi.json', { headers: { authorization: `Bearer ${TEST_TOKEN}` } });
      assert.equal(res.status, 200);
      assert.equal(res.body['x-desk-mode'], 'proxy');
      assert.ok(res.body.paths['/api/f1/sync/bookings'].get.responses['504']);
    } finally {
      await proxied.dispose();
    }
  });
});
