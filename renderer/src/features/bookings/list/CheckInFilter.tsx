import { Select } from '@mantine/core';
import { CHECK_IN_FILTERS, type CheckInFilter as Filter } from '../../../../../shared/schemas/reception';
import { CHECK_IN_FILTER_LABELS } from '../../../lib/check-in-keys';

const ANY = 'any';
const OPTIONS = [
  { value: ANY, label: 'Any check-in' },
  ...CHECK_IN_FILTERS.map((value) => ({ value, label: CHECK_IN_FILTER_LABELS[value] })),
];

/** Reception's check-in filter (in proxy mode, on the desk's copy): who has arrived, who has not been marked yet… */
export function CheckInFilter({ value, onChange }: { value: Filter | null; onChange: (value: Filter | null) => void }) {
  return (
    <Select
      aria-label="Check-in"
      data={OPTIONS}
      value={value ?? ANY}
      onChange={(next) => onChange(next === null || next === ANY ? null : (next as Filter))}
      allowDeselect={false}
      w={150}
      comboboxProps={{ withinPortal: true }}
      data-testid="check-in-filter"
    />
  );
}
