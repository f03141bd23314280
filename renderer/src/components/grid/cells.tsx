import { CheckIcon, Text, VisuallyHidden } from '@mantine/core';
import type { RowData, SortingFn } from '@tanstack/react-table';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Text sorted as people expect: "Élodie" beside "Elke", not after "Zoë"; "F-10" after "F-9". */
export function localeSort<T extends RowData>(): SortingFn<T> {
  return (a, b, columnId) => collator.compare(String(a.getValue(columnId) ?? ''), String(b.getValue(columnId) ?? ''));
}

/** Wrap in-row controls (switches, buttons) so their clicks do not also open the row. */
export function stopRowClick(event: { stopPropagation: () => void }) {
  event.stopPropagation();
}

/** A yes/no cell: a check mark or a quiet dash (read as "Yes"/"No" by screen readers). */
export function BooleanMark({ value }: { value: boolean }) {
  return value ? (
    <>
      <CheckIcon size={12} color="light-dark(var(--mantine-color-teal-7), var(--mantine-color-teal-4))" aria-hidden />
      <VisuallyHidden>Yes</VisuallyHidden>
    </>
  ) : (
    <Text span c="dimmed" aria-label="No">
      –
    </Text>
  );
}

/** The row's name, the column people scan by: one weight and size in every grid (whole on hover, when cut short). */
export function NameCell({ value }: { value: string }) {
  return (
    <Text span size="sm" fw={600} c="inherit" title={value}>
      {value}
    </Text>
  );
}
