import { getCoreRowModel, useReactTable, type OnChangeFn, type SortingState } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { CheckInState } from '../../../../../shared/schemas/reception';
import type { ListedBooking } from '../../../api/reception-api';
import { defaultColumnVisibility, DESK_COLUMNS, type BookingsGridMeta } from './columns';
import { useGridPreferences } from './gridPreferences';

const rowId = (booking: ListedBooking) => String(booking.id);
const coreRowModel = getCoreRowModel<ListedBooking>();

export interface BookingsTableOptions {
  data: ListedBooking[];
  /** The server's sort, across every page. */
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
  today: string;
  currency: string | null;
  onCheckIn: (booking: ListedBooking, state: CheckInState | null) => void;
}

/**
 * The bookings table, with column visibility and widths remembered between runs. `data` must
 * keep its reference while it does not change (it is the query's own array).
 */
export function useBookingsTable({ data, sorting, onSortingChange, today, currency, onCheckIn }: BookingsTableOptions) {
  const { preferences, setColumnVisibility, setColumnSizing } = useGridPreferences();
  const columnVisibility = useMemo(
    () => ({ ...defaultColumnVisibility(window.innerWidth), ...preferences.columnVisibility }),
    [preferences.columnVisibility],
  );
  const meta = useMemo<BookingsGridMeta>(() => ({ today, currency, onCheckIn }), [today, currency, onCheckIn]);
  // TanStack Table keeps mutable state outside React; the compiler is told not to memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useReactTable({
    data,
    columns: DESK_COLUMNS,
    getRowId: rowId,
    getCoreRowModel: coreRowModel,
    // The server sorts the desk list, by one column at a time.
    manualSorting: true,
    enableMultiSort: false,
    state: { sorting, columnVisibility, columnSizing: preferences.columnSizing },
    onSortingChange,
    onColumnVisibilityChange: setColumnVisibility,
    onColumnSizingChange: setColumnSizing,
    columnResizeMode: 'onChange',
    defaultColumn: { minSize: 60, maxSize: 800 },
    meta,
  });
}
