import { flexRender, type Table } from '@tanstack/react-table';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { VirtualGrid, type GridRows } from './VirtualGrid';

export interface RecordGridProps<T> {
  /** A TanStack table whose rows have stable ids (`getRowId`): the rows shown, in its order. */
  table: Table<T>;
  label: string;
  testId?: string;
  /** The selected row's id; none selected, the keyboard starts at the first row. */
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Enter, and a click (or a double-click, as `openOn` says) on a row. */
  onOpen: (record: T) => void;
  openOn?: 'click' | 'doubleClick';
  /** Keys beyond the grid's own (arrows, PageUp/PageDown, Home/End, Enter), pressed on the grid. */
  onRowKey?: (event: KeyboardEvent<HTMLDivElement>, record: T) => void;
  /** Records shown greyed out (inactive, not openable). */
  isDimmed?: (record: T) => boolean;
  rowHeight?: number;
  layout?: 'fill' | 'fit';
  resizable?: boolean;
  sortNote?: string;
  busy?: boolean;
  placeholder?: ReactNode;
  scrollResetKey?: string;
  gridRef?: RefObject<HTMLDivElement | null>;
  /** The screen's main list: focused when it arrives (VirtualGrid). */
  focusOnArrival?: boolean;
  /** Columns with nothing in them on the rows shown: they give their room up first (VirtualGrid). */
  emptyColumns?: ReadonlySet<string>;
}

/**
 * A list of records as a row grid: the rows of a TanStack table, one selected, opened with Enter
 * or the mouse. Selection follows the record (its id), not the position.
 */
export function RecordGrid<T>({
  table,
  selectedId,
  onSelect,
  onOpen,
  openOn,
  onRowKey,
  isDimmed,
  rowHeight = 36,
  layout = 'fit',
  ...grid
}: RecordGridProps<T>) {
  const records = table.getRowModel().rows;
  const selected = records.findIndex((row) => row.id === selectedId);
  const rows: GridRows = {
    count: records.length,
    key: (position) => records[position]?.id ?? String(position),
    cell: (position, column) => {
      const cell = records[position]?.getVisibleCells()[column];
      return cell ? flexRender(cell.column.columnDef.cell, cell.getContext()) : null;
    },
    rowAttributes: isDimmed
      ? (position) => ({ 'data-dimmed': (records[position] && isDimmed(records[position].original)) || undefined })
      : undefined,
  };
  const record = (position: number) => records[position]?.original;
  return (
    <VirtualGrid
      {...grid}
      table={table}
      rows={rows}
      rowHeight={rowHeight}
      layout={layout}
      navigation="row"
      cursor={selected >= 0 ? { position: selected, column: 0 } : null}
      onCursorChange={({ position }) => {
        const row = records[position];
        if (row) onSelect(row.id);
      }}
      onActivate={(position) => {
        const item = record(position);
        if (item !== undefined) onOpen(item);
      }}
      activateOn={openOn}
      onKey={(event, { position }) => {
        const item = record(position);
        if (item !== undefined) onRowKey?.(event, item);
      }}
    />
  );
}
