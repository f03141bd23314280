import { Button, Group, Stack } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { bookingCountQuery } from '../../../api/reception-api';
import { EmptyState } from '../../../components/states';
import { updateView } from './bookingsView';
import { relaxationsOf } from './relaxations';
import type { BookingsList } from './useBookingsList';

export interface BookingsEmptyProps {
  bookings: BookingsList;
  onClearFilters: () => void;
  onCreate: () => void;
}

const count = new Intl.NumberFormat();

/**
 * Nothing to list: say why, and offer what would find bookings. Each suggestion is counted first
 * and shown only when it finds some, with how many (a search on another day: "Show all dates (2)").
 */
export function BookingsEmpty({ bookings, onClearFilters, onCreate }: BookingsEmptyProps) {
  const { narrowed, filters } = bookings;
  const relaxations = relaxationsOf(filters);
  const counts = useQueries({ queries: relaxations.map((relaxation) => bookingCountQuery(relaxation.filters)) });
  const helpful = relaxations
    .map((relaxation, index) => ({ ...relaxation, found: counts[index]?.data ?? 0 }))
    .filter((r) => r.found > 0);
  return (
    <Stack align="center" gap={0} py="xl" data-testid="bookings-empty">
      {narrowed ? (
        <EmptyState title="No bookings match these filters">
          {helpful.length > 0
            ? 'Bookings match with other filters:'
            : 'The search finds a name (any accents, any word order), an e-mail, phone digits, a booking number or a link. Try another, or clear the filters.'}
        </EmptyState>
      ) : (
        <EmptyState title="No bookings yet">
          Bookings arrive from your booking system through the Sync API (Settings shows its address), or add one here
          with New booking.
        </EmptyState>
      )}
      <Group gap="xs" justify="center">
        {helpful.map((relaxation) => (
          <Button
            key={relaxation.key}
            variant="light"
            onClick={() => updateView(relaxation.patch)}
            data-testid={`relax-${relaxation.key}`}
          >
            {relaxation.label} ({count.format(relaxation.found)})
          </Button>
        ))}
        {narrowed ? (
          <Button variant={helpful.length > 0 ? 'subtle' : 'light'} onClick={onClearFilters}>
            Clear filters
          </Button>
        ) : (
          <Button variant="light" onClick={onCreate}>
            New booking
          </Button>
        )}
      </Group>
    </Stack>
  );
}
