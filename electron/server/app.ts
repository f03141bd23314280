import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { LIMITS } from '../../shared/limits';
import type { Store } from '../store/store';
import { TokenAuth } from './auth';
import { installErrorHandlers, installJsonParser } from './errors';
import { makeHostGuard } from './host-guard';
import { sendError } from './reply';
import { deskPublicRoutes, deskRoutes } from './routes/desk-api';
import { syncApiRoutes } from './routes/sync-api';
import { CONTENT_SECURITY_POLICY, DEFAULT_UI_DIR, staticUi } from './static-ui';

export interface AppOptions {
  store: Store;
  now?: () => Date;
  /** Log failures to stderr (never headers or bodies, so never credentials). */
  logErrors?: boolean;
  /** The built desk UI (default: dist/renderer of this checkout). */
  uiDir?: string;
}

export interface DeskApp {
  app: FastifyInstance;
  auth: TokenAuth;
  /**
   * Stops accepting, lets requests in flight finish (up to `graceMs`), then closes every
   * connection: a browser's idle keep-alive or speculative sockets must not hold the exit.
   */
  stop(graceMs?: number): Promise<void>;
}

/** Builds the HTTP server: the Sync API, the desk's own API, one error shape for everything. */
export function buildApp({ store, now = () => new Date(), logErrors = true, uiDir = DEFAULT_UI_DIR }: AppOptions): DeskApp {
  const app = Fastify({
    bodyLimit: LIMITS.bodyLimitBytes,
    logger: logErrors ? { level: 'error' } : false,
    // A URL the router cannot decode (e.g. `%E0%A4%A`) gets the API's error shape too.
    frameworkErrors: (error, _request, reply) => sendError(reply, 'bad_request', `malformed URL: ${error.message}`),
    routerOptions: {
      ignoreTrailingSlash: true,
      // Long, percent-encoded external_ids (255 characters of non-ASCII text) must still route.
      maxParamLength: 4096,
    },
  });
  const auth = new TokenAuth(store);

  app.decorateRequest('dropzone', null);
  // Requests being answered, so stop() can wait for them (a Set: an aborted request may end twice).
  const inFlight = new Set<FastifyRequest>();
  app.addHook('onRequest', async (request) => {
    inFlight.add(request);
  });
  app.addHook('onResponse', async (request) => {
    inFlight.delete(request);
  });
  app.addHook('onRequestAbort', async (request) => {
    inFlight.delete(request);
  });
  app.addHook('onRequest', makeHostGuard(() => app.server.address() as AddressInfo | null));
  app.addHook('onSend', async (request, reply) => {
    // Built UI assets have content-hashed names: cache them for good. Everything else is fresh.
    const immutable = request.url.startsWith('/assets/') && reply.statusCode === 200;
    reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    // The start URL carries the session token: never pass it on in a Referer.
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
  });
  installJsonParser(app);
  installErrorHandlers(app);

  app.register(staticUi, { uiDir });
  app.register(deskPublicRoutes, { prefix: '/api/desk' });
  app.register(async (authed) => {
    authed.addHook('onRequest', auth.hook);
    authed.register(syncApiRoutes, { prefix: '/api/f1/sync', store, now });
    authed.register(deskRoutes, { prefix: '/api/desk' });
  });
  const stop = async (graceMs = 30_000) => {
    const closed = app.close();
    const deadline = Date.now() + graceMs;
    while (inFlight.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    app.server.closeAllConnections();
    await closed;
  };
  return { app, auth, stop };
}
