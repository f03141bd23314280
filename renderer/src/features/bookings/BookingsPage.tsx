import { Box, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { OnChangeFn, SortingState } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { LIMITS } from '../../../../shared/limits';
import type { BookingListItem } from '../../../../shared/schemas/booking';
import { bookingsQuery } from '../../api/queries';
import type { BookingFilters } from '../../api/sync-api';
import { ROUTES } from '../../app/routes';
import { ErrorState, LoadingState } from '../../components/states';
import { ImportButton } from '../import/ImportButton';
import { BookingFormModal } from './BookingFormModal';
import { BookingsEmpty } from './list/BookingsEmpty';
import { BookingsGrid } from './list/BookingsGrid';
import classes from './list/BookingsPage.module.css';
import { clearedFilters, updateView, useBookingsView } from './list/bookingsView';
import { rangeOf } from './list/dateRanges';
import { DeleteBookingDialog } from './DeleteBookingDialog';
import { FiltersBar } from './list/FiltersBar';
import { ListActions, NO_EXTERNAL_ID_REASON } from './list/ListActions';
import { ListFooter } from './list/ListFooter';
import { SearchBox } from './list/SearchBox';
import { useBookingsTable } from './list/useBookingsTable';
import { useDebounced } from './list/useDebounced';
import { useDropzoneToday } from './list/useDropzoneToday';
import { useListKeyboard } from './list/useListKeyboard';

const NO_BOOKINGS: BookingListItem[] = [];
// Long enough to skip a request per keystroke of a fast typist, short enough to feel immediate.
const SEARCH_DELAY_MS = 120;

const onSortingChange: OnChangeFn<SortingState> = (update) =>
  updateView((view) => ({ sorting: typeof update === 'function' ? update(view.sorting) : update }));

type Dialog = { kind: 'form' | 'delete' | null; booking?: BookingListItem };

/** Reception's list of bookings: server-side filters and pages, a keyboard-first grid, create/edit/delete. */
export function BookingsPage() {
  const [, navigate] = useLocation();
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

  // The selection follows the booking, not the position; with none (or gone) the first row stands in.
  const found = rows.findIndex((row) => row.original.id === view.selectedId);
  const selectedIndex = found >= 0 ? found : rows.length > 0 ? 0 : -1;
  const selected = rows[selectedIndex]?.original;

  const [dialog, setDialog] = useState<Dialog>({ kind: null });
  const gridRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // The external id of a booking just saved from the form: selected once the list holds it.
  const justSaved = useRef<string | null>(null);

  const pagination = list.data?.pagination;
  useEffect(() => {
    // Past the last page (rows deleted, or another desk changed the list): go to the last real one.
    if (pagination && list.data?.bookings.length === 0 && pagination.total_pages > 0 && view.page > pagination.total_pages) {
      updateView({ page: pagination.total_pages });
    }
  }, [pagination, list.data, view.page]);

  useEffect(() => {
    if (!justSaved.current || list.isPlaceholderData) return;
    const saved = rows.find((row) => row.original.external_id === justSaved.current);
    if (saved) {
      justSaved.current = null;
      updateView({ selectedId: saved.original.id });
    }
  }, [rows, list.isPlaceholderData]);

  /** Only bookings with an external id can be opened, edited or deleted (spec 4.1); say so otherwise. */
  const addressable = (booking: BookingListItem | undefined): booking is BookingListItem & { external_id: string } => {
    if (!booking) return false;
    if (booking.external_id !== null) return true;
    notifications.show({ id: 'no-external-id', color: 'gray', title: 'Not possible for this booking', message: NO_EXTERNAL_ID_REASON });
    return false;
  };

  const actions = {
    move: (delta: number | 'first' | 'last') => {
      if (rows.length === 0) return;
      const target = delta === 'first' ? 0 : delta === 'last' ? rows.length - 1 : Math.max(0, Math.min(rows.length - 1, selectedIndex + delta));
      updateView({ selectedId: rows[target]!.original.id });
    },
    open: (booking = selected) => {
      if (!addressable(booking)) return;
      updateView({ selectedId: booking.id });
      navigate(ROUTES.booking(booking.external_id));
    },
    edit: () => {
      if (addressable(selected)) setDialog({ kind: 'form', booking: selected });
    },
    remove: () => {
      if (addressable(selected)) setDialog({ kind: 'delete', booking: selected });
    },
    create: () => setDialog({ kind: 'form', booking: undefined }),
    focusSearch: () => {
      searchRef.current?.focus();
      searchRef.current?.select();
    },
  };
  useListKeyboard(gridRef, dialog.kind === null, actions);

  const closeDialog = () => setDialog((current) => ({ ...current, kind: null }));
  const goToResults = () => {
    flushSearch();
    gridRef.current?.focus();
  };
  const narrowed = filters.search.trim() !== '' || filters.from !== null || filters.to !== null;

  let placeholder;
  if (list.isPending) placeholder = <LoadingState label="Loading bookings…" />;
  else if (list.isError)
    placeholder = (
      <Box px="md" py="xs" maw={720} mx="auto">
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      </Box>
    );
  else
    placeholder = (
      <BookingsEmpty
        narrowed={narrowed}
        includeAll={view.includeAll}
        onClearFilters={() => updateView(clearedFilters())}
        onIncludeAll={() => updateView({ includeAll: true })}
        onCreate={actions.create}
      />
    );

  return (
    <Stack className={classes.page} gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="lg" wrap="nowrap">
          <Title order={2}>Bookings</Title>
          <SearchBox inputRef={searchRef} value={view.search} onChange={(value) => updateView({ search: value })} onGoToResults={goToResults} />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <ImportButton kind="bookings" />
          <ListActions selected={selected} onOpen={() => actions.open()} onEdit={actions.edit} onDelete={actions.remove} onCreate={actions.create} />
        </Group>
      </Group>
      <FiltersBar view={view} range={range} table={table} />
      <BookingsGrid
        table={table}
        gridRef={gridRef}
        selectedIndex={selectedIndex}
        onSelectIndex={(index) => updateView({ selectedId: rows[index]?.original.id ?? null })}
        onOpen={(booking) => actions.open(booking)}
        resetScrollKey={JSON.stringify(filters)}
        busy={list.isFetching}
        placeholder={placeholder}
      />
      <ListFooter
        pagination={list.isError ? undefined : pagination}
        page={view.page}
        rowsOnPage={rows.length}
        fetching={list.isFetching && !list.isPending}
        onPage={(page) => updateView({ page, selectedId: null })}
      />
      <BookingFormModal
        opened={dialog.kind === 'form'}
        booking={dialog.booking}
        onClose={closeDialog}
        onSaved={(externalId) => {
          justSaved.current = externalId;
        }}
      />
      <DeleteBookingDialog
        opened={dialog.kind === 'delete'}
        booking={dialog.booking ?? null}
        onClose={closeDialog}
        onDeleted={(deleted) => {
          const index = rows.findIndex((row) => row.original.id === deleted.id);
          const neighbour = rows[index + 1] ?? rows[index - 1];
          updateView({ selectedId: neighbour?.original.id ?? null });
          closeDialog();
        }}
      />
    </Stack>
  );
}
