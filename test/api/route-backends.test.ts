import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { backendsServing, type ServingMode } from '../../shared/api/backends';
import { deskRoutes } from '../../shared/api/desk-routes';
import { defineRoute, pathOf, type RouteSpec } from '../../shared/api/route';
import { servedLocallyOnly } from '../../shared/api/served-locally';
import { syncRoutes } from '../../shared/api/sync-routes';
import type { ConnectionMode } from '../../shared/schemas/connection';
import { contractCompilers } from '../../electron/server/contract/compilers';
import { serveRoute } from '../../electron/server/contract/serve-route';
import { installSyncApiScope, serveSyncRoute } from '../../electron/server/contract/serve-sync-route';
import { installErrorHandlers, installJsonParser } from '../../electron/server/errors';
import { startProxiedTestDesk, type TestDesk } from '../support/desk';

/**
 * Which backend serves a route is a property of the route (shared/api/route.ts `servedBy`):
 * serveRoute answers the refusal for a mode none of its backends serves, so no handler sees it.
 */

describe('backendsServing: the backends a mode gives a route, in the order they answer', () => {
  test('local mode: the local store only; proxy mode: the remote, then its copy when the remote does not answer', () => {
    const cases: [RouteSpec['servedBy'], ServingMode, string[]][] = [
      [['local'], 'local', ['local']],
      [['local'], 'proxy', []],
      [['local', 'remote'], 'proxy', ['remote']],
      [['local', 'copy'], 'proxy', ['copy']],
      [['local', 'remote', 'copy'], 'proxy', ['remote', 'copy']],
      [['copy', 'remote', 'local'], 'proxy', ['remote', 'copy']],
      [['remote', 'copy'], 'local', []],
      ['desk', 'local', ['desk']],
      ['desk', 'proxy', ['desk']],
      ['desk', 'paired', ['main']],
      ['this-desk', 'paired', ['desk']],
      [['local'], 'paired', ['main']],
      [['local', 'copy'], 'paired', ['main', 'copy']],
      // The Sync API reaches the main desk as its remote: not as its desk API too.
      [['local', 'remote', 'copy'], 'paired', ['remote', 'copy']],
    ];
    for (const [servedBy, mode, expected] of cases)
      assert.deepEqual(backendsServing(servedBy, mode), expected, `${JSON.stringify(servedBy)} in ${mode} mode`);
  });

  test('every route of the tables states it; every Sync API route: the local store, or the remote then the copy', () => {
    for (const route of Object.values(deskRoutes)) assert.ok(route.servedBy, `${route.method} ${route.path}`);
    for (const route of Object.values(syncRoutes)) {
      assert.deepEqual(backendsServing(route.servedBy, 'local'), ['local'], `${route.method} ${route.path}`);
      assert.deepEqual(backendsServing(route.servedBy, 'proxy'), ['remote', 'copy'], `${route.method} ${route.path}`);
      assert.deepEqual(backendsServing(route.servedBy, 'paired'), ['remote', 'copy'], `${route.method} ${route.path}`);
    }
  });
});

describe('serveRoute: a route its backends cannot serve now is refused before its handler', () => {
  const thing = servedLocallyOnly('things are the remote’s', {
    method: 'GET',
    path: '/api/desk/things/:id',
    responses: { 200: z.object({ id: z.string(), backend: z.string() }) },
  });
  let mode: ConnectionMode = 'local';
  let handled = 0;
  const app: FastifyInstance = Fastify({
    schemaController: { compilersFactory: contractCompilers('refuse', () => app.log) },
  });
  let base = '';

  before(async () => {
    app.decorate('adminGuard', null);
    app.decorate('deskMode', () => mode);
    serveRoute(app, thing, ({ params, backend }) => {
      handled += 1;
      return { status: 200, body: { id: params.id, backend } };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  after(() => app.close());

  test('local mode: the handler answers from the local store', async () => {
    mode = 'local';
    const res = await fetch(`${base}/api/desk/things/7`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { id: '7', backend: 'local' });
  });

  test('proxy mode: the declared 409 with the route’s reason, the handler never called', async () => {
    mode = 'proxy';
    const before = handled;
    const res = await fetch(`${base}/api/desk/things/7`);
    assert.equal(res.status, 409);
    assert.deepEqual(await res.json(), {
      error: 'the desk is in proxy mode: things are the remote’s',
      status: 'conflict',
    });
    assert.equal(handled, before);
  });

  test('a route a mode cannot serve, without its reason or its 409, or served by the remote, is refused at start', () => {
    const bare = Fastify();
    bare.decorate('adminGuard', null);
    bare.decorate('deskMode', () => 'local' as const);
    const base = { method: 'GET', path: '/api/desk/x', responses: { 200: z.object({}) } } as const;
    const noop = () => ({ status: 200 as const, body: {} });
    assert.throws(() => serveRoute(bare, defineRoute({ ...base, servedBy: ['local'] }), noop), /needs refusedWhy/);
    assert.throws(
      () => serveRoute(bare, defineRoute({ ...base, servedBy: ['local'], refusedWhy: 'why' }), noop),
      /a declared 409/,
    );
    assert.throws(
      () => serveRoute(bare, defineRoute({ ...base, servedBy: ['local', 'copy', 'remote'] }), noop),
      /serveSyncRoute serves it with its forwarder/,
    );
    assert.throws(
      () => serveRoute(bare, defineRoute({ ...base, servedBy: ['local', 'remote'] }), noop),
      /serveSyncRoute serves it with its forwarder/,
    );
    const modeless = Fastify();
    modeless.decorate('adminGuard', null);
    assert.throws(() => serveRoute(modeless, thing, noop as never), /does not know it/);
  });
});

describe('serveSyncRoute: one registration, the backend of the mode answers, its body read its way', () => {
  let mode: ConnectionMode = 'local';
  const seen: { backend: string; body: unknown; fallback?: string | null }[] = [];
  const app: FastifyInstance = Fastify({
    schemaController: { compilersFactory: contractCompilers('refuse', () => app.log) },
  });
  let base = '';

  before(async () => {
    app.decorate('deskMode', () => mode);
    // A copy is open: the forwarder is told it answers when the remote does not (its store is not read here).
    app.decorate('deskCopy', () => ({ store: {} as never, dropzone: {} as never }));
    installJsonParser(app);
    installErrorHandlers(app);
    await app.register(async (scope) => {
      installSyncApiScope(scope);
      scope.decorate('upstreams', {
        remote: async (request, reply, fallback) => {
          seen.push({ backend: 'remote', body: request.body, fallback });
          return reply.code(202).send({ forwarded: true });
        },
      });
      serveSyncRoute(
        scope,
        { method: 'POST', path: '/api/f1/sync/things', servedBy: ['local', 'remote', 'copy'] },
        async (request, reply) => {
          seen.push({ backend: 'local', body: request.body });
          return reply.code(201).send({ local: true });
        },
      );
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  after(() => app.close());

  const post = (body: string, type: string) =>
    fetch(`${base}/api/f1/sync/things`, { method: 'POST', body, headers: { 'content-type': type } });

  test('local mode: the local answer, with the body parsed as JSON; another type is 415', async () => {
    mode = 'local';
    seen.length = 0;
    assert.equal((await post('{"a":1}', 'application/json')).status, 201);
    assert.deepEqual(seen, [{ backend: 'local', body: { a: 1 } }]);
    assert.equal((await post('a=1', 'text/plain')).status, 415);
    assert.equal(seen.length, 1);
  });

  test('proxy mode: the remote’s forwarder, told the copy answers after it, the body as the bytes that came', async () => {
    mode = 'proxy';
    seen.length = 0;
    assert.equal((await post('{"a":1}', 'application/json')).status, 202);
    assert.equal((await post('not json', 'text/plain')).status, 202);
    assert.deepEqual(
      seen.map(({ backend, body, fallback }) => ({ backend, body: String(body), fallback })),
      [
        { backend: 'remote', body: '{"a":1}', fallback: 'copy' },
        { backend: 'remote', body: 'not json', fallback: 'copy' },
      ],
    );
    assert.ok(seen.every(({ body }) => Buffer.isBuffer(body)));
  });

  test('a Sync API route some mode leaves without an answer is refused at start', () => {
    const bare = Fastify();
    bare.decorate('deskMode', () => 'local' as const);
    for (const servedBy of [['remote'], ['copy']] as const)
      assert.throws(
        () => serveSyncRoute(bare, { method: 'GET', path: '/api/f1/sync/x', servedBy }, () => undefined),
        /needs refusedWhy/,
        servedBy.join(', '),
      );
  });
});

describe('the desk in proxy mode: each local-only route of the table answers its own refusal', () => {
  let desk: TestDesk;
  before(async () => {
    desk = await startProxiedTestDesk();
  });
  after(() => desk.dispose());

  // Routes without a body or query to check first: the refusal is their first and only answer.
  const plain = Object.entries(deskRoutes).filter(
    ([, route]) =>
      Array.isArray(route.servedBy) && !route.servedBy.includes('copy') && !('body' in route) && !('query' in route),
  );

  test('there are such routes to call', () => assert.ok(plain.length >= 6, `${plain.length}`));

  for (const [name, route] of plain) {
    test(`${name}: ${route.method} ${route.path}`, async () => {
      const params = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map(([, p]) => [p!, '1']));
      const call = 'guard' in route ? desk.admin : desk.desk;
      const res = await call(route.method, pathOf(route, params).replace(/^\/api\/desk/, ''));
      assert.equal(res.status, 409, res.text);
      assert.equal(res.body.error, `the desk is in proxy mode: ${'refusedWhy' in route ? route.refusedWhy : '?'}`);
    });
  }
});
