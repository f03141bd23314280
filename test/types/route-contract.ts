/**
 * Type-level tests of the route tables (shared/api/), checked by `npm run typecheck` and never run.
 * Each `@ts-expect-error` is a promise: if the line ever compiles (the table stopped typing a side),
 * tsc fails on the unused directive. The runtime side is test/api/route-contract.test.ts.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { deskRoutes } from '../../shared/api/desk-routes';
import { defineRoute, NO_CONTENT } from '../../shared/api/route';
import { syncRoutes } from '../../shared/api/sync-routes';
import { deskError } from '../../shared/schemas/desk-error';
import { listenView, type ListenView } from '../../shared/schemas/listen';
import { serveRoute } from '../../electron/server/contract/serve-route';
import { call, callForAnswer } from '../../renderer/src/api/call';

declare const app: FastifyInstance;
declare const view: ListenView;

// ---- the server answers what the table declares, in its shape ------------------------------

serveRoute(app, deskRoutes.getListen, () => ({ status: 200, body: view }));
// @ts-expect-error a field of the wrong type
serveRoute(app, deskRoutes.getListen, () => ({ status: 200, body: { ...view, port: '4780' } }));
// @ts-expect-error a field missing
serveRoute(app, deskRoutes.getListen, () => ({ status: 200, body: { port: 4780 } }));
// @ts-expect-error a status the route does not declare
serveRoute(app, deskRoutes.getListen, () => ({ status: 201, body: view }));
// @ts-expect-error a refusal needs the error shape (no `error`)
serveRoute(app, deskRoutes.revokeApiToken, () => ({ status: 404, body: { status: 'not_found' } }));
serveRoute(app, deskRoutes.revokeApiToken, () => ({ status: 204 }));

// A file answer (CSV_FILE): the handler hands over the file's name and text, never a JSON body.
serveRoute(app, deskRoutes.exportDeskBookings, () => ({
  status: 200,
  file: { name: 'bookings.csv', content: ['Id\r\n'] },
}));
// @ts-expect-error a file route answers a file, not a body
serveRoute(app, deskRoutes.exportDeskBookings, () => ({ status: 200, body: 'Id\r\n' }));

// The handler gets the request parsed by the table: the body's output type, the path's parameters.
serveRoute(app, deskRoutes.createApiToken, ({ body, params }) => {
  body.label satisfies string;
  // @ts-expect-error no such field in the body's schema
  void body.token;
  // @ts-expect-error the route has no path parameters
  void params.id;
  return { status: 201, body: { id: 1, label: body.label, created_at: '', token: 'dzd_x' } };
});

// ---- the client is typed by the same table ---------------------------------------------------

export async function clientSide() {
  const listen = await call(deskRoutes.getListen);
  listen.port satisfies number;
  // @ts-expect-error the answer has no such field
  void listen.portNumber;

  // @ts-expect-error a body of the wrong shape
  await call(deskRoutes.putListen, { body: { fixed_port: '4790' } });
  // @ts-expect-error the route needs its path parameter
  await call(deskRoutes.getLogEntry);
  // @ts-expect-error the route needs its body
  await call(deskRoutes.createApiToken);
  await call(deskRoutes.getLogEntry, { params: { id: 7 } });
  (await call(deskRoutes.exportDeskBookings, { query: {} })) satisfies Blob;
  // A File: the bytes, and the name the server gave them.
  (await call(deskRoutes.exportDeskBookings, { query: {} })).name satisfies string;

  // A write's outcomes: a union by status, each body in that status's shape.
  const saved = await callForAnswer(syncRoutes.saveBooking, { body: { external_id: 'BK-1' } });
  if (saved.status === 201) saved.body.id satisfies number;
  if (saved.status === 406) saved.body.status satisfies string;
  // @ts-expect-error 418 is no status of this route
  if (saved.status === 418) return;
}

// ---- a change of shape fails both sides -----------------------------------------------------

/** The listen route as it would be if `port` became text: the code of today no longer compiles. */
const changedListen = defineRoute({
  method: 'GET',
  path: '/api/desk/listen',
  servedBy: 'desk',
  responses: { 200: listenView.extend({ port: z.string() }), 422: deskError },
});

// The server's view() still builds a number: it fails against the changed schema.
// @ts-expect-error port is text now
serveRoute(app, changedListen, () => ({ status: 200, body: view }));

export async function clientAfterTheChange(showPort: (port: number) => void) {
  const listen = await call(changedListen);
  // @ts-expect-error the page's code that reads port as a number
  showPort(listen.port);
}

// A 204 route answers nothing for the client to read.
const removal = defineRoute({
  method: 'DELETE',
  path: '/api/desk/things/:id',
  servedBy: 'desk',
  responses: { 204: NO_CONTENT },
});
export async function removes() {
  const nothing = await call(removal, { params: { id: 1 } });
  nothing satisfies undefined;
}
