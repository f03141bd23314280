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
import { useRefetchWhenCopyRefreshed } from './useRefetchWhenCopyRefreshed';
import { useDropzoneToday } from '../../../lib/use-dropzone-today';

const NO_BOOKINGS: ListedBooking[] = [];
// Long enough to skip a request per keystroke of a fast typist, short enough to feel immediate.
const SEARCH_DELAY_MS = 120;

const sortingUpdate = (update: Parameters<OnChangeFn<SortingState>>[0]) => (sorting: SortingState) =>
  typeof update === 'function' ? update(sorting) : update;
/** The server sorts every page, so a new sort starts at page 1. */
const onServerSortingChange: OnChangeFn<SortingState> = (update) =>
  updateView((view) => ({ sorting: sortingUpdate(update)(view.sorting), page: 1 }));

/**
 * The Bookings screen's data: the view the user set, the page the server sends for it, the table
 * over that page, and the selected booking. The selection follows the booking, not the position;
 * with none selected (or it gone) the first row stands in, so Enter always has a booking.
 * Both modes list the desk list (search, sort, check-in, the desk's fields): in proxy mode the
 * desk answers it from its copy of the remote, so it works offline too (docs/offline.md).
 */
export function useBookingsList() {
  const view = useBookingsView();
  const today = useDropzoneToday();
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
      checkIn: view.checkIn,
      sorting: view.sorting,
    }),
    [view.page, view.includeAll, search, range.from, range.to, view.checkIn, view.sorting],
  );
  const list = useQuery(bookingListQuery(filters));
  useRefetchWhenCopyRefreshed();
  const checkIn = useCheckIn();
  const table = useBookingsTable({
    data: list.data?.bookings ?? NO_BOOKINGS,
    sorting: view.sorting,
    onSortingChange: onServerSortingChange,
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

  const session = useQuery(sessionQuery());
  // Proxy mode before the desk's first copy of the remote: an empty today says nothing yet.
  const copyNotReady = session.isPending || (session.data?.copy != null && session.data.copy.as_of === null);
  useEffect(() => {
    // The opening view is today's list; its first real answer says whether today has any bookings.
    if (!view.opening || !list.isSuccess || list.isPlaceholderData || view.preset !== 'today' || copyNotReady) return;
    const settled = settleOpening(view, list.data.pagination.total_count);
    if (settled) updateView(settled);
  }, [view, list.isSuccess, list.isPlaceholderData, list.data, copyNotReady]);

  return {
    view,
    range,
    filters,
    list,
    table,
    selected,
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
