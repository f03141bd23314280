import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { BackoffPolicy } from '../../shared/backoff';
import { LIMITS } from '../../shared/limits';
import type { ScryptCost } from '../common/passphrase';
import { deskImportRunner } from '../imports/desk-import-runner';
import type { DeskConnection } from '../proxy/connection';
import type { MainDeskLink } from '../desks/main-desk-link';
import type { MainDeskMarks } from '../desks/main-desk-marks';
import { mainDeskAdminGuard } from './main-desk-admin';
import { mainDeskForward } from './main-desk-forward';
import type { OfflineCopy } from '../offline/offline-copy';
import type { DropzoneRecord } from '../store/records';
import type { Store } from '../store/store';
import { AdminUnlocks } from './admin-unlocks';
import { TokenAuth } from './auth';
import { answerClientError } from './guards/client-errors';
import { contractCompilers, type ResponseCheck } from './contract/compilers';
import { installBodyDrain } from './guards/drain-body';
import { installErrorHandlers, installJsonParser } from './errors';
import { DeskChanges } from '../common/desk-changes';
import { EventStreams } from './event-stream';
import { installExpectationCheck } from './guards/expectations';
import { makeHostGuard } from './guards/host-guard';
import { installRequestLog } from './log/log-hooks';
import { refuseMalformedQuery } from './guards/query-encoding';
import { answerConnect, refuseUnknownMethod } from './guards/unknown-methods';
import { sendError } from './reply';
import { RequestLog } from './log/request-log';
import { adminRoutes } from './routes/desk-admin';
import { apiTokenRoutes } from './routes/desk-api-tokens';
import { bookingActionRoutes, upgradePaymentRoutes } from './routes/desk-booking-actions';
import { deskBookingRoutes } from './routes/desk-bookings';
import { deskReceptionRoutes } from './routes/desk-reception';
import { deskJumpRoutes } from './routes/desk-jumps';
import { deskCatalogueRoutes } from './routes/desk-catalogue';
import { deskPublicRoutes, sessionRoutes } from './routes/desk-api';
import { connectionRoutes } from './routes/desk-connection';
import { importMappingRoutes } from './routes/desk-import-mappings';
import { deskChangeRoutes } from './routes/desk-changes';
import { importEventRoutes } from './routes/desk-import-events';
import { importRoutes } from './routes/desk-imports';
import { listenRoutes, type ListenFacts } from './routes/desk-listen';
import { logRoutes } from './routes/desk-log';
import { outboxRoutes } from './routes/desk-outbox';
import { syncApiRoutes } from './routes/sync-api';
import type { ReadPool } from '../readers/read-pool';
import { remoteForwarder } from './routes/sync-proxy';
import { openApiDocumentRoutes } from './routes/openapi';
import { CONTENT_SECURITY_POLICY, DEFAULT_UI_DIR, staticUi } from './static-ui';
import { MainDeskLan } from '../desks/main-desk-lan';
import { LanGate } from './lan-gate';
import { desksRoutesPlugin, pairingRoutes } from './routes/desks';
import { firstRunRoutes, type FirstRunOptions } from './routes/first-run';

export interface AppOptions {
  store: Store;
  /** Local store or remote server: picks who answers /api/f1/sync, call by call. */
  connection: DeskConnection;
  /** Proxy mode's copy of the remote and its outbox: the Sync API when the remote does not answer, reception's screens (docs/offline.md). */
  offline: OfflineCopy;
  /** The dropzone the desk works for (in proxy mode, the one the remote credentials belong to). */
  deskDropzone: DropzoneRecord;
  log?: RequestLog;
  now?: () => Date;
  /** Log failures to stderr (never headers or bodies, so never credentials). */
  logErrors?: boolean;
  /** The built desk UI (default: dist/renderer of this checkout). */
  uiDir?: string;
  /** Why the server listens where it does; the starter fills it in once listening (default: a port chosen by the caller). */
  listenFacts?: ListenFacts;
  /** The wait before an import's batch that got no answer is tried again (tests shorten it). */
  importRetryBackoff?: BackoffPolicy;
  /** Reader threads for long reads (a bookings list page); none: those run on the server's thread. */
  reads?: ReadPool;
  /** An answer that does not match its schema in shared/api/: a 500 (default; tests) or sent and logged (`serve`, the desktop app). See ResponseCheck. */
  responseCheck?: ResponseCheck;
  /** The change bus every write path tells (default: one of the server's own; the composition root shares it with the copy). */
  changes?: DeskChanges;
  /** The main desk on the venue's network (docs/desks.md): its HTTPS listener serves this same app. */
  lan?: MainDeskLan;
  /** A paired desk's link to its main desk: routes served by 'main' are passed on through it (docs/desks.md). */
  mainDesk?: MainDeskLink;
  /** A paired desk's check-ins waiting for its main desk (counted in its session). */
  marksForMain?: MainDeskMarks;
  /** The desktop app's first run: "Start as the main desk, or join one?" (routes/first-run.ts). */
  firstRun?: FirstRunOptions;
  /**
   * The largest request body a route without a limit of its own takes (default LIMITS.bodyLimitBytes,
   * what docs/spec-decisions.md states); larger is a 413. Tests lower it to send a few times it cheaply.
   */
  bodyLimitBytes?: number;
  /** scrypt's cost for a new administrator passphrase (tests lower it; default PASSPHRASE_COST). */
  passphraseCost?: ScryptCost;
  /** scrypt's cost for a pairing code's proof (tests lower it; default PAIRING_PROOF_COST). */
  pairingProofCost?: ScryptCost;
}

export interface DeskApp {
  app: FastifyInstance;
  auth: TokenAuth;
  log: RequestLog;
  /** What changed, for every window (GET /api/desk/changes); tests flush it. */
  changes: DeskChanges;
  /**
   * Stops accepting, lets requests in flight finish (up to `graceMs`), then closes every
   * connection: a browser's idle keep-alive or speculative sockets must not hold the exit.
   */
  stop(graceMs?: number): Promise<void>;
  /** Every route the server registered (method and URL as Fastify has them): tests hold them to the API tables. */
  routes: readonly ServedRoute[];
}

export interface ServedRoute {
  method: string;
  url: string;
}

/** Builds the HTTP server: the Sync API, the desk's own API, one error shape for everything. */
export function buildApp({
  store,
  connection,
  offline,
  deskDropzone,
  log = new RequestLog(),
  now = () => new Date(),
  logErrors = true,
  uiDir = DEFAULT_UI_DIR,
  listenFacts = { source: 'flag', defaultPort: null },
  responseCheck = 'refuse',
  importRetryBackoff,
  reads,
  changes = new DeskChanges(),
  lan = new MainDeskLan(store, now),
  mainDesk,
  marksForMain,
  firstRun,
  bodyLimitBytes = LIMITS.bodyLimitBytes,
  passphraseCost,
  pairingProofCost,
}: AppOptions): DeskApp {
  const app: FastifyInstance = Fastify({
    bodyLimit: bodyLimitBytes,
    schemaController: { compilersFactory: contractCompilers(responseCheck, () => app.log) },
    logger: logErrors ? { level: 'error' } : false,
    // A URL the router cannot decode (e.g. `%E0%A4%A`) gets the API's error shape too.
    frameworkErrors: (error, _request, reply) => sendError(reply, 'bad_request', `malformed URL: ${error.message}`),
    clientErrorHandler: answerClientError,
    // A request without Host reaches the host guard, which says what is wrong (Node would answer an empty 400).
    http: { requireHostHeader: false },
    routerOptions: {
      ignoreTrailingSlash: true,
      // Long, percent-encoded external_ids (255 characters of non-ASCII text) must still route.
      maxParamLength: 4096,
    },
  });
  const routes: ServedRoute[] = [];
  app.addHook('onRoute', ({ method, url }) => {
    for (const one of ([] as string[]).concat(method)) routes.push({ method: one, url });
  });
  const auth = new TokenAuth(store);
  const adminUnlocks = new AdminUnlocks(store, now, passphraseCost);
  // A paired desk's unlocks are its main desk's (the venue's one passphrase): checked there.
  app.decorate('adminGuard', mainDesk ? mainDeskAdminGuard(connection) : adminUnlocks.guard);
  // Which backends answer now: serveRoute asks it for a route's `servedBy` (shared/api/backends.ts).
  app.decorate('deskMode', () => connection.servingMode);
  app.decorate('deskMainForward', mainDesk ? mainDeskForward(connection, mainDesk) : null);
  // The copy a route served by 'copy' answers from, when proxy mode has one open.
  app.decorate('deskCopy', () => {
    const copy = offline.copy();
    return copy ? { store: copy.store, dropzone: copy.dropzone } : null;
  });
  // Imports run here, not in the page: they outlive any window, and end only by Cancel or the desk stopping.
  const imports = deskImportRunner(store, connection, now, importRetryBackoff);
  const eventStreams = new EventStreams();
  app.decorate('deskChanges', changes);
  // An import's batches write through the runner, not a route: each batch answered is news for every window.
  const stopWatchingImports = imports.subscribe((dropzoneId, progress) => {
    changes.emit(dropzoneId, 'imports', { ids: [progress.id] });
    // Its start and its end write no booking or filmer: only a step with rows sent does.
    if (progress.state === 'running' && progress.sent > 0) changes.emit(dropzoneId, progress.kind, { many: true });
  });
  app.addHook('preClose', async () => {
    stopWatchingImports();
    // Before the store closes: no batch starts, what is under way reads as interrupted after the
    // restart; and open progress streams end, or the close would wait for them.
    imports.stop();
    eventStreams.closeAll();
    lanGate.close();
    await lan.close();
  });

  app.decorateRequest('dropzone', null);
  app.decorateRequest('deskSession', false);
  app.decorateRequest('caller', null);
  app.decorateRequest('pairedDesk', null);
  // First of all hooks, so every call to the Sync API is logged, refused ones included.
  installRequestLog(
    app,
    log,
    () => connection.mode,
    (header) => auth.identify(header),
  );
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
  installExpectationCheck(app);
  app.addHook(
    'onRequest',
    makeHostGuard(() => app.server.address() as AddressInfo | null),
  );
  // The LAN listener's door: nothing on the venue's network without a credential.
  const lanGate = new LanGate(store, auth, now);
  app.addHook('onRequest', lanGate.hook);
  lan.attach((request, response) => app.routing(request, response));
  app.addHook('onRequest', refuseMalformedQuery);
  app.addHook('onRequest', refuseUnknownMethod);
  // Node hands a CONNECT over as a bare socket, outside Fastify: answered there, as a path the desk lacks.
  app.server.on('connect', answerConnect);
  installBodyDrain(app);
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
  // The routes of shared/api/ carry their full path: registered without a prefix.
  app.register(deskPublicRoutes);
  app.register(pairingRoutes, { store, now });
  app.register(async (authed) => {
    authed.addHook('onRequest', auth.hook);
    // Every route once; its backend, for the desk's mode, is the table's (serveSyncRoute).
    authed.register(syncApiRoutes, { store, now, reads, upstreams: { remote: remoteForwarder(app, offline) } });
    // The API described: in the Sync API's auth, so a booking system's developer reads it with their token.
    authed.register(openApiDocumentRoutes, { connection });
    // A payment relay records online payments with the dropzone's Sync API token: outside the session-only scope.
    authed.register(upgradePaymentRoutes, { store, now });
    authed.register(async (desk) => {
      desk.addHook('onRequest', auth.deskSessionOnly);
      desk.register(sessionRoutes, {
        connection,
        log,
        offline,
        firstRunOpen: () => firstRun?.question.open() ?? false,
        ...(mainDesk ? { mainDesk } : {}),
        ...(marksForMain ? { marksForMain } : {}),
      });
      desk.register(adminRoutes, { unlocks: adminUnlocks });
      desk.register(deskBookingRoutes, { store, now });
      desk.register(bookingActionRoutes, { store, now });
      desk.register(deskJumpRoutes, { store, now });
      desk.register(deskReceptionRoutes, { store, now });
      desk.register(deskCatalogueRoutes, { store, now });
      desk.register(connectionRoutes, { connection });
      desk.register(logRoutes, { log });
      desk.register(outboxRoutes, { offline });
      desk.register(listenRoutes, { store, facts: listenFacts, now });
      // Import history is the desk's own record: the local store answers in proxy mode too.
      desk.register(importRoutes, { store, runner: imports, connection, deskDropzone, now });
      desk.register(importEventRoutes, { prefix: '/api/desk', runner: imports, streams: eventStreams });
      desk.register(deskChangeRoutes, { changes, streams: eventStreams });
      desk.register(importMappingRoutes, { store, now });
      // Tokens guard this desk's own /api/f1/sync (which forwards in proxy mode): always the local store.
      desk.register(apiTokenRoutes, { store, now });
      desk.register(desksRoutesPlugin, {
        store,
        lan,
        gate: lanGate,
        now,
        pairedWith: mainDesk?.mainName ?? null,
        pairingProofCost,
      });
      desk.register(firstRunRoutes, { ...(firstRun ? { firstRun } : {}) });
    });
  });
  const stop = async (graceMs = 30_000) => {
    const closed = app.close();
    const deadline = Date.now() + graceMs;
    while (inFlight.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    app.server.closeAllConnections();
    await closed;
  };
  return { app, auth, log, changes, stop, routes };
}
