import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { GridKeyHints } from '../../components/grid/GridKeyHints';
import { RecordGrid } from '../../components/grid/RecordGrid';

interface CatalogueItem {
  id: number;
  active: boolean;
}

export interface CatalogueTableProps<T extends CatalogueItem> {
  items: T[];
  // TanStack's own column type: accessor columns of different value types share one array.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  label: string;
  testId: string;
  /** The record whose detail is open, kept selected. */
  openId: number | null;
  onOpen: (item: T) => void;
  /** Few columns read better in a narrower table. */
  maxWidth?: number;
}

const rowId = (item: CatalogueItem) => String(item.id);
const isInactive = (item: CatalogueItem) => !item.active;
const KEY_HINTS: [string, string][] = [
  ['↑ ↓', 'select'],
  ['Enter', 'details'],
  ['Esc', 'close details'],
];

/** A read-only catalogue list: sortable, keyboard-driven, inactive records dimmed. */
export function CatalogueTable<T extends CatalogueItem>({
  items,
  columns,
  label,
  testId,
  openId,
  onOpen,
  maxWidth,
}: CatalogueTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // TanStack Table keeps mutable state internally; the React Compiler must leave this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: items,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getRowId: rowId,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  return (
    <Stack gap="xs" maw={maxWidth}>
      <RecordGrid
        table={table}
        label={label}
        testId={testId}
        focusOnArrival
        selectedId={openId === null ? selectedId : String(openId)}
        onSelect={setSelectedId}
        onOpen={onOpen}
        isDimmed={isInactive}
      />
      <GridKeyHints hints={KEY_HINTS} />
    </Stack>
  );
}
