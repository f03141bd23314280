import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { BookingListItem } from '../../../shared/schemas/booking';
import type { Pagination } from '../../../shared/schemas/common';
import {
  DESK_SORT_KEYS,
  type CheckInFilter,
  type CheckInWrite,
  type DeskBookingExportQuery,
  type DeskBookingQuery,
  type DeskBookingRow,
  type DeskSortKey,
  searchableQuery,
} from '../../../shared/schemas/reception';
import { call } from './call';
import { queryKeys } from './queries';
import type { BookingFilters } from './sync-api';

/**
 * Reception's day (docs/desk-api.md, "Reception's day"): the desk's own booking list (one search
 * box, server sort, check-in, the desk's extra fields), the CSV export, the day sheet and the
 * check-in marks. The same calls in both modes: in proxy mode the desk answers them from its copy
 * of the remote (docs/offline.md), online and offline, and the rows carry the remote's ids.
 */

/** A listed booking: the Sync API's fields, and what the desk knows beyond them. */
export type ListedBooking = BookingListItem &
  Partial<Pick<DeskBookingRow, 'product' | 'camera_requirement' | 'filmer' | 'album_status_raw' | 'check_in'>>;

export interface ListedPage {
  bookings: ListedBooking[];
  pagination: Pagination;
  /** The dropzone's currency for prices; null when the list carries none. */
  currency: string | null;
}

/** The list's filters: the Sync API's, plus what only the desk list takes. */
export interface DeskListFilters extends BookingFilters {
  checkIn: CheckInFilter | null;
  sorting: SortingState;
}

const isDeskSortKey = (id: string): id is DeskSortKey => (DESK_SORT_KEYS as readonly string[]).includes(id);

/** The server's sort for the grid's: its first column, if the server sorts by it (the grid offers no others). */
export function serverSortOf(sorting: SortingState): Pick<DeskBookingQuery, 'sort' | 'dir'> {
  const first = sorting[0];
  if (!first || !isDeskSortKey(first.id)) return {};
  return { sort: first.id, dir: first.desc ? 'desc' : 'asc' };
}

/** The filters of a list (no page): shared by the list, its export and its counts. */
export function deskFilterQuery(f: Omit<DeskListFilters, 'page' | 'perPage'>): DeskBookingExportQuery {
  const q = f.search.trim();
  return {
    // Shorter than the search index finds is no search yet (the server refuses it): the list stays unfiltered.
    q: searchableQuery(q) ? q : undefined,
    from: f.from ?? undefined,
    to: f.to ?? undefined,
    check_in: f.checkIn ?? undefined,
    include_all: f.includeAll ? 'true' : undefined,
    ...serverSortOf(f.sorting),
  };
}

export function deskListQuery(f: DeskListFilters): DeskBookingQuery {
  return { ...deskFilterQuery(f), page: String(f.page), per_page: String(f.perPage) };
}

export const receptionApi = {
  list: (f: DeskListFilters) => call(deskRoutes.listDeskBookings, { query: deskListQuery(f) }),
  /** Every row of the list's filters, in its sort, as the server writes the CSV (a File: the bytes and the server's file name). */
  exportCsv: (
    f: Omit<DeskListFilters, 'page' | 'perPage'>,
    delimiter: NonNullable<DeskBookingExportQuery['delimiter']>,
  ) => call(deskRoutes.exportDeskBookings, { query: { ...deskFilterQuery(f), delimiter } }),
  daySheet: (day: string) => call(deskRoutes.daySheet, { query: { day } }),
  checkIn: (bookingId: number, write: CheckInWrite) =>
    call(deskRoutes.recordCheckIn, { params: { id: bookingId }, body: write }),
};

/** Under the bookings key: whatever changes bookings refreshes these lists too. */
export const receptionKeys = {
  deskLists: [...queryKeys.bookings, 'desk-list'] as const,
  daySheets: [...queryKeys.bookings, 'day-sheet'] as const,
  daySheet: (day: string) => [...queryKeys.bookings, 'day-sheet', day] as const,
};

/** The Bookings list: the desk list, from the desk's store (local mode) or its copy of the remote (proxy mode). */
export const bookingListQuery = (f: DeskListFilters) =>
  queryOptions<ListedPage>({
    queryKey: [...receptionKeys.deskLists, f],
    queryFn: () => receptionApi.list(f),
    // Keep the old page on screen while the next one loads: no flash of "loading" on each keystroke.
    placeholderData: keepPreviousData,
  });

/** How many bookings a list would hold (one row asked for): the empty state's suggestions. */
export const bookingCountQuery = (f: DeskListFilters) =>
  queryOptions({
    ...bookingListQuery({ ...f, page: 1, perPage: 1, sorting: [] }),
    select: (page: ListedPage) => page.pagination.total_count,
    placeholderData: undefined,
  });

export const daySheetQuery = (day: string) =>
  queryOptions({ queryKey: receptionKeys.daySheet(day), queryFn: () => receptionApi.daySheet(day) });
