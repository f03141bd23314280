import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { LIMITS } from '../../shared/limits';
import type { Store } from '../store/store';
import { TokenAuth } from './auth';
import { installErrorHandlers, installJsonParser } from './errors';
import { makeHostGuard } from './host-guard';
import { sendError } from './reply';
import { deskPublicRoutes, deskRoutes } from './routes/desk-api';
import { syncApiRoutes } from './routes/sync-api';

export interface AppOptions {
  store: Store;
  now?: () => Date;
  /** Log failures to stderr (never headers or bodies, so never credentials). */
  logErrors?: boolean;
}

export interface DeskApp {
  app: FastifyInstance;
  auth: TokenAuth;
}

/** Builds the HTTP server: the Sync API, the desk's own API, one error shape for everything. */
export function buildApp({ store, now = () => new Date(), logErrors = true }: AppOptions): DeskApp {
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
  app.addHook('onRequest', makeHostGuard(() => app.server.address() as AddressInfo | null));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
  });
  installJsonParser(app);
  installErrorHandlers(app);

  app.register(deskPublicRoutes, { prefix: '/api/desk' });
  app.register(async (authed) => {
    authed.addHook('onRequest', auth.hook);
    authed.register(syncApiRoutes, { prefix: '/api/f1/sync', store, now });
    authed.register(deskRoutes, { prefix: '/api/desk' });
  });
  return { app, auth };
}
