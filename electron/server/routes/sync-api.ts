import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Upstream } from '../../../shared/api/backends';
import { syncCatalogueWrites, syncRoutes, syncUnlisted } from '../../../shared/api/sync-routes';
import {
  installSyncApiScope,
  serveSyncRoute,
  type LocalAnswerer,
  type UpstreamAnswerer,
} from '../contract/serve-sync-route';
import { listBookings } from '../../sync/booking-list';
import { deleteBooking, showBooking, upsertBooking, upsertBookingBatch } from '../../sync/bookings';
import { listProducts, listUpgrades, showProduct, showUpgrade } from '../../sync/catalogue';
import { atOneInstant, type SyncContext, type SyncResult } from '../../sync/context';
import { deleteFilmer, listFilmers, showFilmer, upsertFilmer, upsertFilmerBatch } from '../../sync/filmers';
import type { Store } from '../../store/store';
import type { ReadPool } from '../../readers/read-pool';
import { noteSyncWrite } from '../changes/sync-changes';
import { isHttpMethod, unknownMethodMessage } from '../guards/unknown-methods';
import { sendAnswer, sendError, sendResult } from '../reply';

export interface SyncRoutesOptions {
  store: Store;
  now: () => Date;
  /** Reader threads: a list page is read there, so no request waits behind its query. */
  reads?: ReadPool;
  /** The forwarders to the servers that answer in other modes, by backend (proxy mode: the remote). */
  upstreams: Partial<Record<Upstream, UpstreamAnswerer>>;
}

type Params = Record<string, string>;
type Query = Record<string, string | string[] | undefined>;

/**
 * The Sync API f1 (spec section 4), under /api/f1/sync: each route of shared/api/sync-routes.ts
 * registered once, with the Sync API's rules on the local store as its 'local' backend; in the
 * modes its `servedBy` gives to another server, that server's forwarder answers (serveSyncRoute).
 */
export async function syncApiRoutes(app: FastifyInstance, { store, now, reads, upstreams }: SyncRoutesOptions) {
  installSyncApiScope(app);
  app.decorate('upstreams', upstreams);
  const ctx = (request: FastifyRequest): SyncContext => atOneInstant({ store, dropzone: request.dropzone!, now });
  // Writes of the same turn share one commit (store/group-commit.ts); each answers after it, and
  // only then tells the windows what changed (they would read the old rows before it).
  const write = async (req: FastifyRequest, kind: 'bookings' | 'filmers', work: () => SyncResult, deleted?: string) =>
    noteSyncWrite(app.deskChanges, req.dropzone!.id, kind, await store.writes.run(work), deleted);
  // The record's key, as the table's path names it (`:external_id` for a booking, `:id` for the rest).
  const id = (req: FastifyRequest) => Object.values(req.params as Params)[0] ?? '';
  const query = (req: FastifyRequest) => req.query as Query;

  const local: Record<keyof typeof syncRoutes, LocalAnswerer> = {
    listBookings: async (req, reply) => {
      if (!reads) return sendResult(reply, listBookings(ctx(req), query(req)));
      const at = ctx(req);
      return sendAnswer(
        reply,
        await reads.read({ op: 'listBookings', dropzone: at.dropzone, instant: at.instant!.iso, query: query(req) }),
      );
    },
    saveBooking: async (req, reply) =>
      sendResult(reply, await write(req, 'bookings', () => upsertBooking(ctx(req), req.body))),
    saveBookings: async (req, reply) =>
      sendResult(reply, await write(req, 'bookings', () => upsertBookingBatch(ctx(req), req.body))),
    getBooking: (req, reply) => sendResult(reply, showBooking(ctx(req), id(req))),
    deleteBooking: async (req, reply) =>
      sendResult(reply, await write(req, 'bookings', () => deleteBooking(ctx(req), id(req)), id(req))),

    listFilmers: (req, reply) => sendResult(reply, listFilmers(ctx(req), query(req))),
    saveFilmer: async (req, reply) =>
      sendResult(reply, await write(req, 'filmers', () => upsertFilmer(ctx(req), req.body))),
    saveFilmers: async (req, reply) =>
      sendResult(reply, await write(req, 'filmers', () => upsertFilmerBatch(ctx(req), req.body))),
    getFilmer: (req, reply) => sendResult(reply, showFilmer(ctx(req), id(req))),
    deleteFilmer: async (req, reply) =>
      sendResult(reply, await write(req, 'filmers', () => deleteFilmer(ctx(req), id(req)), id(req))),

    listProducts: (req, reply) => sendResult(reply, listProducts(ctx(req))),
    getProduct: (req, reply) => sendResult(reply, showProduct(ctx(req), id(req))),
    listUpgrades: (req, reply) => sendResult(reply, listUpgrades(ctx(req))),
    getUpgrade: (req, reply) => sendResult(reply, showUpgrade(ctx(req), id(req))),
  };
  for (const [name, route] of Object.entries(syncRoutes)) serveSyncRoute(app, route, local[name as keyof typeof local]);

  // The catalogue is configured in the admin interface; through the API it is read-only.
  for (const path of syncCatalogueWrites.paths)
    serveSyncRoute(app, { ...syncCatalogueWrites, method: syncCatalogueWrites.methods, path }, (req, reply) =>
      sendError(
        reply.header('Allow', 'GET, HEAD'),
        'method_not_allowed',
        `${path.includes('products') ? 'products' : 'upgrades'} are read-only: they are configured in the admin interface`,
      ),
    );
  // What the table does not list: no such endpoint here, said before any body is read, as for a
  // path the desk lacks (a method HTTP does not have is one the desk implements nowhere: 501).
  for (const path of syncUnlisted.paths)
    serveSyncRoute(
      app,
      { ...syncUnlisted, method: 'ALL', path },
      (req, reply) =>
        isHttpMethod(req.method)
          ? reply.callNotFound()
          : sendError(reply, 'not_implemented', unknownMethodMessage(req.method)),
      { beforeBody: true },
    );
}
