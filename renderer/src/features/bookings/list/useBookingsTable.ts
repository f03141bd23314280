import { getCoreRowModel, getSortedRowModel, useReactTable, type OnChangeFn, type SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { BookingListItem } from '../../../../../shared/schemas/booking';
import { BOOKING_COLUMNS, DEFAULT_COLUMN_VISIBILITY, type BookingsGridMeta } from './columns';
import { useGridPreferences } from './gridPreferences';

const rowId = (booking: BookingListItem) => String(booking.id);
const coreRowModel = getCoreRowModel<BookingListItem>();
const sortedRowModel = getSortedRowModel<BookingListItem>();

/**
 * The bookings table: the loaded page sorted in the browser (the server pages by id), with
 * column visibility and widths remembered between runs. `data` must keep its reference while
 * it does not change (it is the query's own array).
 */
export function useBookingsTable(data: BookingListItem[], sorting: SortingState, onSortingChange: OnChangeFn<SortingState>, today: string) {
  const { preferences, setColumnVisibility, setColumnSizing } = useGridPreferences();
  const columnVisibility = useMemo(() => ({ ...DEFAULT_COLUMN_VISIBILITY, ...preferences.columnVisibility }), [preferences.columnVisibility]);
  const meta = useMemo<BookingsGridMeta>(() => ({ today }), [today]);
  // TanStack Table keeps mutable state outside React; the compiler is told not to memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useReactTable({
    data,
    columns: BOOKING_COLUMNS,
    getRowId: rowId,
    getCoreRowModel: coreRowModel,
    getSortedRowModel: sortedRowModel,
    state: { sorting, columnVisibility, columnSizing: preferences.columnSizing },
    onSortingChange,
    onColumnVisibilityChange: setColumnVisibility,
    onColumnSizingChange: setColumnSizing,
    columnResizeMode: 'onChange',
    defaultColumn: { minSize: 60, maxSize: 800 },
    meta,
  });
}
