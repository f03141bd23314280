import { useQuery } from '@tanstack/react-query';
import type { OnChangeFn, SortingState } from '@tanstack/react-table';
import { useEffect, useMemo } from 'react';
import { LIMITS } from '../../../../../shared/limits';
import { sessionQuery } from '../../../api/queries';
import { bookingListQuery, type DeskListFilters, type ListedBooking } from '../../../api/reception-api';
import { settleOpening, updateView, useBookingsView } from './bookingsView';
import { rangeOf } from './dateRanges';
import { useBookingsTable } from './useBookingsTable';
import { useCheckIn } from './useCheckIn';
import { useDebounced } from './useDebounced';
import { useDropzoneToday } from '../../../lib/use-dropzone-today';

const NO_BOOKINGS: ListedBooking[] = [];
// Long enough to skip a request per keystroke of a fast typist, short enough to feel immediate.
const SEARCH_DELAY_MS = 120;

const sortingUpdate = (update: Parameters<OnChangeFn<SortingState>>[0]) => (sorting: SortingState) =>
  typeof update === 'function' ? update(sorting) : update;
/** Proxy mode: the loaded page sorted in the browser, the page kept. */
const onPageSortingChange: OnChangeFn<SortingState> = (update) =>
  updateView((view) => ({ sorting: sortingUpdate(update)(view.sorting) }));
/** Local mode: the server sorts every page, so a new sort starts at page 1. */
const onServerSortingChange: OnChangeFn<SortingState> = (update) =>
  updateView((view) => ({ sorting: sortingUpdate(update)(view.sorting), page: 1 }));

/**
 * The Bookings screen's data: the view the user set, the page the server sends for it, the table
 * over that page, and the selected booking. The selection follows the booking, not the position;
 * with none selected (or it gone) the first row stands in, so Enter always has a booking.
 * Local mode lists the desk's own list (search, sort, check-in, the desk's fields); proxy mode the
 * remote's Sync API list.
 */
export function useBookingsList() {
  const view = useBookingsView();
  const today = useDropzoneToday();
  const session = useQuery(sessionQuery());
  // The session failing leaves the Sync API's list, which says itself what is wrong.
  const mode = session.data?.mode ?? (session.isError ? 'proxy' : undefined);
  const desk = mode === 'local';
  const [search, flushSearch] = useDebounced(view.search, SEARCH_DELAY_MS);
  const range = rangeOf(view.preset, today, view.customRange);
  const filters = useMemo<DeskListFilters>(
    () => ({
      page: view.page,
      perPage: LIMITS.perPageMax,
      includeAll: view.includeAll,
      search,
      from: range.from,
      to: range.to,
      checkIn: desk ? view.checkIn : null,
      sorting: desk ? view.sorting : [],
    }),
    [view.page, view.includeAll, search, range.from, range.to, view.checkIn, view.sorting, desk],
  );
  const list = useQuery(bookingListQuery(mode, filters));
  const checkIn = useCheckIn();
  const table = useBookingsTable({
    data: list.data?.bookings ?? NO_BOOKINGS,
    desk,
    sorting: view.sorting,
    onSortingChange: desk ? onServerSortingChange : onPageSortingChange,
    today,
    currency: list.data?.currency ?? null,
    onCheckIn: checkIn.mark,
  });
  const rows = table.getRowModel().rows;
  const selected = rows.find((row) => row.original.id === view.selectedId)?.original ?? rows[0]?.original;

  const pagination = list.data?.pagination;
  useEffect(() => {
    // Past the last page (rows deleted, or another desk changed the list): go to the last real one.
    if (
      pagination &&
      list.data?.bookings.length === 0 &&
      pagination.total_pages > 0 &&
      view.page > pagination.total_pages
    ) {
      updateView({ page: pagination.total_pages });
    }
  }, [pagination, list.data, view.page]);

  useEffect(() => {
    // The opening view is today's list; its first real answer says whether today has any bookings.
    if (!view.opening || !list.isSuccess || list.isPlaceholderData || view.preset !== 'today') return;
    const settled = settleOpening(view, list.data.pagination.total_count);
    if (settled) updateView(settled);
  }, [view, list.isSuccess, list.isPlaceholderData, list.data]);

  return {
    view,
    range,
    filters,
    list,
    table,
    selected,
    mode,
    /** Local mode: the desk's own list, check-in, export and day sheet. */
    desk,
    today,
    checkIn,
    /** Sends the search typed so far without waiting for the pause. */
    flushSearch,
    /** The booking to select once `booking` is gone: the next, else the one before. */
    neighbourOf: (booking: ListedBooking) => {
      const index = rows.findIndex((row) => row.original.id === booking.id);
      return (rows[index + 1] ?? rows[index - 1])?.original ?? null;
    },
    /** A search, a date range or a check-in filter is set: "nothing matches" rather than "nothing here". */
    narrowed: filters.search.trim() !== '' || filters.from !== null || filters.to !== null || filters.checkIn !== null,
  };
}

export type BookingsList = ReturnType<typeof useBookingsList>;
