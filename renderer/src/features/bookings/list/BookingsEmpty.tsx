import { Button, Group, Stack } from '@mantine/core';
import { EmptyState } from '../../../components/states';

export interface BookingsEmptyProps {
  /** A search or a date range is set: "nothing matches" rather than "nothing here". */
  narrowed: boolean;
  includeAll: boolean;
  onClearFilters: () => void;
  onIncludeAll: () => void;
  onCreate: () => void;
}

/** Nothing to list: say why, and offer the way forward. */
export function BookingsEmpty({ narrowed, includeAll, onClearFilters, onIncludeAll, onCreate }: BookingsEmptyProps) {
  const walkInsHidden = includeAll ? '' : ' Bookings without an external id are hidden too.';
  return (
    <Stack align="center" gap={0} py="xl">
      {narrowed ? (
        <EmptyState title="No bookings match these filters">Try another name or date range, or clear the filters.{walkInsHidden}</EmptyState>
      ) : (
        <EmptyState title="No bookings yet">
          Bookings arrive from your booking system through the Sync API (Settings shows its address), or add one here with New booking.
          {walkInsHidden}
        </EmptyState>
      )}
      <Group gap="xs">
        {narrowed ? (
          <Button variant="light" onClick={onClearFilters}>
            Clear filters
          </Button>
        ) : (
          <Button variant="light" onClick={onCreate}>
            New booking
          </Button>
        )}
        {!includeAll && (
          <Button variant="subtle" onClick={onIncludeAll}>
            Include bookings without external id
          </Button>
        )}
      </Group>
    </Stack>
  );
}
