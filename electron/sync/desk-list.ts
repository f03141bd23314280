import { LIMITS } from '../../shared/limits';
import { readDeskSearch } from '../../shared/rules/desk-search';
import type { CameraRequirement } from '../../shared/schemas/finance';
import type { CheckInFilter, DeskBookingPage, DeskBookingRow, DeskSortKey, DaySheet } from '../../shared/schemas/reception';
import type { DeskListFilter, DeskListOrder, DeskListRecord } from '../store/repos/desk-list';
import type { ProductRecord } from '../store/records';
import { bookingListView } from './booking-views';
import type { SyncContext } from './context';
import { cameraRequirementFrom } from './jumps';

/**
 * Reception's desk list (issue 15): the rules of what matches, in which order, and what each row
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
    const newest = r.newestCameraRequirement === undefined ? undefined : { camera_requirement: r.newestCameraRequirement };
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

/** One page of the desk list, with the Sync API's pagination object (per_page capped at 200 as there). */
export function deskBookingPage(ctx: SyncContext, query: DeskListQuery & { page?: number; per_page?: number }): DeskBookingPage {
  const page = query.page ?? 1;
  const perPage = Math.min(query.per_page ?? LIMITS.perPageDefault, LIMITS.perPageMax);
  const { ids, total } = ctx.store.deskList.page(ctx.dropzone.id, deskListFilter(query), deskListOrder(query), perPage, (page - 1) * perPage);
  const totalPages = Math.ceil(total / perPage);
  return {
    bookings: deskRows(ctx, ctx.store.deskList.rows(ctx.dropzone.id, ids)),
    pagination: {
      current_page: page,
      per_page: perPage,
      total_pages: totalPages,
      total_count: total,
      next_page: page < totalPages ? page + 1 : null,
      prev_page: page > 1 ? Math.min(page - 1, Math.max(totalPages, 1)) : null,
    },
    currency: ctx.dropzone.currency,
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

/** Every booking of one jump day, by name (walk-ins too), for the printed sheet; at most DAY_SHEET_MAX. */
export function deskDaySheet(ctx: SyncContext, day: string): DaySheet & { truncated: boolean } {
  const { ids, total } = ctx.store.deskList.page(ctx.dropzone.id, { includeAll: true, from: day, to: day }, { key: 'name', dir: 'asc' }, DAY_SHEET_MAX, 0);
  return {
    day,
    dropzone: ctx.dropzone.name,
    currency: ctx.dropzone.currency,
    bookings: deskRows(ctx, ctx.store.deskList.rows(ctx.dropzone.id, ids)),
    truncated: total > ids.length,
  };
}
