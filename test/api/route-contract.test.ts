import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, afterEach, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { deskRoutes } from '../../shared/api/desk-routes';
import { defineRoute, pathOf, type RouteSpec } from '../../shared/api/route';
import { syncRoutes } from '../../shared/api/sync-routes';
import { deskError } from '../../shared/schemas/desk-error';
import { listenView } from '../../shared/schemas/listen';
import { contractCompilers, type ResponseCheck } from '../../electron/server/contract/compilers';
import { serveRoute } from '../../electron/server/contract/serve-route';
import { installErrorHandlers, installJsonParser } from '../../electron/server/errors';
import { call, callForAnswer, ContractError } from '../../renderer/src/api/call';
import { rememberAdminUnlock } from '../../renderer/src/api/admin-unlock';
import { ApiError, setApiToken } from '../../renderer/src/api/client';
import { ADMIN_HEADER } from '../../shared/schemas/admin';
import { startTestDesk, TEST_ADMIN_PASSPHRASE, type TestDesk } from '../support/desk';
import { waitFor } from '../support/wait-for';

/**
 * The route tables of shared/api/ at run time: the server refuses (tests) or reports (a person's
 * desk) an answer off its schema, the renderer's client refuses it with an error naming the field,
 * and every route of the table is served and read back through the client against a real desk.
 * The type-level side is test/types/route-contract.ts.
 */

/** The renderer's client in Node: it reads its base URL from window.desk, as in the desktop app. */
function pointClientAt(url: string, token: string): void {
  (globalThis as { window?: unknown }).window = { desk: { apiBase: url, token, version: 'test' } };
  setApiToken(token);
}

function forgetClient(): void {
  delete (globalThis as { window?: unknown }).window;
  setApiToken(null);
}

/** A route whose handler has a bug: it answers `port` as text, which the table says is a number. */
const listenRoute = deskRoutes.getListen;
const OFF_SCHEMA = {
  port: '4780',
  source: 'flag',
  fixed_port: null,
  default_port: null,
  sync_api_url: 'http://127.0.0.1:4780/api/f1/sync',
};

/** A real Fastify with the desk's checks and error shapes, serving the buggy route on 127.0.0.1. */
async function serverWithABug(
  responseCheck: ResponseCheck,
  logLines: string[],
): Promise<{ app: FastifyInstance; url: string }> {
  const stream = new Writable({ write: (chunk, _encoding, done) => void (logLines.push(String(chunk)), done()) });
  const app: FastifyInstance = Fastify({
    logger: { level: 'error', stream },
    schemaController: { compilersFactory: contractCompilers(responseCheck, () => app.log) },
  });
  installJsonParser(app);
  installErrorHandlers(app);
  serveRoute(app, listenRoute, () => ({ status: 200, body: OFF_SCHEMA as never }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}

describe('an answer off its schema', () => {
  let server: FastifyInstance | undefined;
  afterEach(async () => {
    forgetClient();
    await server?.close();
  });

  test("in tests ('refuse') the server answers 500 naming the route and the field, never the bad answer", async () => {
    const logLines: string[] = [];
    const { app, url } = await serverWithABug('refuse', logLines);
    server = app;
    const res = await fetch(`${url}/api/desk/listen`);
    assert.equal(res.status, 500);
    const body = await res.json();
    assert.equal(body.status, 'internal_error');
    assert.match(body.error, /GET \/api\/desk\/listen \(HTTP 200\) does not match its schema/);
    assert.match(body.error, /port: /);
    assert.match(
      body.error,
      /may have been applied/,
      'never "not applied": the work was done before the answer was checked',
    );
  });

  test("on a person's desk ('report') the answer goes out and the log says why; the renderer refuses it, naming the field", async () => {
    const logLines: string[] = [];
    const { app, url } = await serverWithABug('report', logLines);
    server = app;
    const raw = await fetch(`${url}/api/desk/listen`);
    assert.equal(raw.status, 200);
    assert.deepEqual(await raw.json(), OFF_SCHEMA, 'sent as the handler made it');
    assert.ok(
      logLines.some((line) => /does not match its schema/.test(line) && /port/.test(line)),
      logLines.join('\n'),
    );

    pointClientAt(url, 'any');
    const refused = await call(listenRoute).then(
      () => assert.fail('the client took an answer off its schema'),
      (error: unknown) => error,
    );
    assert.ok(refused instanceof ContractError, String(refused));
    assert.equal(refused.httpStatus, 200);
    assert.match(
      refused.message,
      /^the answer to GET \/api\/desk\/listen \(HTTP 200\) is not what this page expects: port .*Reload the page/,
    );
  });
});

describe("the renderer's client reads answers by the route's status", () => {
  let server: FastifyInstance | undefined;
  afterEach(async () => {
    forgetClient();
    await server?.close();
  });

  /** A server that answers GET /api/desk/listen with whatever the test says. */
  async function answering(status: number, body: string, contentType = 'application/json'): Promise<void> {
    const app = Fastify();
    app.get('/api/desk/listen', (_request, reply) => reply.code(status).type(contentType).send(body));
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    server = app;
    pointClientAt(url, 'any');
  }

  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => assert.fail('expected the call to fail'),
      (error: unknown) => error,
    );

  test('a 2xx the route does not declare is refused', async () => {
    await answering(201, JSON.stringify({}));
    const error = await failureOf(call(listenRoute));
    assert.ok(error instanceof ContractError);
    assert.match(error.message, /HTTP 201.*no such status is declared/);
  });

  test('a success that is not JSON is refused', async () => {
    await answering(200, '<html>proxy error</html>', 'text/html');
    const error = await failureOf(call(listenRoute));
    assert.ok(error instanceof ContractError);
    assert.match(error.message, /the body is not JSON/);
  });

  test('an error the route does not declare (401, 500) is an ApiError with its words', async () => {
    await answering(401, JSON.stringify({ error: 'missing token', status: 'unauthorized' }));
    const error = await failureOf(call(listenRoute));
    assert.ok(error instanceof ApiError);
    assert.equal(error.httpStatus, 401);
    assert.equal(error.message, 'missing token');
  });

  test('a declared refusal in an unexpected shape still reaches the page as a refusal', async () => {
    const withRefusal = defineRoute({
      method: 'GET',
      path: '/api/desk/listen',
      servedBy: 'desk',
      responses: { 200: listenView, 422: deskError },
    });
    await answering(422, JSON.stringify({ message: 'port is wrong' }));
    const error = await failureOf(call(withRefusal));
    assert.ok(error instanceof ApiError);
    assert.equal(error.httpStatus, 422);
  });
});

/** Every path parameter filled with a value that names something in the seed. */
function pathFor(route: RouteSpec): string {
  return pathOf(route, { id: 1, external_id: 'NO-PRODUCT' });
}

describe('the route tables against a real desk', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());
  afterEach(forgetClient);

  test('every desk route is served, and needs the session token unless the table says otherwise', async () => {
    for (const [name, route] of Object.entries(deskRoutes)) {
      const res = await desk.request(pathFor(route), { method: route.method });
      const what = `${name}: ${route.method} ${route.path} answered ${res.status} ${res.text}`;
      // Without a token: answered (a route that needs a body refuses the missing one, never the caller).
      if (!('auth' in route && route.auth === 'none')) assert.equal(res.status, 401, what);
      else if ('body' in route) assert.equal(res.status, 422, what);
      else assert.equal(res.status, 200, what);
    }
  });

  test("the renderer's client reads every desk route's answer of the real server", async () => {
    pointClientAt(desk.url, desk.sessionToken);
    await desk.sync('GET', '/products'); // one entry in the request log, to read back
    assert.equal((await call(deskRoutes.health)).service, 'dropzone-desk');
    assert.equal((await call(deskRoutes.session)).mode, 'local');
    assert.equal((await call(deskRoutes.getConnection)).mode, 'local');
    const passphrase = { body: { passphrase: TEST_ADMIN_PASSPHRASE } };
    const admin = await call(deskRoutes.getAdmin);
    rememberAdminUnlock(
      await call(admin.passphrase_set ? deskRoutes.unlockAdmin : deskRoutes.setAdminPassphrase, passphrase),
    );
    assert.equal(
      (await call(deskRoutes.getAdmin)).unlocked,
      false,
      'GET /admin is no administrator route: it tells, without the unlock',
    );
    assert.equal(
      (await call(deskRoutes.putConnection, { body: { request_timeout_ms: 20_000 } })).request_timeout_ms,
      20_000,
    );
    const log = await call(deskRoutes.listLog, { query: { limit: '5' } });
    assert.ok(log.entries.length > 0);
    assert.equal((await call(deskRoutes.getLogEntry, { params: { id: log.entries[0]!.id } })).method, 'GET');
    assert.equal((await call(deskRoutes.putListen, { body: { fixed_port: 4790 } })).fixed_port, 4790);
    assert.equal((await call(deskRoutes.getListen)).fixed_port, 4790);
    const headers = ['External ID', 'Name'];
    await call(deskRoutes.putImportMapping, {
      body: { kind: 'bookings', headers, mapping: { 'External ID': 'external_id', Name: 'name' } },
    });
    const remembered = await call(deskRoutes.getImportMapping, {
      query: { kind: 'bookings', headers: JSON.stringify(headers) },
    });
    assert.deepEqual(remembered.mapping, { 'External ID': 'external_id', Name: 'name' });
    const made = await call(deskRoutes.createApiToken, { body: { label: 'Front desk' } });
    assert.ok((await call(deskRoutes.listApiTokens)).some((token) => token.id === made.id));
    assert.equal(await call(deskRoutes.revokeApiToken, { params: { id: made.id } }), undefined);
    const edited = await call(deskRoutes.editBooking, {
      params: { external_id: 'NO-PRODUCT' },
      body: { name: 'Nina by hand' },
    });
    assert.deepEqual(edited.locked_attributes, ['name']);
    assert.deepEqual(
      (
        await call(deskRoutes.unlockBookingFields, {
          params: { external_id: 'NO-PRODUCT' },
          body: { fields: ['name'] },
        })
      ).locked_attributes,
      [],
    );

    // Album and credits: the list, a dry run, a refusal by the rules, an administrator's credit and its correction, a payment.
    const actions = await call(deskRoutes.bookingActions, { params: { external_id: 'NO-PRODUCT' } });
    assert.equal(actions.actions.find((a) => a.kind === 'send_preview')?.available, false);
    const dryRun = await callForAnswer(deskRoutes.previewBookingAction, {
      params: { external_id: 'NO-PRODUCT' },
      body: { action: { kind: 'manual_credit', centi_credit_change: 5, comment: 'x' } },
    });
    assert.equal(dryRun.status, 200);
    assert.equal(
      (
        await callForAnswer(deskRoutes.applyBookingAction, {
          params: { external_id: 'NO-PRODUCT' },
          body: { action: { kind: 'send_preview' }, recorded_by: 'Route' },
        })
      ).status,
      409,
    );
    const credit = await call(deskRoutes.recordManualCredit, {
      params: { external_id: 'NO-PRODUCT' },
      body: { centi_credit_change: 5, comment: 'route table', recorded_by: 'Route' },
    });
    await call(deskRoutes.recordCorrection, {
      params: { external_id: 'NO-PRODUCT' },
      body: { event_id: credit.event.id, comment: 'route table', recorded_by: 'Route' },
    });
    assert.equal(
      (await call(deskRoutes.bookingLedger, { params: { external_id: 'NO-PRODUCT' } })).events[0]
        ?.corrected_by_event_id,
      credit.event.id + 1,
    );
    const paid = await call(deskRoutes.recordUpgradePayment, {
      body: {
        external_id: 'DELIVERED-OLD',
        upgrade_id: 1,
        ammount: 2500,
        currency: 'EUR',
        processor_id: 'pi_route',
        recorded_by: 'Route',
      },
    });
    assert.equal(paid.status, 'created');
    // Jumps: checked, recorded, listed per filmer, removed.
    const jump = { camera: 'selfie' as const, filmer_id: 2, jumped_on: '2026-06-15' };
    assert.deepEqual(
      (await call(deskRoutes.checkJump, { params: { external_id: 'NO-PRODUCT' }, body: jump })).refusals,
      [],
    );
    assert.equal(
      (
        await call(deskRoutes.recordJump, {
          params: { external_id: 'NO-PRODUCT' },
          body: { ...jump, recorded_by: 'Route' },
        })
      ).status,
      'created',
    );
    assert.equal((await call(deskRoutes.filmerJumps, { params: { id: 2 } })).count, 1);
    assert.ok((await call(deskRoutes.filmerJumpCounts)).counts.some((c) => c.filmer_id === 2));
    assert.equal(
      (await call(deskRoutes.removeJump, { params: { external_id: 'NO-PRODUCT' }, query: { recorded_by: 'Route' } }))
        .status,
      'ok',
    );
    const deskPage = await call(deskRoutes.listDeskBookings, { query: { q: 'NO-PRODUCT', sort: 'name' } });
    assert.equal(deskPage.bookings[0]?.external_id, 'NO-PRODUCT');
    const checkIn = await call(deskRoutes.recordCheckIn, {
      params: { id: deskPage.bookings[0]!.id },
      body: { state: 'arrived', recorded_by: 'Route' },
    });
    assert.equal(checkIn.check_in?.state, 'arrived');
    const shownCheckIn = await call(deskRoutes.getCheckIn, { params: { id: deskPage.bookings[0]!.id } });
    assert.deepEqual(shownCheckIn.check_in, checkIn.check_in);
    assert.ok(
      (await call(deskRoutes.daySheet, { query: { day: '2026-06-20' } })).bookings.some(
        (b) => b.check_in?.state === 'arrived',
      ),
    );
    // A file answer: the client reads it as a File, byte for byte (the BOM stays), named as the server says.
    const exported = await call(deskRoutes.exportDeskBookings, { query: { delimiter: ';' } });
    assert.deepEqual([...new Uint8Array(await exported.arrayBuffer()).subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.equal(exported.name, 'bookings-all.csv');
    assert.equal(
      (await call(deskRoutes.exportDeskBookings, { query: { from: '2026-06-20', to: '2026-06-20', q: 'Müller' } }))
        .name,
      'bookings-2026-06-20-search-muller.csv',
    );

    // Imports: handed over, sent by the desk, read back.
    const send = [
      {
        row_number: 1,
        cells: ['ROUTE-IMPORT-1', 'Ann'],
        key: 'ROUTE-IMPORT-1',
        record: { external_id: 'ROUTE-IMPORT-1', name: 'Ann' },
      },
    ];
    const facts = {
      kind: 'bookings' as const,
      file_name: 'route.csv',
      headers: ['External ID', 'Name'],
      mapping: { 'External ID': 'external_id', Name: 'name' },
      total_rows: 2,
    };
    const started = await call(deskRoutes.startImport, {
      body: {
        ...facts,
        send,
        kept_back: [{ row_number: 2, cells: ['', 'Ben'], message: 'left out by the person importing' }],
      },
    });
    const ended = await waitFor(async () => {
      const shown = await call(deskRoutes.getImport, { params: { id: started.id } });
      return shown.state !== 'running' && shown;
    }, 'the import to end');
    assert.deepEqual(ended.counts, { created: 1, left_out: 1 });
    assert.equal((await call(deskRoutes.listImports, { query: { kind: 'bookings' } })).imports[0]?.id, started.id);
    assert.equal(
      (await call(deskRoutes.importRows, { params: { id: started.id }, query: { failed: 'true', per_page: '10' } }))
        .rows[0]?.row_number,
      2,
    );
    assert.deepEqual(
      (await call(deskRoutes.importOutcomes, { params: { id: started.id } })).outcomes.map((o) => o.status),
      ['created', 'left_out'],
    );
    const refused = await callForAnswer(deskRoutes.cancelImport, { params: { id: started.id } });
    assert.equal(refused.status, 409, 'nothing to cancel once it ended');
    const again = await call(deskRoutes.resendImport, { params: { id: started.id }, body: { send: [] } });
    assert.equal(again.id, started.id);
    assert.deepEqual((await call(deskRoutes.storedJumpDates, { body: { external_ids: ['NO-PRODUCT'] } })).jump_dates, {
      'NO-PRODUCT': '2026-06-20',
    });
    await waitFor(
      async () => (await call(deskRoutes.getImport, { params: { id: started.id } })).state !== 'running',
      'the retry to end',
    );
    assert.equal(await call(deskRoutes.deleteImport, { params: { id: started.id } }), undefined);
    // Catalogue administration (test/api/catalogue-admin.test.ts covers each rule).
    const entry = {
      name: 'Route table',
      booking_system_name: 'Route table',
      price_cents: 100,
      centi_credits: 0,
      video_entitlement: 'none',
      camera_requirement: null,
      photos: true,
      has_4k: false,
      raw_footage: false,
    } as const;
    const product = (await call(deskRoutes.createProduct, { body: entry })).product;
    assert.ok((await call(deskRoutes.listAdminProducts)).products.some((p) => p.id === product.id));
    assert.equal(
      (await call(deskRoutes.updateProduct, { params: { id: product.id }, body: { active: false } })).product.active,
      false,
    );
    assert.equal((await call(deskRoutes.previewRematch, { params: { id: product.id } })).count, 0);
    assert.equal(
      (await call(deskRoutes.rematchProduct, { params: { id: product.id }, body: { recorded_by: 'Route table' } }))
        .matched,
      0,
    );
    assert.ok(Array.isArray((await call(deskRoutes.unmatchedPackages)).packages));
    assert.equal(await call(deskRoutes.deleteProduct, { params: { id: product.id } }), undefined);
    const upgradeEntry = {
      name: 'Route table',
      notify_staff: false,
      payment_price_cents: 100,
      payment_price_identifier: 'price_route',
      grants_video_entitlement: null,
      grants_photos: true,
      grants_4k: false,
      grants_raw_footage: false,
      centi_credits: 0,
      offered_to: ['none' as const],
    };
    const upgrade = (await call(deskRoutes.createUpgrade, { body: upgradeEntry })).upgrade;
    assert.ok((await call(deskRoutes.listAdminUpgrades)).upgrades.some((u) => u.id === upgrade.id));
    assert.equal(
      (await call(deskRoutes.updateUpgrade, { params: { id: upgrade.id }, body: { active: false } })).upgrade.active,
      false,
    );
    assert.equal(await call(deskRoutes.deleteUpgrade, { params: { id: upgrade.id } }), undefined);
  });

  test("the renderer's client reads the Sync API's answers by the spec's shapes", async () => {
    pointClientAt(desk.url, desk.sessionToken);
    const list = await call(syncRoutes.listBookings, { query: { per_page: '5' } });
    assert.ok(list.bookings.length > 0);
    const shown = await call(syncRoutes.getBooking, { params: { external_id: list.bookings[0]!.external_id! } });
    assert.equal(shown.id, list.bookings[0]!.id);
    const created = await callForAnswer(syncRoutes.saveBooking, {
      body: { external_id: 'ROUTE-TABLE-1', name: 'Route Table' },
    });
    assert.equal(created.status, 201);
    const tooOld = await callForAnswer(syncRoutes.saveBooking, {
      body: { external_id: 'ROUTE-TABLE-2', jump_on: '2020-01-01' },
    });
    assert.equal(tooOld.status, 406);
    assert.equal(await call(syncRoutes.deleteBooking, { params: { external_id: 'ROUTE-TABLE-1' } }), undefined);
    const filmers = await call(syncRoutes.listFilmers, { query: { include_all: 'true' } });
    assert.ok(filmers.length > 0);
    assert.equal((await call(syncRoutes.getFilmer, { params: { id: filmers[0]!.id } })).id, filmers[0]!.id);
    const products = await call(syncRoutes.listProducts);
    assert.equal(
      (await call(syncRoutes.getProduct, { params: { id: products.products[0]!.id } })).id,
      products.products[0]!.id,
    );
    const upgrades = await call(syncRoutes.listUpgrades);
    if (upgrades.upgrades.length > 0) await call(syncRoutes.getUpgrade, { params: { id: upgrades.upgrades[0]!.id } });
  });
});

describe("the desk API's one 422", () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('no body at all is an empty change of the connection; JSON null is a body, and no object', async () => {
    await desk.admin('GET', '/admin');
    const unlocked = await desk.request<{ admin_token: string }>('/api/desk/admin/unlock', {
      method: 'POST',
      headers: { authorization: `Bearer ${desk.sessionToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ passphrase: TEST_ADMIN_PASSPHRASE }),
    });
    const none = await desk.request('/api/desk/connection', {
      method: 'PUT',
      headers: { authorization: `Bearer ${desk.sessionToken}`, [ADMIN_HEADER]: unlocked.body.admin_token },
    });
    assert.equal(none.status, 200, none.text);
    const nothing = await desk.admin('PUT', '/connection', 'null');
    assert.equal(nothing.status, 422);
    assert.deepEqual(nothing.body, {
      error: 'connection must be an object',
      fields: { connection: 'must be an object' },
      status: 'unprocessable_content',
    });
  });

  test('a body that is no JSON object, where the desk words it', async () => {
    for (const [path, name] of [
      ['/api-tokens', 'api token'],
      ['/import-mappings', 'import mapping'],
    ] as const) {
      const res = await (path === '/api-tokens' ? desk.admin('POST', path, '[1]') : desk.desk('PUT', path, '[1]'));
      assert.equal(res.status, 422, path);
      assert.deepEqual(
        res.body,
        {
          error: 'body must be a JSON object',
          fields: { [name]: 'body must be a JSON object' },
          status: 'unprocessable_content',
        },
        path,
      );
    }
  });

  test("query parameters: repeated and unknown ones are named together with the schema's own problems", async () => {
    const res = await desk.desk('GET', '/import-mappings?kind=jumps&kind=bookings&colour=red');
    assert.equal(res.status, 422);
    assert.deepEqual(res.body.fields, {
      kind: 'is given more than once',
      colour: 'is not a known parameter',
      headers: 'is required (must be a JSON array of strings, URL-encoded)',
    });
    const proto = await desk.desk('GET', '/import-mappings?__proto__=1&kind=bookings&headers=%5B%22a%22%5D');
    assert.deepEqual(proto.body.fields, { ['__proto__']: 'is not a known parameter' });
  });
});
