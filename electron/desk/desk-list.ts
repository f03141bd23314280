import { byReadingOrder } from './reading-order';
import { paginationOf } from '../sync/pagination';
import { LIMITS } from '../../shared/limits';
import { rowsBefore } from '../../shared/page-number';
import { readDeskSearch } from '../../shared/rules/desk-search';
import type { CameraRequirement } from '../../shared/schemas/finance';
import type {
  CheckInFilter,
  DeskBookingPage,
  DeskBookingRow,
  DeskSortKey,
  DaySheet,
} from '../../shared/schemas/reception';
import type { DeskListFilter, DeskListOrder, DeskListRecord, DeskSearchBounds } from '../store/repos/desk-list';
import type { ProductRecord } from '../store/records';
import { bookingListView } from '../sync/booking-views';
import type { SyncContext } from '../sync/context';
import { cameraRequirementFrom } from './jumps';

/**
 * Reception's desk list: the rules of what matches, in which order, and what each row
 * shows. The SQL is store/repos/desk-list*.ts; the search's reading of a query is
 * shared/rules/desk-search.ts. docs/spec-decisions.md, "Reception's desk list (server)".
 */

/** The list's filters as the route's query schema parsed them. */
export interface DeskListQuery {
  q?: string;
  from?: string;
  to?: string;
  check_in?: CheckInFilter;
  include_all?: boolean;
  sort?: DeskSortKey;
  dir?: 'asc' | 'desc';
}

/** The day sheet holds at most this many bookings: a day of a busy dropzone is a few hundred. */
export const DAY_SHEET_MAX = 2_000;
/**
 * How far a search is read (the goal: a search's p99 under 30 ms at a million bookings). By id
 * (the default), its matches are counted up to 1,000 (five pages; further, up to the asked page's
 * end): reception narrows a search long before that, and a common last name matches ~33,000.
 * Sorted by another key, every match must be read to sort: up to 5,000 (a few ms), else the
 * search is refused and says to narrow it. docs/spec-decisions.md, "Reception's desk list".
 */
export const DESK_SEARCH_BOUNDS: DeskSearchBounds = { countUpTo: 1_000, sortUpTo: 5_000 };

/** An export reads its rows this many at a time. */
const EXPORT_CHUNK = 500;

export function deskListFilter(query: DeskListQuery): DeskListFilter {
  const q = query.q?.trim();
  return {
    includeAll: query.include_all ?? false,
    ...(q ? { search: readDeskSearch(q) } : {}),
    ...(query.from === undefined ? {} : { from: query.from }),
    ...(query.to === undefined ? {} : { to: query.to }),
    ...(query.check_in === undefined ? {} : { checkIn: query.check_in }),
  };
}

export function deskListOrder(query: DeskListQuery): DeskListOrder {
  return { key: query.sort ?? 'id', dir: query.dir ?? 'asc' };
}

/** Rows as the desk shows them; products are read once per call (a page names a handful). */
export function deskRows(ctx: SyncContext, records: readonly DeskListRecord[]): DeskBookingRow[] {
  const products = new Map<number, ProductRecord | undefined>();
  const productOf = (id: number) => {
    if (!products.has(id)) products.set(id, ctx.store.catalogue.product(ctx.dropzone.id, id));
    return products.get(id);
  };
  return records.map((r) => {
    const newest =
      r.newestCameraRequirement === undefined ? undefined : { camera_requirement: r.newestCameraRequirement };
    const product = newest || r.booking.product_id === null ? undefined : productOf(r.booking.product_id);
    return {
      ...bookingListView(r.booking),
      product: r.product,
      camera_requirement: cameraRequirementFrom(newest, product) as CameraRequirement | null,
      filmer: [r.filmer, r.secondFilmer].filter((name) => name !== null).join(' + ') || null,
      album_status_raw: r.booking.album_status_raw,
      check_in: r.checkIn,
    };
  });
}

/** One page of the desk list, or why a search cannot be sorted. */
export type DeskListOutcome = { kind: 'page'; page: DeskBookingPage } | { kind: 'too_many_to_sort'; reason: string };

/** One page of the desk list, with the Sync API's pagination object (per_page capped at 200 as there). */
export function deskBookingPage(
  ctx: SyncContext,
  query: DeskListQuery & { page?: number; per_page?: number },
): DeskListOutcome {
  const page = query.page ?? 1;
  const perPage = Math.min(query.per_page ?? LIMITS.perPageDefault, LIMITS.perPageMax);
  const order = deskListOrder(query);
  const found = ctx.store.deskList.page(
    ctx.dropzone.id,
    deskListFilter(query),
    order,
    perPage,
    rowsBefore(page, perPage),
    DESK_SEARCH_BOUNDS,
  );
  if ('tooManyToSort' in found) {
    const most = found.tooManyToSort.toLocaleString('en');
    return {
      kind: 'too_many_to_sort',
      reason: `q matches more than ${most} bookings, too many to sort by ${order.key}: narrow the search (more of the name, or a jump day range) or sort by id`,
    };
  }
  const { ids, total, totalIsLowerBound } = found;
  // With a lower bound, more rows follow the `total` counted: the page after them exists too.
  const totalPages = totalIsLowerBound ? Math.floor(total / perPage) + 1 : Math.ceil(total / perPage);
  return {
    kind: 'page',
    page: {
      bookings: deskRows(ctx, ctx.store.deskList.rows(ctx.dropzone.id, ids)),
      pagination: { ...paginationOf(page, perPage, total, totalPages), count_is_lower_bound: totalIsLowerBound },
      currency: ctx.dropzone.currency,
    },
  };
}

/**
 * Every matching row, in the list's order, a chunk at a time: the matching ids are read at once
 * (one snapshot: the export holds the bookings that matched when it began, in that order), their
 * rows as the answer is sent (a booking deleted meanwhile is left out).
 */
export function* deskExportRows(ctx: SyncContext, query: DeskListQuery): Generator<DeskBookingRow[]> {
  const ids = ctx.store.deskList.allIds(ctx.dropzone.id, deskListFilter(query), deskListOrder(query));
  for (let i = 0; i < ids.length; i += EXPORT_CHUNK) {
    yield deskRows(ctx, ctx.store.deskList.rows(ctx.dropzone.id, ids.slice(i, i + EXPORT_CHUNK)));
  }
}

/** Every booking of one jump day, by name as people read it (walk-ins too), for the printed sheet; at most DAY_SHEET_MAX. */
export function deskDaySheet(ctx: SyncContext, day: string): DaySheet & { truncated: boolean } {
  // No search: the bounds do not apply, the count is exact.
  const sheet = ctx.store.deskList.page(
    ctx.dropzone.id,
    { includeAll: true, from: day, to: day },
    { key: 'name', dir: 'asc' },
    DAY_SHEET_MAX,
    0,
    DESK_SEARCH_BOUNDS,
  );
  const { ids, total } = 'tooManyToSort' in sheet ? { ids: [], total: 0 } : sheet;
  return {
    day,
    dropzone: ctx.dropzone.name,
    currency: ctx.dropzone.currency,
    // The store orders by plain text: read as people read names, "Ann 2" comes before "Ann 10".
    bookings: byReadingOrder(deskRows(ctx, ctx.store.deskList.rows(ctx.dropzone.id, ids))),
    truncated: total > ids.length,
  };
}
