import { Group, Switch } from '@mantine/core';
import type { BookingsList } from './useBookingsList';
import { updateView } from './bookingsView';
import { CheckInFilter } from './CheckInFilter';
import { ColumnsMenu } from './ColumnsMenu';
import { defaultColumnVisibility } from './columns';
import { DateFilter } from './DateFilter';
import { DaySheetButton } from './DaySheetButton';
import { ExportButton } from './ExportButton';

/**
 * Jump dates, check-in and the walk-in toggle (sent to the server as the list's own query); then
 * what is done with the whole list: its columns, the export and the day sheet. Wraps on narrow windows.
 */
export function FiltersBar({ bookings }: { bookings: BookingsList }) {
  const { view, range, table, filters, today, list } = bookings;
  return (
    <Group gap="sm">
      <DateFilter
        preset={view.preset}
        range={range}
        onPreset={(preset) => updateView({ preset })}
        onCustomRange={(customRange) => updateView({ preset: 'custom', customRange })}
      />
      <CheckInFilter value={view.checkIn} onChange={(checkIn) => updateView({ checkIn })} />
      <Switch
        label="Include bookings without external id"
        checked={view.includeAll}
        onChange={(event) => updateView({ includeAll: event.currentTarget.checked })}
        data-testid="include-all"
      />
      <Group ml="auto" gap="xs" wrap="nowrap">
        <ColumnsMenu table={table} defaults={defaultColumnVisibility(window.innerWidth)} />
        <ExportButton
          filters={filters}
          total={exportTotal(list.isPlaceholderData ? undefined : list.data?.pagination)}
          today={today}
        />
        <DaySheetButton range={range} today={today} />
      </Group>
    </Group>
  );
}

/** How many rows the export holds, when the list knows: not when its search counted only so far ("1,000+"). */
function exportTotal(pagination: { total_count: number; count_is_lower_bound?: boolean } | undefined): number | null {
  return pagination === undefined || pagination.count_is_lower_bound === true ? null : pagination.total_count;
}
