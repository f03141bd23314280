import { paginationOf } from './pagination';
import { isIsoDate } from '../../shared/dates';
import { readPageNumber, rowsBefore } from '../../shared/page-number';
import { LIMITS } from '../../shared/limits';
import { BOOKING_FILTERS, type BookingFilterKey } from '../../shared/schemas/booking';
import type { BookingQuery } from '../store/repos/bookings';
import { bookingListView } from './booking-views';
import type { SyncContext, SyncResult } from './context';
import { invalidQuery, queryBoolean, singleQueryValues, type QueryValue } from './validation';

const KNOWN_PARAMS = new Set<string>(['page', 'per_page', 'include_all', ...BOOKING_FILTERS]);

const DATE_FILTER: Record<string, keyof BookingQuery> = {
  'q[jump_on_gteq]': 'jumpOnGteq',
  'q[jump_on_lteq]': 'jumpOnLteq',
  'q[jump_on_lt]': 'jumpOnLt',
  'q[jump_on_gt]': 'jumpOnGt',
};

interface ParsedListQuery {
  page: number;
  perPage: number;
  query: BookingQuery;
}

/** Reads `GET /bookings` parameters; an unknown, repeated or malformed one is an error, never ignored. */
export function parseListQuery(raw: Record<string, QueryValue>): ParsedListQuery | { fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const single = singleQueryValues(raw, KNOWN_PARAMS, fields);

  const pageRead = single.page === undefined ? { ok: true as const, value: 1 } : readPageNumber(single.page);
  if (!pageRead.ok) fields.page = pageRead.problem;
  const perPageRead =
    single.per_page === undefined
      ? { ok: true as const, value: LIMITS.perPageDefault }
      : readPageNumber(single.per_page);
  if (!perPageRead.ok) fields.per_page = perPageRead.problem;

  const query: BookingQuery = { includeAll: queryBoolean(single.include_all, 'include_all', fields) };
  // Blank filters are no filter (as Ransack treats them).
  if (single['q[name_cont]']) query.nameContains = single['q[name_cont]'];
  if (single['q[email_cont]']) query.emailContains = single['q[email_cont]'];
  for (const [key, target] of Object.entries(DATE_FILTER)) {
    const value = single[key as BookingFilterKey];
    if (!value) continue;
    if (isIsoDate(value)) (query as unknown as Record<string, string>)[target] = value;
    else fields[key] = 'must be a date in the form YYYY-MM-DD';
  }

  if (!pageRead.ok || !perPageRead.ok || Object.keys(fields).length > 0) return { fields };
  // per_page above the maximum is capped, as the spec's "maximum 200" reads.
  return { page: pageRead.value, perPage: Math.min(perPageRead.value, LIMITS.perPageMax), query };
}

/** `GET /bookings`: one page, in id order, with the spec's pagination object. */
export function listBookings(ctx: SyncContext, raw: Record<string, QueryValue>): SyncResult {
  const parsed = parseListQuery(raw);
  if ('fields' in parsed) return invalidQuery(parsed.fields);
  const { page, perPage, query } = parsed;
  const { rows, total } = ctx.store.bookings.list(ctx.dropzone.id, query, perPage, rowsBefore(page, perPage));
  return {
    status: 'ok',
    body: { bookings: rows.map(bookingListView), pagination: paginationOf(page, perPage, total) },
  };
}
