import { Grid, SimpleGrid, Stack } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../api/client';
import type { BookingShowAnswer } from '../../../../shared/api/sync-answers';
import { bookingByIdQuery, bookingQuery, queryKeys, sessionQuery } from '../../api/queries';
import { ROUTES } from '../../lib/routes';
import { ErrorState, LoadingState } from '../../components/states';
import { BookingFormModal } from './BookingFormModal';
import type { SavedBooking } from './form/BookingForm';
import { WalkInNote } from './detail/WalkInNote';
import { BackToBookings, BookingHeader } from './detail/BookingHeader';
import { BookingFieldsCard } from './detail/BookingFieldsCard';
import { BookingNotFound } from './detail/BookingNotFound';
import { BookingNotInCopy } from './detail/BookingNotInCopy';
import { CheckInCard } from './detail/check-in/CheckInCard';
import { DeleteBookingDialog } from './DeleteBookingDialog';
import { AlbumCreditsCard } from './detail/actions/AlbumCreditsCard';
import { FinanceCard } from './detail/FinanceCard';
import { JumpCard } from './detail/JumpCard';
import { OutboxNotice } from './detail/OutboxNotice';
import { ProductCard } from './detail/ProductCard';

const isNotFound = (error: unknown) => error instanceof ApiError && error.httpStatus === 404;
/** Proxy mode, the remote not answering: the desk's copy cannot show this booking (its reason in `error`). */
const isNotInCopy = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.body.status === 'not_in_copy';

/** A key pressed inside a dialog (or its portal) belongs to the dialog, not to this page. */
const fromDialog = (event: KeyboardEvent) =>
  event.target instanceof Element && event.target.closest('[role="dialog"]') !== null;

/**
 * #/bookings/<external_id>: everything about one booking, its jump, product and finance ledger;
 * #/bookings/id/<id>: the same by the desk's id, for a walk-in (made at the desk, no external id).
 */
export function BookingDetailPage({
  externalId,
  bookingId,
}: { externalId: string; bookingId?: undefined } | { externalId?: undefined; bookingId: number }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const source = bookingId !== undefined ? bookingByIdQuery(bookingId) : bookingQuery(externalId);
  const label = bookingId !== undefined ? `walk-in ${bookingId}` : externalId;
  const booking = useQuery<BookingShowAnswer>({
    queryKey: source.queryKey,
    queryFn: source.queryFn as () => Promise<BookingShowAnswer>,
    retry: (failures, error) => !isNotFound(error) && !isNotInCopy(error) && failures < 1,
  });
  const session = useQuery(sessionQuery());
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const dialogOpen = editing || deleting;
  const loaded = booking.isSuccess;

  const back = () => navigate(ROUTES.bookings);
  const unlessInDialog = (action: () => void) => (event: KeyboardEvent) => {
    if (!dialogOpen && !fromDialog(event)) action();
  };
  useHotkeys([
    ['Escape', unlessInDialog(back)],
    ['E', unlessInDialog(() => loaded && setEditing(true))],
    ['Delete', unlessInDialog(() => loaded && setDeleting(true))],
  ]);

  // The dialog tells the user and refreshes the lists; here: leave the page and drop this
  // booking's entry first, so it is not refetched into a 404.
  const onDeleted = () => {
    setDeleting(false);
    navigate(ROUTES.bookings);
    queryClient.removeQueries({ queryKey: source.queryKey, exact: true });
  };

  const onSaved = (saved: SavedBooking) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
    // A walk-in given the booking system's id is an ordinary booking now: its page is by that id.
    if (saved.externalId !== null && saved.externalId !== externalId) navigate(ROUTES.booking(saved.externalId));
  };

  if (booking.isPending) return <LoadingState label={`Loading booking ${label}…`} />;
  if (booking.isError) {
    if (isNotFound(booking.error))
      return <BookingNotFound externalId={externalId} bookingId={bookingId} onBack={back} />;
    if (isNotInCopy(booking.error))
      return <BookingNotInCopy reason={booking.error.message} onBack={back} onRetry={() => void booking.refetch()} />;
    return (
      <Stack gap="xs" maw={720}>
        <BackToBookings onBack={back} />
        <ErrorState error={booking.error} onRetry={() => void booking.refetch()} />
      </Stack>
    );
  }

  const b = booking.data;
  const timeZone = session.data?.dropzone.timezone;
  return (
    <Stack gap="lg" maw={1400} data-testid="booking-detail" data-external-id={b.external_id}>
      <BookingHeader
        booking={b}
        timeZone={timeZone}
        onBack={back}
        onEdit={() => setEditing(true)}
        onDelete={() => setDeleting(true)}
      />
      {session.data?.mode === 'proxy' && b.external_id && (
        <OutboxNotice externalId={b.external_id} timeZone={timeZone} />
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <BookingFieldsCard booking={b} timeZone={timeZone} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <SimpleGrid cols={{ base: 1, md: 2, lg: 1 }} spacing="lg" verticalSpacing="lg">
            <CheckInCard bookingId={b.id} timeZone={timeZone} />
            <ProductCard
              productId={b.product_id}
              cameraPackage={b.camera_package}
              currency={session.data?.dropzone.currency}
            />
            <JumpCard booking={b} />
          </SimpleGrid>
        </Grid.Col>
      </Grid>
      {b.external_id ? <AlbumCreditsCard externalId={b.external_id} /> : <WalkInNote />}
      <FinanceCard events={b.finance_events} timeZone={timeZone} externalId={b.external_id} />
      <BookingFormModal opened={editing} onClose={() => setEditing(false)} booking={b} onSaved={onSaved} />
      <DeleteBookingDialog opened={deleting} onClose={() => setDeleting(false)} booking={b} onDeleted={onDeleted} />
    </Stack>
  );
}
