import type { FastifyInstance, FastifyRequest } from 'fastify';
import { listBookings } from '../../sync/booking-list';
import { deleteBooking, showBooking, upsertBooking, upsertBookingBatch } from '../../sync/bookings';
import { listProducts, listUpgrades, showProduct, showUpgrade } from '../../sync/catalogue';
import { atOneInstant, type SyncContext, type SyncResult } from '../../sync/context';
import { deleteFilmer, listFilmers, showFilmer, upsertFilmer, upsertFilmerBatch } from '../../sync/filmers';
import type { Store } from '../../store/store';
import type { ReadPool } from '../../readers/read-pool';
import { noteSyncWrite } from '../changes/sync-changes';
import { sendAnswer, sendError, sendResult } from '../reply';

export interface SyncRoutesOptions {
  store: Store;
  now: () => Date;
  /** Reader threads: a list page is read there, so no request waits behind its query. */
  reads?: ReadPool;
}

type Params = { id: string };
type Query = Record<string, string | string[] | undefined>;

/** The Sync API f1 (spec section 4), under /api/f1/sync, served from the local store. */
export async function syncApiRoutes(app: FastifyInstance, { store, now, reads }: SyncRoutesOptions) {
  const ctx = (request: FastifyRequest): SyncContext => atOneInstant({ store, dropzone: request.dropzone!, now });
  // Writes of the same turn share one commit (store/group-commit.ts); each answers after it, and
  // only then tells the windows what changed (they would read the old rows before it).
  const write = async (req: FastifyRequest, kind: 'bookings' | 'filmers', work: () => SyncResult, deleted?: string) =>
    noteSyncWrite(app.deskChanges, req.dropzone!.id, kind, await store.writes.run(work), deleted);

  app.get<{ Querystring: Query }>('/bookings', async (req, reply) => {
    if (!reads) return sendResult(reply, listBookings(ctx(req), req.query));
    const at = ctx(req);
    return sendAnswer(
      reply,
      await reads.read({ op: 'listBookings', dropzone: at.dropzone, instant: at.instant!.iso, query: req.query }),
    );
  });
  app.post('/bookings', async (req, reply) =>
    sendResult(reply, await write(req, 'bookings', () => upsertBooking(ctx(req), req.body))),
  );
  // Registered before /bookings/:id so "batch" is never taken for an external_id.
  app.post('/bookings/batch', async (req, reply) =>
    sendResult(reply, await write(req, 'bookings', () => upsertBookingBatch(ctx(req), req.body))),
  );
  app.get<{ Params: Params }>('/bookings/:id', (req, reply) => sendResult(reply, showBooking(ctx(req), req.params.id)));
  app.delete<{ Params: Params }>('/bookings/:id', async (req, reply) =>
    sendResult(reply, await write(req, 'bookings', () => deleteBooking(ctx(req), req.params.id), req.params.id)),
  );

  app.get<{ Querystring: Query }>('/filmers', (req, reply) => sendResult(reply, listFilmers(ctx(req), req.query)));
  app.post('/filmers', async (req, reply) =>
    sendResult(reply, await write(req, 'filmers', () => upsertFilmer(ctx(req), req.body))),
  );
  app.post('/filmers/batch', async (req, reply) =>
    sendResult(reply, await write(req, 'filmers', () => upsertFilmerBatch(ctx(req), req.body))),
  );
  app.get<{ Params: Params }>('/filmers/:id', (req, reply) => sendResult(reply, showFilmer(ctx(req), req.params.id)));
  app.delete<{ Params: Params }>('/filmers/:id', async (req, reply) =>
    sendResult(reply, await write(req, 'filmers', () => deleteFilmer(ctx(req), req.params.id), req.params.id)),
  );

  app.get('/products', (req, reply) => sendResult(reply, listProducts(ctx(req))));
  app.get<{ Params: Params }>('/products/:id', (req, reply) => sendResult(reply, showProduct(ctx(req), req.params.id)));
  app.get('/upgrades', (req, reply) => sendResult(reply, listUpgrades(ctx(req))));
  app.get<{ Params: Params }>('/upgrades/:id', (req, reply) => sendResult(reply, showUpgrade(ctx(req), req.params.id)));

  // The catalogue is configured in the admin interface; through the API it is read-only.
  for (const resource of ['products', 'upgrades'] as const) {
    for (const url of [`/${resource}`, `/${resource}/:id`]) {
      app.route({
        method: ['POST', 'PUT', 'PATCH', 'DELETE'],
        url,
        handler: (_req, reply) =>
          sendError(
            reply.header('Allow', 'GET, HEAD'),
            'method_not_allowed',
            `${resource} are read-only: they are configured in the admin interface`,
          ),
      });
    }
  }
}
