import { Group, Switch } from '@mantine/core';
import type { Table } from '@tanstack/react-table';
import type { BookingListItem } from '../../../../../shared/schemas/booking';
import { updateView, type BookingsView } from './bookingsView';
import { ColumnsMenu } from './ColumnsMenu';
import { DateFilter } from './DateFilter';
import type { DateRange } from './dateRanges';

export interface FiltersBarProps {
  view: BookingsView;
  range: DateRange;
  table: Table<BookingListItem>;
}

/** Jump dates and the walk-in toggle (sent to the server as the list's own query), and the columns. Wraps on narrow windows. */
export function FiltersBar({ view, range, table }: FiltersBarProps) {
  return (
    <Group gap="md">
      <DateFilter
        preset={view.preset}
        range={range}
        onPreset={(preset) => updateView({ preset })}
        onCustomRange={(customRange) => updateView({ preset: 'custom', customRange })}
      />
      <Switch
        label="Include bookings without external id"
        checked={view.includeAll}
        onChange={(event) => updateView({ includeAll: event.currentTarget.checked })}
        data-testid="include-all"
      />
      <Group ml="auto">
        <ColumnsMenu table={table} />
      </Group>
    </Group>
  );
}
