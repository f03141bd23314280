import { Box } from '@mantine/core';
import { ErrorState, LoadingState } from '../../../components/states';
import { BookingsEmpty } from './BookingsEmpty';
import { clearedFilters, updateView } from './bookingsView';
import type { BookingsList } from './useBookingsList';

/** What the grid shows without rows: the list loading, failing (with Retry), or empty (and why). */
export function ListPlaceholder({ bookings, onCreate }: { bookings: BookingsList; onCreate: () => void }) {
  const { list } = bookings;
  if (list.isPending) return <LoadingState label="Loading bookings…" />;
  if (list.isError) {
    return (
      <Box px="md" py="xs" maw={720} mx="auto">
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      </Box>
    );
  }
  return <BookingsEmpty bookings={bookings} onClearFilters={() => updateView(clearedFilters())} onCreate={onCreate} />;
}
