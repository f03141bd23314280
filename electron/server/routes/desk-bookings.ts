import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DeskConnection } from '../../proxy/connection';
import { editBookingByHand, unlockBookingFields } from '../../sync/booking-hand-edits';
import { atOneInstant, type SyncContext } from '../../sync/context';
import type { Store } from '../../store/store';
import { sendError, sendResult } from '../reply';

export interface DeskBookingRoutesOptions {
  store: Store;
  connection: DeskConnection;
  now: () => Date;
}

type Params = { id: string };

/**
 * Hand edits (/api/desk/bookings/:external_id): the local store's own write path for people at
 * the desk. In proxy mode the bookings are the remote's, which has its own idea of hand edits, so
 * these refuse and the desk saves through the (forwarded) Sync API instead.
 */
export async function deskBookingRoutes(app: FastifyInstance, { store, connection, now }: DeskBookingRoutesOptions) {
  const ctx = (request: FastifyRequest): SyncContext => atOneInstant({ store, dropzone: request.dropzone!, now });
  const refuseInProxyMode = (reply: FastifyReply): FastifyReply | undefined =>
    connection.mode === 'proxy'
      ? sendError(reply, 'conflict', 'the desk is in proxy mode: bookings live on the remote server, save through the Sync API (/api/f1/sync/bookings)')
      : undefined;

  app.patch<{ Params: Params }>('/bookings/:id', (req, reply) => refuseInProxyMode(reply) ?? sendResult(reply, editBookingByHand(ctx(req), req.params.id, req.body)));
  app.post<{ Params: Params }>('/bookings/:id/unlock', (req, reply) => refuseInProxyMode(reply) ?? sendResult(reply, unlockBookingFields(ctx(req), req.params.id, req.body)));
}
