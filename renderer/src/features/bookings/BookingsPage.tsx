import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useReducer, useRef } from 'react';
import { useLocation } from 'wouter';
import type { BookingListItem } from '../../../../shared/schemas/booking';
import { ROUTES } from '../../app/routes';
import { RecordGrid } from '../../components/grid/RecordGrid';
import screen from '../../components/screen.module.css';
import { BookingFormModal } from './BookingFormModal';
import { DeleteBookingDialog } from './DeleteBookingDialog';
import { bookingDialogs, NO_DIALOG } from './list/bookingDialogs';
import { updateView } from './list/bookingsView';
import { FiltersBar } from './list/FiltersBar';
import { NO_EXTERNAL_ID_REASON } from './list/ListActions';
import { ListFooter } from './list/ListFooter';
import { ListHeader } from './list/ListHeader';
import { ListPlaceholder } from './list/ListPlaceholder';
import { useBookingsList } from './list/useBookingsList';
import { useListKeyboard } from './list/useListKeyboard';

/** Only bookings with an external id are addressable: the others are listed, never opened (spec 4.1). */
const unopenable = (booking: BookingListItem) => booking.external_id === null;

/** Says why a booking cannot be opened, edited or deleted; true when it can. */
function addressable(booking: BookingListItem | undefined): booking is BookingListItem & { external_id: string } {
  if (!booking) return false;
  if (!unopenable(booking)) return true;
  notifications.show({ id: 'no-external-id', color: 'gray', title: 'Not possible for this booking', message: NO_EXTERNAL_ID_REASON });
  return false;
}

/** Reception's list of bookings: server-side filters and pages, a keyboard-first grid, create/edit/delete. */
export function BookingsPage() {
  const [, navigate] = useLocation();
  const bookings = useBookingsList();
  const { view, range, filters, list, table, selected } = bookings;
  const [dialogs, dispatch] = useReducer(bookingDialogs, NO_DIALOG);
  const gridRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const rows = table.getRowModel().rows;

  const actions = {
    move: (delta: number | 'first' | 'last') => {
      if (rows.length === 0) return;
      const index = rows.findIndex((row) => row.original === selected);
      const target = delta === 'first' ? 0 : delta === 'last' ? rows.length - 1 : Math.max(0, Math.min(rows.length - 1, index + delta));
      updateView({ selectedId: rows[target]!.original.id });
    },
    open: (booking = selected) => {
      if (!addressable(booking)) return;
      updateView({ selectedId: booking.id });
      navigate(ROUTES.booking(booking.external_id));
    },
    edit: () => {
      if (addressable(selected)) dispatch({ type: 'edit', booking: selected });
    },
    remove: () => {
      if (addressable(selected)) dispatch({ type: 'delete', booking: selected });
    },
    create: () => dispatch({ type: 'create' }),
    focusSearch: () => {
      searchRef.current?.focus();
      searchRef.current?.select();
    },
  };
  // The grid moves and opens itself while it has the focus; these keys work from anywhere else on the screen.
  useListKeyboard(gridRef, dialogs.open === null, actions);

  return (
    <Stack className={screen.fullHeight} gap="sm">
      <ListHeader
        searchRef={searchRef}
        search={view.search}
        onSearch={(search) => updateView({ search })}
        onGoToResults={() => {
          bookings.flushSearch();
          gridRef.current?.focus();
        }}
        selected={selected}
        onOpen={() => actions.open()}
        onEdit={actions.edit}
        onDelete={actions.remove}
        onCreate={actions.create}
      />
      <FiltersBar view={view} range={range} table={table} />
      <RecordGrid
        table={table}
        label="Bookings"
        testId="bookings-grid"
        gridRef={gridRef}
        focusOnArrival
        layout="fill"
        resizable
        sortNote="this page"
        selectedId={selected ? String(selected.id) : null}
        onSelect={(id) => updateView({ selectedId: Number(id) })}
        onOpen={(booking) => actions.open(booking)}
        openOn="doubleClick"
        isDimmed={unopenable}
        busy={list.isFetching}
        scrollResetKey={JSON.stringify(filters)}
        placeholder={<ListPlaceholder bookings={bookings} onCreate={actions.create} />}
      />
      <ListFooter
        pagination={list.isError ? undefined : list.data?.pagination}
        page={view.page}
        rowsOnPage={rows.length}
        fetching={list.isFetching && !list.isPending}
        onPage={(page) => updateView({ page, selectedId: null })}
      />
      <BookingFormModal opened={dialogs.open === 'form'} booking={dialogs.booking} onClose={() => dispatch({ type: 'close' })} onSaved={bookings.selectWhenListed} />
      <DeleteBookingDialog
        opened={dialogs.open === 'delete'}
        booking={dialogs.booking ?? null}
        onClose={() => dispatch({ type: 'close' })}
        onDeleted={(deleted) => {
          updateView({ selectedId: bookings.neighbourOf(deleted)?.id ?? null });
          dispatch({ type: 'close' });
        }}
      />
    </Stack>
  );
}
