import { z } from 'zod';
import { bookingWrite } from '../schemas/booking';
import {
  specBookingCreated,
  specBookingPartialUpdate,
  specBookingUpdated,
  specFilmerCreated,
  specFilmerUpdated,
  specHttpError,
  specOutcomeError,
  specProduct,
  specProductList,
  specUpgrade,
  specUpgradeList,
} from '../schemas/contract';
import { filmerWrite } from '../schemas/filmer';
import { defineRoute, NO_CONTENT } from './route';
import { batchAnswer, bookingListAnswer, bookingShowAnswer, filmerAnswer, filmerListAnswer } from './sync-answers';

/**
 * The Sync API (spec/sync-api-f1.md) as the desk's renderer calls it, answers held to the spec's
 * shapes (shared/schemas/contract.ts, the ones the proxy's contract check uses; sync-answers.ts
 * reads what the spec leaves out as none): in proxy mode a remote server answers, and the page
 * may count on what the spec promises, no more.
 *
 * The server does not serve these with serveRoute: the Sync API keeps its own checks (electron/sync/:
 * a batch is checked element by element, and a refusal has the spec's outcome shape), so the body
 * and query schemas here type the client's calls only. Their `servedBy` is read by the server:
 * each route is registered once and its backend picked for the desk's mode on every call
 * (serveSyncRoute, electron/server/contract/serve-sync-route.ts).
 */

/**
 * Every Sync API call: the local store answers in local mode; in proxy mode the remote server
 * (forwarded), then the desk's copy when the remote does not answer: a read from the copy, a write
 * into its outbox (docs/offline.md).
 */
const SYNC_BACKENDS = ['local', 'remote', 'copy'] as const;

const text = z.string().optional();
/** A yes/no parameter as the Sync API reads it (`include_all`): `true`/`1`, `false`/`0`. */
const queryFlag = z.enum(['true', 'false', '1', '0']).optional();

/** GET /bookings: page, filters (spec 4.1), as the query string carries them. */
const bookingListQuery = z.strictObject({
  page: text,
  per_page: text,
  include_all: queryFlag,
  'q[name_cont]': text,
  'q[email_cont]': text,
  'q[jump_on_gteq]': text,
  'q[jump_on_lteq]': text,
  'q[jump_on_lt]': text,
  'q[jump_on_gt]': text,
});

/** A refusal of one record, in the spec's outcome shape (section 7). */
const outcomes = {
  404: specOutcomeError,
  406: specOutcomeError,
  409: specOutcomeError,
  422: specOutcomeError,
} as const;

export const syncRoutes = {
  listBookings: defineRoute({
    method: 'GET',
    path: '/api/f1/sync/bookings',
    servedBy: SYNC_BACKENDS,
    query: { schema: bookingListQuery, name: 'bookings query' },
    responses: { 200: bookingListAnswer, 422: specOutcomeError },
  }),
  getBooking: defineRoute({
    method: 'GET',
    path: '/api/f1/sync/bookings/:external_id',
    servedBy: SYNC_BACKENDS,
    responses: { 200: bookingShowAnswer, 404: specOutcomeError },
  }),
  saveBooking: defineRoute({
    method: 'POST',
    path: '/api/f1/sync/bookings',
    servedBy: SYNC_BACKENDS,
    body: { schema: bookingWrite, name: 'booking', checkedBy: 'sync-rule' },
    responses: { 200: z.union([specBookingUpdated, specBookingPartialUpdate]), 201: specBookingCreated, ...outcomes },
  }),
  /** Spec 4.1: one result per element, each with its own outcome. */
  saveBookings: defineRoute({
    method: 'POST',
    path: '/api/f1/sync/bookings/batch',
    servedBy: SYNC_BACKENDS,
    body: { schema: z.object({ bookings: z.array(bookingWrite) }), name: 'bookings', checkedBy: 'sync-rule' },
    responses: { 200: batchAnswer, 413: specHttpError, 422: specOutcomeError },
  }),
  deleteBooking: defineRoute({
    method: 'DELETE',
    path: '/api/f1/sync/bookings/:external_id',
    servedBy: SYNC_BACKENDS,
    responses: { 204: NO_CONTENT, 404: specOutcomeError },
  }),

  listFilmers: defineRoute({
    method: 'GET',
    path: '/api/f1/sync/filmers',
    servedBy: SYNC_BACKENDS,
    query: { schema: z.strictObject({ include_all: queryFlag }), name: 'filmers query' },
    responses: { 200: filmerListAnswer, 422: specOutcomeError },
  }),
  getFilmer: defineRoute({
    method: 'GET',
    path: '/api/f1/sync/filmers/:id',
    servedBy: SYNC_BACKENDS,
    responses: { 200: filmerAnswer, 404: specOutcomeError },
  }),
  saveFilmer: defineRoute({
    method: 'POST',
    path: '/api/f1/sync/filmers',
    servedBy: SYNC_BACKENDS,
    body: { schema: filmerWrite, name: 'filmer', checkedBy: 'sync-rule' },
    responses: { 200: specFilmerUpdated, 201: specFilmerCreated, ...outcomes },
  }),
  /** Spec 4.2: one result per element. */
  saveFilmers: defineRoute({
    method: 'POST',
    path: '/api/f1/sync/filmers/batch',
    servedBy: SYNC_BACKENDS,
    body: { schema: z.object({ filmers: z.array(filmerWrite) }), name: 'filmers', checkedBy: 'sync-rule' },
    responses: { 200: batchAnswer, 413: specHttpError, 422: specOutcomeError },
  }),
  /** A filmer with jumps is refused (`errors`), as an outcome the page shows. */
  deleteFilmer: defineRoute({
    method: 'DELETE',
    path: '/api/f1/sync/filmers/:id',
    servedBy: SYNC_BACKENDS,
    responses: { 204: NO_CONTENT, ...outcomes },
  }),

  listProducts: defineRoute({
    method: 'GET',
    path: '/api/f1/sync/products',
    servedBy: SYNC_BACKENDS,
    responses: { 200: specProductList },
  }),
  getProduct: defineRoute({
    method: 'GET',
    path: '/api/f1/sync/products/:id',
    servedBy: SYNC_BACKENDS,
    responses: { 200: specProduct, 404: specOutcomeError },
  }),
  listUpgrades: defineRoute({
    method: 'GET',
    path: '/api/f1/sync/upgrades',
    servedBy: SYNC_BACKENDS,
    responses: { 200: specUpgradeList },
  }),
  getUpgrade: defineRoute({
    method: 'GET',
    path: '/api/f1/sync/upgrades/:id',
    servedBy: SYNC_BACKENDS,
    responses: { 200: specUpgrade, 404: specOutcomeError },
  }),
} as const;

export type SyncRoutes = typeof syncRoutes;

/**
 * Calls of the Sync API outside the routes above, declared with their backends like a route. The
 * catalogue's writes: read-only through the API (local mode answers 405; the remote words its own).
 */
export const syncCatalogueWrites = {
  methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  paths: ['/api/f1/sync/products', '/api/f1/sync/products/:id', '/api/f1/sync/upgrades', '/api/f1/sync/upgrades/:id'],
  servedBy: SYNC_BACKENDS,
} as const;

/**
 * Every other method and path below /api/f1/sync (a newer spec's, say): local mode has no such
 * endpoint (404); proxy mode hands it to the remote as it came, so the remote, not the desk, says
 * what it is.
 */
export const syncUnlisted = {
  paths: ['/api/f1/sync', '/api/f1/sync/*'],
  servedBy: SYNC_BACKENDS,
} as const;
