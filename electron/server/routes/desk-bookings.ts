import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { DeskConnection } from '../../proxy/connection';
import { editBookingByHand, unlockBookingFields } from '../../desk/booking-hand-edits';
import { atOneInstant, type SyncContext } from '../../sync/context';
import { createWalkIn, deleteWalkIn, editBookingById, showBookingById } from '../../desk/walk-ins';
import type { Store } from '../../store/store';
import { refusedInProxyMode, syncAnswer } from '../contract/answers';
import { serveRoute } from '../contract/serve-route';

export interface DeskBookingRoutesOptions {
  store: Store;
  connection: DeskConnection;
  now: () => Date;
}

/**
 * Hand edits (/api/desk/bookings/:external_id), and walk-ins with any booking by the desk's id
 * (/api/desk/bookings, /api/desk/bookings/by-id/:id): the local store's own write path for people at
 * the desk. In proxy mode the bookings are the remote's, which has its own idea of hand edits, so
 * these refuse and the desk saves through the (forwarded) Sync API instead. The body is checked
 * by the sync rule, as a sync update's is, so a refusal has the Sync API's outcome shape.
 */
export async function deskBookingRoutes(app: FastifyInstance, { store, connection, now }: DeskBookingRoutesOptions) {
  const ctx = (request: FastifyRequest): SyncContext => atOneInstant({ store, dropzone: request.dropzone!, now });
  const proxyRefusal = () =>
    refusedInProxyMode(
      connection,
      'bookings live on the remote server, save through the Sync API (/api/f1/sync/bookings)',
    );

  const { editBooking, unlockBookingFields: unlock } = deskRoutes;
  serveRoute(
    app,
    editBooking,
    ({ request, params, body }) =>
      proxyRefusal() ?? syncAnswer(editBooking, editBookingByHand(ctx(request), params.external_id, body)),
  );
  serveRoute(
    app,
    unlock,
    ({ request, params, body }) =>
      proxyRefusal() ?? syncAnswer(unlock, unlockBookingFields(ctx(request), params.external_id, body)),
  );

  // Walk-ins, and any booking by the desk's id (electron/desk/walk-ins.ts).
  const { createWalkIn: create, getBookingById: show, editBookingById: edit, deleteWalkIn: remove } = deskRoutes;
  serveRoute(
    app,
    create,
    ({ request, body }) => proxyRefusal() ?? syncAnswer(create, createWalkIn(ctx(request), body)),
  );
  serveRoute(
    app,
    show,
    ({ request, params }) => proxyRefusal() ?? syncAnswer(show, showBookingById(ctx(request), params.id)),
  );
  serveRoute(
    app,
    edit,
    ({ request, params, body }) => proxyRefusal() ?? syncAnswer(edit, editBookingById(ctx(request), params.id, body)),
  );
  serveRoute(
    app,
    remove,
    ({ request, params }) => proxyRefusal() ?? syncAnswer(remove, deleteWalkIn(ctx(request), params.id)),
  );
}
