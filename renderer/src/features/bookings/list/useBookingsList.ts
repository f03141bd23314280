import { useQuery } from '@tanstack/react-query';
import type { OnChangeFn, SortingState } from '@tanstack/react-table';
import { useEffect, useMemo, useRef } from 'react';
import { LIMITS } from '../../../../../shared/limits';
import type { BookingListItem } from '../../../../../shared/schemas/booking';
import { bookingsQuery } from '../../../api/queries';
import type { BookingFilters } from '../../../api/sync-api';
import { updateView, useBookingsView } from './bookingsView';
import { rangeOf } from './dateRanges';
import { useBookingsTable } from './useBookingsTable';
import { useDebounced } from './useDebounced';
import { useDropzoneToday } from './useDropzoneToday';

const NO_BOOKINGS: BookingListItem[] = [];
// Long enough to skip a request per keystroke of a fast typist, short enough to feel immediate.
const SEARCH_DELAY_MS = 120;

const onSortingChange: OnChangeFn<SortingState> = (update) =>
  updateView((view) => ({ sorting: typeof update === 'function' ? update(view.sorting) : update }));

/**
 * The Bookings screen's data: the view the user set, the page the server sends for it, the table
 * over that page, and the selected booking. The selection follows the booking, not the position;
 * with none selected (or it gone) the first row stands in, so Enter always has a booking.
 */
export function useBookingsList() {
  const view = useBookingsView();
  const today = useDropzoneToday();
  const [search, flushSearch] = useDebounced(view.search, SEARCH_DELAY_MS);
  const range = rangeOf(view.preset, today, view.customRange);
  const filters = useMemo<BookingFilters>(
    () => ({ page: view.page, perPage: LIMITS.perPageMax, includeAll: view.includeAll, search, from: range.from, to: range.to }),
    [view.page, view.includeAll, search, range.from, range.to],
  );
  const list = useQuery(bookingsQuery(filters));
  const table = useBookingsTable(list.data?.bookings ?? NO_BOOKINGS, view.sorting, onSortingChange, today);
  const rows = table.getRowModel().rows;
  const selected = rows.find((row) => row.original.id === view.selectedId)?.original ?? rows[0]?.original;

  const pagination = list.data?.pagination;
  useEffect(() => {
    // Past the last page (rows deleted, or another desk changed the list): go to the last real one.
    if (pagination && list.data?.bookings.length === 0 && pagination.total_pages > 0 && view.page > pagination.total_pages) {
      updateView({ page: pagination.total_pages });
    }
  }, [pagination, list.data, view.page]);

  // The external id of a booking just saved from the form: selected once the list holds it.
  const justSaved = useRef<string | null>(null);
  useEffect(() => {
    if (!justSaved.current || list.isPlaceholderData) return;
    const saved = rows.find((row) => row.original.external_id === justSaved.current);
    if (saved) {
      justSaved.current = null;
      updateView({ selectedId: saved.original.id });
    }
  }, [rows, list.isPlaceholderData]);

  return {
    view,
    range,
    filters,
    list,
    table,
    selected,
    /** Sends the search typed so far without waiting for the pause. */
    flushSearch,
    selectWhenListed: (externalId: string) => {
      justSaved.current = externalId;
    },
    /** The booking to select once `booking` is gone: the next, else the one before. */
    neighbourOf: (booking: BookingListItem) => {
      const index = rows.findIndex((row) => row.original.id === booking.id);
      return (rows[index + 1] ?? rows[index - 1])?.original ?? null;
    },
    /** A search or a date range is set: "nothing matches" rather than "nothing here". */
    narrowed: filters.search.trim() !== '' || filters.from !== null || filters.to !== null,
  };
}

export type BookingsList = ReturnType<typeof useBookingsList>;
