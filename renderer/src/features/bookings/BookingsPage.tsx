import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useReducer, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { ListedBooking } from '../../api/reception-api';
import { ROUTES } from '../../lib/routes';
import { RecordGrid } from '../../components/grid/RecordGrid';
import screen from '../../components/screen.module.css';
import { BookingFormModal } from './BookingFormModal';
import type { SavedBooking } from './form/BookingForm';
import { useHandEdits } from './form/useSaveBooking';
import { DeleteBookingDialog } from './DeleteBookingDialog';
import { bookingDialogs, NO_DIALOG } from './list/bookingDialogs';
import { CopyAgeNotice } from './list/CopyAgeNotice';
import { updateView } from './list/bookingsView';
import { emptyColumnsOf } from './list/emptyColumns';
import { FiltersBar } from './list/FiltersBar';
import { canAddress, NO_EXTERNAL_ID_REASON } from './list/ListActions';
import { ListFooter } from './list/ListFooter';
import { ListHeader } from './list/ListHeader';
import { ListPlaceholder } from './list/ListPlaceholder';
import { OperatorPrompt } from '../../components/OperatorPrompt';
import { useBookingsList } from './list/useBookingsList';
import { useListKeyboard } from './list/useListKeyboard';

/** Says why a booking cannot be opened, edited or deleted; true when it can. */
function addressable(booking: ListedBooking | undefined, walkIns: boolean): booking is ListedBooking {
  if (!booking) return false;
  if (canAddress(booking, walkIns)) return true;
  notifications.show({
    id: 'no-external-id',
    color: 'gray',
    title: 'Not possible for this booking',
    message: NO_EXTERNAL_ID_REASON,
  });
  return false;
}

/** Reception's list of bookings: server-side filters and pages, a keyboard-first grid, create/edit/delete. */
export function BookingsPage() {
  const [, navigate] = useLocation();
  const walkIns = useHandEdits();
  const bookings = useBookingsList();
  const { view, filters, list, table, selected, checkIn } = bookings;
  const [dialogs, dispatch] = useReducer(bookingDialogs, NO_DIALOG);
  const gridRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const rows = table.getRowModel().rows;
  // The operator's name asked for on its own (the footer's "change"), not for a waiting mark.
  const [naming, setNaming] = useState(false);

  const actions = {
    move: (delta: number | 'first' | 'last') => {
      if (rows.length === 0) return;
      const index = rows.findIndex((row) => row.original === selected);
      const target =
        delta === 'first'
          ? 0
          : delta === 'last'
            ? rows.length - 1
            : Math.max(0, Math.min(rows.length - 1, index + delta));
      updateView({ selectedId: rows[target]!.original.id });
    },
    open: (booking = selected) => {
      if (!addressable(booking, walkIns)) return;
      updateView({ selectedId: booking.id });
      navigate(booking.external_id === null ? ROUTES.bookingById(booking.id) : ROUTES.booking(booking.external_id));
    },
    edit: () => {
      if (addressable(selected, walkIns)) dispatch({ type: 'edit', booking: selected });
    },
    remove: () => {
      if (addressable(selected, walkIns)) dispatch({ type: 'delete', booking: selected });
    },
    create: () => dispatch({ type: 'create' }),
    focusSearch: () => {
      searchRef.current?.focus();
      searchRef.current?.select();
    },
    checkIn: (state: Parameters<typeof checkIn.mark>[1]) => {
      if (selected) checkIn.mark(selected, state);
    },
  };
  // A new booking is shown at once (reception wants to see it); back in the list it stands selected,
  // and a walk-in is listed: it has no external id, so the list includes those from now on.
  const onSaved = (saved: SavedBooking) => {
    if (!saved.created) return;
    updateView({ selectedId: saved.id, ...(saved.externalId === null ? { includeAll: true } : {}) });
    if (saved.externalId !== null) navigate(ROUTES.booking(saved.externalId));
    else if (saved.id !== null) navigate(ROUTES.bookingById(saved.id));
  };
  // The grid moves and opens itself while it has the focus; these keys work from anywhere else on the screen.
  useListKeyboard(gridRef, dialogs.open === null && checkIn.pending === null && !naming, actions);

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
      <CopyAgeNotice />
      <FiltersBar bookings={bookings} />
      <RecordGrid
        table={table}
        label="Bookings"
        testId="bookings-grid"
        gridRef={gridRef}
        focusOnArrival
        layout="fill"
        resizable
        selectedId={selected ? String(selected.id) : null}
        onSelect={(id) => updateView({ selectedId: Number(id) })}
        onOpen={(booking) => actions.open(booking)}
        openOn="doubleClick"
        isDimmed={walkIns ? undefined : (booking) => !canAddress(booking, false)}
        busy={list.isFetching}
        scrollResetKey={JSON.stringify(filters)}
        emptyColumns={emptyColumnsOf(table)}
        placeholder={<ListPlaceholder bookings={bookings} onCreate={actions.create} />}
      />
      <ListFooter
        pagination={list.isError ? undefined : list.data?.pagination}
        page={view.page}
        rowsOnPage={rows.length}
        fetching={list.isFetching && !list.isPending}
        onPage={(page) => updateView({ page, selectedId: null })}
        operator={checkIn.operator}
        onChangeOperator={() => setNaming(true)}
      />
      <OperatorPrompt
        opened={checkIn.pending !== null || naming}
        initial={checkIn.operator}
        onName={(name) => {
          if (checkIn.pending) checkIn.giveName(name);
          else checkIn.rememberOperator(name.trim());
          setNaming(false);
        }}
        onClose={() => {
          checkIn.cancelPending();
          setNaming(false);
        }}
      />
      <BookingFormModal
        opened={dialogs.open === 'form'}
        booking={dialogs.booking}
        onClose={() => dispatch({ type: 'close' })}
        onSaved={onSaved}
      />
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
