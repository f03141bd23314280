import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import { editBookingByHand, unlockBookingFields } from '../../desk/booking-hand-edits';
import { atOneInstant, type SyncContext } from '../../sync/context';
import { createWalkIn, deleteWalkIn, editBookingById, showBookingById } from '../../desk/walk-ins';
import type { Store } from '../../store/store';
import { syncAnswer } from '../contract/answers';
import { serveRoute } from '../contract/serve-route';

export interface DeskBookingRoutesOptions {
  store: Store;
  now: () => Date;
}

/**
 * Hand edits (/api/desk/bookings/:external_id), and walk-ins with any booking by the desk's id
 * (/api/desk/bookings, /api/desk/bookings/by-id/:id): the local store's own write path for people at
 * the desk. In proxy mode the bookings are the remote's, which has its own idea of hand edits, so
 * these refuse and the desk saves through the (forwarded) Sync API instead. The body is checked
 * by the sync rule, as a sync update's is, so a refusal has the Sync API's outcome shape.
 */
export async function deskBookingRoutes(app: FastifyInstance, { store, now }: DeskBookingRoutesOptions) {
  const ctx = (request: FastifyRequest): SyncContext => atOneInstant({ store, dropzone: request.dropzone!, now });

  const { editBooking, unlockBookingFields: unlock } = deskRoutes;
  serveRoute(app, editBooking, ({ request, params, body }) =>
    syncAnswer(editBooking, editBookingByHand(ctx(request), params.external_id, body)),
  );
  serveRoute(app, unlock, ({ request, params, body }) =>
    syncAnswer(unlock, unlockBookingFields(ctx(request), params.external_id, body)),
  );

  // Walk-ins, and any booking by the desk's id (electron/desk/walk-ins.ts).
  const { createWalkIn: create, getBookingById: show, editBookingById: edit, deleteWalkIn: remove } = deskRoutes;
  serveRoute(app, create, ({ request, body }) => syncAnswer(create, createWalkIn(ctx(request), body)));
  serveRoute(app, show, ({ request, params }) => syncAnswer(show, showBookingById(ctx(request), params.id)));
  serveRoute(app, edit, ({ request, params, body }) =>
    syncAnswer(edit, editBookingById(ctx(request), params.id, body)),
  );
  serveRoute(app, remove, ({ request, params }) => syncAnswer(remove, deleteWalkIn(ctx(request), params.id)));
}
