import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Upstream } from '../../../shared/api/backends';
import { jsonBodyParser, unsupportedMediaType } from '../errors';
import { routeBackend, type BackendDecision, type BackendSpec } from './route-backend';

/** A Sync API answer of the desk's own store (routes/sync-api.ts). */
export type LocalAnswerer = (request: FastifyRequest, reply: FastifyReply) => unknown;

/** A forwarder: the call goes to another server as it came; `fallback` answers when that server does not. */
export type UpstreamAnswerer = (
  request: FastifyRequest,
  reply: FastifyReply,
  fallback: 'copy' | null,
) => Promise<FastifyReply>;

/** A Sync API route, or a set of its calls the table declares together (every method of a path). */
export interface SyncRouteSpec extends Omit<BackendSpec, 'method' | 'responses'> {
  method: HTTPMethods | readonly HTTPMethods[] | 'ALL';
}

interface SyncRouteConfig {
  backendNow?: () => BackendDecision;
  /** The local answer, given as the call arrives, before its body is read (a call local mode has no endpoint for). */
  localBeforeBody?: LocalAnswerer;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who answers this call of the Sync API: decided once, as it arrives, for its body's parser and its handler. */
    syncBackend: BackendDecision | null;
  }
}

const forwarded = (request: FastifyRequest) =>
  request.syncBackend !== null && 'serve' in request.syncBackend && request.syncBackend.serve === 'upstream';

/**
 * The Sync API's scope (routes/sync-api.ts): each call's backend is decided as it arrives, by its
 * route's `servedBy` and the desk's mode, so its body is read as that backend reads it: parsed as
 * JSON for the local rules (415 for any other type), passed up as bytes to a forwarder, whatever
 * its type (the remote says what is wrong with it). Fastify's body limit applies either way (413).
 */
export function installSyncApiScope(app: FastifyInstance): void {
  app.decorateRequest('syncBackend', null);
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config as SyncRouteConfig;
    request.syncBackend = config.backendNow?.() ?? null;
    const decision = request.syncBackend;
    if (config.localBeforeBody && decision && 'serve' in decision && decision.serve === 'local')
      return config.localBeforeBody(request, reply);
  });
  const parseJson = jsonBodyParser(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done) =>
    forwarded(request) ? done(null, bytes) : parseJson(request, bytes as Buffer, done),
  );
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, bytes, done) =>
    forwarded(request) ? done(null, bytes) : done(unsupportedMediaType()),
  );
}

/**
 * Registers a Sync API route once, for every mode: the backend its `servedBy` names for the desk's
 * mode answers (routeBackend, the rule serveRoute follows too). 'local': `local`, the Sync API's
 * rules on the desk's store; an upstream ('remote'): that upstream's forwarder (`app.upstreams`),
 * told which backend answers when the upstream does not. No handler picks a backend.
 */
export function serveSyncRoute(
  app: FastifyInstance,
  route: SyncRouteSpec,
  local: LocalAnswerer,
  { beforeBody = false }: { beforeBody?: boolean } = {},
): void {
  const backendNow = routeBackend(
    app,
    { ...route, method: String(route.method), responses: {} },
    { upstreams: ['remote'] },
  );
  app.route({
    method: route.method === 'ALL' ? app.supportedMethods : (route.method as HTTPMethods | HTTPMethods[]),
    url: route.path,
    config: { backendNow, ...(beforeBody ? { localBeforeBody: local } : {}) } satisfies SyncRouteConfig,
    handler: async (request, reply) => {
      const decision = request.syncBackend ?? backendNow();
      if ('refuse' in decision) return reply.code(decision.refuse.status).send(decision.refuse.body);
      if (decision.serve === 'upstream') {
        const forwarder = app.upstreams?.[decision.upstream];
        if (!forwarder) throw new Error(`no forwarder to the ${decision.upstream} for ${request.method} ${route.path}`);
        const { otherwise } = decision;
        return forwarder(request, reply, 'serve' in otherwise && otherwise.serve === 'copy' ? 'copy' : null);
      }
      if (decision.serve !== 'local')
        throw new Error(`${request.method} ${route.path}: the Sync API is answered by the local store or an upstream`);
      return local(request, reply);
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The forwarders by the upstream they reach (routes/sync-proxy.ts: the remote). */
    upstreams: Partial<Record<Upstream, UpstreamAnswerer>> | null;
  }
}
