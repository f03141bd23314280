import { deskRoutes } from '../../../shared/api/desk-routes';
import type { BodyInput, QueryInput } from '../../../shared/api/route';
import { syncRoutes } from '../../../shared/api/sync-routes';
import type { BookingWrite } from '../../../shared/schemas/booking';
import type { LogQuery } from '../../../shared/schemas/log';
import type { DeskSession } from '../../../shared/schemas/session';
import type { FilmerWrite } from '../../../shared/schemas/filmer';
import type { HandEdit } from '../../../shared/schemas/hand-edits';
import type { ByIdEdit } from '../../../shared/schemas/walk-ins';
import { call, callForAnswer } from './call';
import { ApiError } from './client';

export type { DeskSession };

/** The bookings list query, as the grid's filters set it (server-side, spec 4.1). */
export interface BookingFilters {
  page: number;
  perPage: number;
  includeAll: boolean;
  /** Name contains (or, when it holds an @, e-mail contains). */
  search: string;
  /** Inclusive jump_on range, YYYY-MM-DD. */
  from: string | null;
  to: string | null;
}

export function bookingListQuery(f: BookingFilters): QueryInput<typeof syncRoutes.listBookings> {
  const search = f.search.trim();
  return {
    page: String(f.page),
    per_page: String(f.perPage),
    include_all: f.includeAll ? 'true' : undefined,
    ...(search ? { [search.includes('@') ? 'q[email_cont]' : 'q[name_cont]']: search } : {}),
    'q[jump_on_gteq]': f.from ?? undefined,
    'q[jump_on_lteq]': f.to ?? undefined,
  };
}

/** What a create or update answered: outcomes the form shows are not exceptions. */
export interface WriteOutcome<T = Record<string, unknown>> {
  httpStatus: number;
  /** Proxy mode, the remote not answering: the desk queued the write (its outbox id); the body is the desk's prediction. */
  queuedOp?: number;
  body: T & {
    status: string;
    error?: string;
    errors?: string[];
    warning?: string;
    fields?: Record<string, string>;
    ignored_attributes?: string[];
  };
}

/** Every declared answer of a write, as the forms read it (a 406 or 409 is shown, not thrown). */
function outcomeOf(answer: { status: number; body: unknown; queuedOp?: number }): WriteOutcome {
  return {
    httpStatus: answer.status,
    body: answer.body as WriteOutcome['body'],
    ...(answer.queuedOp === undefined ? {} : { queuedOp: answer.queuedOp }),
  };
}

export const syncApi = {
  listBookings: (f: BookingFilters) => call(syncRoutes.listBookings, { query: bookingListQuery(f) }),
  getBooking: (externalId: string) => call(syncRoutes.getBooking, { params: { external_id: externalId } }),
  saveBooking: async (booking: BookingWrite): Promise<WriteOutcome> =>
    outcomeOf(await callForAnswer(syncRoutes.saveBooking, { body: booking })),
  /** Deleted (or queued for the remote: `queuedOp`, proxy mode offline); a 404 is thrown as ApiError. */
  deleteBooking: async (externalId: string): Promise<{ queuedOp?: number }> => {
    const answer = await callForAnswer(syncRoutes.deleteBooking, { params: { external_id: externalId } });
    if (answer.status !== 204) throw new ApiError(answer.status, answer.body);
    return answer.queuedOp === undefined ? {} : { queuedOp: answer.queuedOp };
  },

  listFilmers: (includeAll: boolean) =>
    call(syncRoutes.listFilmers, { query: { include_all: includeAll ? 'true' : undefined } }),
  getFilmer: (id: number) => call(syncRoutes.getFilmer, { params: { id } }),
  saveFilmer: async (filmer: FilmerWrite): Promise<WriteOutcome> =>
    outcomeOf(await callForAnswer(syncRoutes.saveFilmer, { body: filmer })),
  /** 204 when deleted; a refusal (dependent jumps) comes back as an outcome with `errors`. */
  deleteFilmer: async (id: number): Promise<WriteOutcome | null> => {
    const answer = await callForAnswer(syncRoutes.deleteFilmer, { params: { id } });
    return answer.status === 204 ? null : outcomeOf(answer);
  },

  listProducts: () => call(syncRoutes.listProducts),
  getProduct: (id: number) => call(syncRoutes.getProduct, { params: { id } }),
  listUpgrades: () => call(syncRoutes.listUpgrades),
  getUpgrade: (id: number) => call(syncRoutes.getUpgrade, { params: { id } }),
};

/** The desk's own endpoints (docs/desk-api.md). */
export type LogFilters = Omit<LogQuery, 'deviations'> & { deviations?: boolean };

export function logQueryOf({ deviations, ...filters }: LogFilters): LogQuery {
  const query: LogQuery = { ...filters, deviations: deviations ? 'true' : undefined };
  // An empty text box is no filter.
  for (const key of Object.keys(query) as (keyof LogQuery)[]) if (query[key] === '') delete query[key];
  return query;
}

export const deskApi = {
  getAdmin: () => call(deskRoutes.getAdmin),
  session: () => call(deskRoutes.session),
  health: () => call(deskRoutes.health),
  getConnection: () => call(deskRoutes.getConnection),
  /** 422 (with `fields`) comes back as an ApiError for the form. */
  putConnection: (update: BodyInput<typeof deskRoutes.putConnection>) =>
    call(deskRoutes.putConnection, { body: update }),
  testConnection: (input: BodyInput<typeof deskRoutes.testConnection>) =>
    call(deskRoutes.testConnection, { body: input }),
  listLog: (filters: LogFilters) => call(deskRoutes.listLog, { query: logQueryOf(filters) }),
  getLogEntry: (id: number) => call(deskRoutes.getLogEntry, { params: { id } }),
  /** A hand edit (local store only): applies like a sync update and locks the changed fields. */
  editBooking: async (externalId: string, edit: HandEdit): Promise<WriteOutcome> =>
    outcomeOf(await callForAnswer(deskRoutes.editBooking, { params: { external_id: externalId }, body: edit })),
  /** A walk-in (local store only): a booking with no external id; a 406/409/422 comes back as an outcome. */
  createWalkIn: async (booking: BodyInput<typeof deskRoutes.createWalkIn>): Promise<WriteOutcome> =>
    outcomeOf(await callForAnswer(deskRoutes.createWalkIn, { body: booking })),
  /** Any booking by the desk's id (a walk-in has no other), in the Sync API's show shape. */
  getBookingById: (id: number) => call(deskRoutes.getBookingById, { params: { id } }),
  /** A hand edit by the desk's id (for a walk-in nothing locks: no booking system syncs it). */
  /** A hand edit by the desk's id; for a walk-in also the booking system's id reception gives it. */
  editBookingById: async (id: number, edit: ByIdEdit): Promise<WriteOutcome> =>
    outcomeOf(await callForAnswer(deskRoutes.editBookingById, { params: { id }, body: edit })),
  /** Deletes a walk-in (a booking with an external id is deleted through the Sync API). */
  deleteWalkIn: (id: number) => call(deskRoutes.deleteWalkIn, { params: { id } }),
  /** Lets the booking system change these fields again. */
  unlockBookingFields: (externalId: string, fields: string[]) =>
    call(deskRoutes.unlockBookingFields, { params: { external_id: externalId }, body: { fields } }),
};
