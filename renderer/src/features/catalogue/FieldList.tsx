import { Code, DataList, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { YesNo } from './YesNo';

export interface FieldRow {
  /** The API's field name: shown on hover, and a test hook. */
  field: string;
  label: string;
  value: ReactNode;
  hint?: string;
}

/** A record's fields as label / value pairs. */
export function FieldList({ rows, labelWidth = 170 }: { rows: FieldRow[]; labelWidth?: number }) {
  return (
    <DataList withDivider labelWidth={labelWidth} size="sm">
      {rows.map((row) => (
        <DataList.Item key={row.field} data-field={row.field}>
          <DataList.ItemLabel title={row.field}>{row.label}</DataList.ItemLabel>
          <DataList.ItemValue>
            <div data-value>{row.value}</div>
            {row.hint && (
              <Text size="xs" c="dimmed" mt={2}>
                {row.hint}
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

/**
 * Fields of the show response that this desk does not know (a newer server, or a proxied
 * remote): still shown, as they came, so "every field" stays true.
 */
export function extraFieldRows(record: Record<string, unknown>, known: readonly string[]): FieldRow[] {
  return Object.entries(record)
    .filter(([key]) => !known.includes(key))
    .map(([key, value]) => ({
      field: key,
      label: key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
      value:
        typeof value === 'boolean' ? (
          <YesNo value={value} />
        ) : typeof value === 'string' ? (
          value
        ) : (
          <Code>{JSON.stringify(value)}</Code>
        ),
    }));
}
