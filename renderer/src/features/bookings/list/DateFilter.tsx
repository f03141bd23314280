import { Group, SegmentedControl } from '@mantine/core';
import { DatePickerInput, type DateFormatter, type DatesRangeValue } from '@mantine/dates';
import { useRef, useState } from 'react';
import { IconCalendar } from '../../../components/icons';
import { DATE_PRESETS, formatRange, type DatePreset, type DateRange } from './dateRanges';

export interface DateFilterProps {
  preset: DatePreset;
  /** The range in effect (the preset's, or the picked one). */
  range: DateRange;
  onPreset: (preset: DatePreset) => void;
  onCustomRange: (range: DateRange) => void;
}

const asIso = (value: unknown): string | null =>
  value instanceof Date ? value.toISOString().slice(0, 10) : typeof value === 'string' ? value.slice(0, 10) : null;
const formatPicked: DateFormatter = ({ date }) => {
  const [from, to] = Array.isArray(date) ? date : [date, null];
  return formatRange(asIso(from), asIso(to));
};

const SEGMENTS = [...DATE_PRESETS, { value: 'custom' as const, label: 'Custom' }];

/**
 * Presets one click (or arrow key) away, and a calendar for any other range. The calendar always
 * shows the range in effect, so "This week" says which days it means.
 */
export function DateFilter({ preset, range, onPreset, onCustomRange }: DateFilterProps) {
  const pickerRef = useRef<HTMLButtonElement>(null);
  // A range being picked: the first day is chosen, the last not yet.
  const [picking, setPicking] = useState<DatesRangeValue<string> | null>(null);

  const onPickerChange = ([from, to]: DatesRangeValue<string>) => {
    if (from && to) {
      setPicking(null);
      onCustomRange({ from, to });
    } else if (!from && !to) {
      setPicking(null);
      onPreset('all');
    } else {
      setPicking([from, to]);
    }
  };

  return (
    <Group gap="xs" wrap="nowrap">
      <SegmentedControl
        value={preset}
        onChange={(value) => {
          const next = value as DatePreset;
          if (next === 'custom') {
            // Start from what is in effect, and open the calendar to change it.
            onCustomRange(range);
            pickerRef.current?.click();
          } else onPreset(next);
        }}
        data={SEGMENTS}
        aria-label="Jump date"
        data-testid="date-presets"
      />
      <DatePickerInput
        ref={pickerRef}
        type="range"
        value={picking ?? [range.from, range.to]}
        onChange={onPickerChange}
        onDropdownClose={() => setPicking(null)}
        allowSingleDateInRange
        highlightToday
        numberOfColumns={2}
        clearable
        // Shown once a range is set (the screen opens on Today): a name for it, as axe asks.
        clearButtonProps={{ 'aria-label': 'Any jump date' }}
        valueFormatter={formatPicked}
        styles={{ input: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } }}
        placeholder="Any jump date"
        // No aria-label: the button's own text (the range, or "Any jump date") names it, as
        // speech input and screen readers then agree with what is shown.
        leftSection={<IconCalendar />}
        w={240}
        data-testid="date-range"
      />
    </Group>
  );
}
