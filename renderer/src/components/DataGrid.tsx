import { CheckIcon, Kbd, Table as MantineTable, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { flexRender, type Row, type RowData, type SortingFn, type Table } from '@tanstack/react-table';
import { useRef, type KeyboardEvent } from 'react';
import classes from './DataGrid.module.css';

/** Per-column layout hints, set as `meta` in a column definition. */
export interface DataGridColumnMeta {
  align?: 'left' | 'center' | 'right';
  width?: number | string;
}

export interface DataGridProps<T> {
  /** A TanStack table whose rows have stable ids (`getRowId`). */
  table: Table<T>;
  label: string;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Click or Enter on a row. */
  onOpen: (item: T) => void;
  /** Keys beyond the grid's own (arrows, Home/End, Enter), pressed on a row. */
  onRowKey?: (event: KeyboardEvent<HTMLTableRowElement>, item: T) => void;
  /** Rows shown greyed out (inactive records). */
  isDimmed?: (item: T) => boolean;
  testId?: string;
}

const layout = (columnDef: { meta?: unknown }) => (columnDef.meta ?? {}) as DataGridColumnMeta;

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Text sorted as people expect: "Élodie" beside "Elke", not after "Zoë"; "F-10" after "F-9". */
export function localeSort<T extends RowData>(): SortingFn<T> {
  return (a, b, columnId) => collator.compare(String(a.getValue(columnId) ?? ''), String(b.getValue(columnId) ?? ''));
}

/**
 * A keyboard-first table: one row is the tab stop (roving tabindex); arrows, Home and End move
 * between rows, Enter or a click opens one. Focusing a row selects it, so selection and focus
 * never disagree. Keys pressed inside a row's own controls are left to those controls.
 */
export function DataGrid<T>({ table, label, selectedId, onSelect, onOpen, onRowKey, isDimmed, testId }: DataGridProps<T>) {
  const rowElements = useRef(new Map<string, HTMLTableRowElement>());
  const rows = table.getRowModel().rows;
  const tabStopId = rows.some((row) => row.id === selectedId) ? selectedId : rows[0]?.id;

  const focusRow = (index: number) => {
    const target = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (target) rowElements.current.get(target.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: Row<T>, index: number) => {
    if (event.target !== event.currentTarget) return;
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1, PageDown: index + 10, PageUp: index - 10 };
    if (event.key in moves) {
      event.preventDefault();
      focusRow(moves[event.key] as number);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(row.original);
    } else {
      onRowKey?.(event, row.original);
    }
  };

  return (
    <MantineTable
      className={classes.table}
      role="grid"
      aria-label={label}
      data-testid={testId}
      highlightOnHover
      withTableBorder
      stickyHeader
      verticalSpacing={6}
      tabularNums
    >
      <MantineTable.Thead>
        {table.getHeaderGroups().map((group) => (
          <MantineTable.Tr key={group.id}>
            {group.headers.map((header) => {
              const { align, width } = layout(header.column.columnDef);
              const sorted = header.column.getIsSorted();
              const content = flexRender(header.column.columnDef.header, header.getContext());
              return (
                <MantineTable.Th
                  key={header.id}
                  ta={align}
                  w={width}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                >
                  {header.column.getCanSort() ? (
                    <UnstyledButton className={classes.headerButton} onClick={header.column.getToggleSortingHandler()}>
                      {content}
                      <span className={classes.sortMark} aria-hidden>
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                      </span>
                    </UnstyledButton>
                  ) : (
                    content
                  )}
                </MantineTable.Th>
              );
            })}
          </MantineTable.Tr>
        ))}
      </MantineTable.Thead>
      <MantineTable.Tbody>
        {rows.map((row, index) => (
          <MantineTable.Tr
            key={row.id}
            ref={(element: HTMLTableRowElement | null) => {
              if (element) rowElements.current.set(row.id, element);
              else rowElements.current.delete(row.id);
            }}
            className={classes.row}
            tabIndex={row.id === tabStopId ? 0 : -1}
            aria-selected={row.id === selectedId}
            data-selected={row.id === selectedId || undefined}
            data-dimmed={isDimmed?.(row.original) || undefined}
            onFocus={(event) => {
              if (event.target === event.currentTarget) onSelect(row.id);
            }}
            onClick={() => {
              onSelect(row.id);
              onOpen(row.original);
            }}
            onKeyDown={(event) => onKeyDown(event, row, index)}
          >
            {row.getVisibleCells().map((cell) => (
              <MantineTable.Td key={cell.id} ta={layout(cell.column.columnDef).align}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </MantineTable.Td>
            ))}
          </MantineTable.Tr>
        ))}
      </MantineTable.Tbody>
    </MantineTable>
  );
}

/** Wrap in-row controls (switches, buttons) so their clicks do not also open the row. */
export function stopRowClick(event: { stopPropagation: () => void }) {
  event.stopPropagation();
}

/** A quiet line under a grid naming its keys, e.g. [['↑ ↓', 'select'], ['Enter', 'open']]. */
export function GridKeyHints({ hints }: { hints: [keys: string, action: string][] }) {
  return (
    <Text size="xs" c="dimmed" data-testid="grid-key-hints">
      {hints.map(([keys, action], index) => (
        <span key={keys}>
          {index > 0 && ' · '}
          {keys.split(' ').map((key) => (
            <Kbd key={key} size="xs" mr={2}>
              {key}
            </Kbd>
          ))}{' '}
          {action}
        </span>
      ))}
    </Text>
  );
}

/** A yes/no cell: a check mark or a quiet dash (read as "Yes"/"No" by screen readers). */
export function BooleanMark({ value }: { value: boolean }) {
  return value ? (
    <>
      <CheckIcon size={12} color="var(--mantine-color-teal-7)" aria-hidden />
      <VisuallyHidden>Yes</VisuallyHidden>
    </>
  ) : (
    <Text span c="dimmed" aria-label="No">
      –
    </Text>
  );
}

/** The row's name, the column people scan by: one weight and size in every grid. */
export function NameCell({ value }: { value: string }) {
  return (
    <Text size="sm" fw={600} c="inherit">
      {value}
    </Text>
  );
}
