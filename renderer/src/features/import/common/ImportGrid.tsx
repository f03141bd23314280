import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { GridCursor } from '../../../components/grid/gridCursor';
import { VirtualGrid, type GridCellAttributes, type GridRows } from '../../../components/grid/VirtualGrid';
import { CellEditor } from './CellEditor';
import { importColumnMeta, importColumns, type ImportTableMeta } from './importColumns';
import classes from './ImportGrid.module.css';

// Room for a reason on two lines: the whole of most reasons reads without hovering.
const ROW_HEIGHT = 40;
const HEADER_HEIGHT = 42;
/** The table lays out columns only: the rows (indices into the source) are the grid's business, read only while in view. */
const NO_ROWS: number[] = [];
const coreRowModel = getCoreRowModel<number>();

/** How the grid reads the rows it shows; indices are positions in the wizard's (or a page's) rows. */
export interface ImportGridSource {
  headers: readonly string[];
  /** Field a header is mapped to (shown small beside it), or null when ignored; absent: no mapping shown. */
  fieldOf?: (column: number) => string | null;
  rowNumber: (index: number) => number;
  cell: (index: number, column: number) => string;
  cellProblem?: (index: number, column: number) => string | undefined;
  /** 'problem', 'left_out', 'done'…: styles the row. */
  rowState?: (index: number) => string;
  status: (index: number) => ReactNode;
  message: (index: number) => string | null;
  /** A control before the cells (e.g. "leave out"); its column is there only when given. */
  action?: (index: number) => ReactNode;
  canEdit?: (index: number) => boolean;
  onEdit?: (index: number, column: number, value: string) => void;
  /** Space on a row: its action's toggle (send it or leave it out). */
  toggle?: (index: number) => void;
}

export interface ImportGridProps {
  label: string;
  items: readonly number[];
  source: ImportGridSource;
  messageHeader: string;
  placeholder?: ReactNode;
  testId?: string;
}

/** A file cell being fixed: which row (index in the source), which file column, and what typing started it with. */
type Editing = { index: number; column: number; initial?: string };

/**
 * Every row of an import (50,000 and more) in the desk's virtualised grid, as a cell grid: cells
 * can be fixed in place (click, type, Enter; Escape undoes), and a cell with a problem shows it
 * on hover. Keyboard, as on the desk's other grids: the arrow keys (PageUp/PageDown, Home/End,
 * Ctrl+Home/End) move a visible focus cell, Enter or F2 (or just typing) edits it, Space ticks
 * the row in or out. Under the grid, the whole reason of the row the keyboard is on.
 */
export function ImportGrid({ label, items, source, messageHeader, placeholder, testId }: ImportGridProps) {
  const gridRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [cursor, setCursor] = useState<GridCursor | null>(null);

  const { headers, fieldOf } = source;
  const withAction = source.action !== undefined;
  const columns = useMemo(
    () => importColumns(headers, { withAction, messageHeader }),
    [headers, withAction, messageHeader],
  );
  const meta: ImportTableMeta = { fieldOf };
  // TanStack Table keeps mutable state outside React; the compiler is told not to memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: NO_ROWS, columns, getCoreRowModel: coreRowModel, meta });
  const leafColumns = table.getVisibleLeafColumns();
  const kindAt = (column: number) =>
    leafColumns[column] ? importColumnMeta(leafColumns[column].columnDef) : undefined;
  const fileColumnAt = (column: number) => {
    const meta = kindAt(column);
    return meta?.kind === 'data' ? meta.column : undefined;
  };
  const firstFileColumn = Math.max(
    0,
    leafColumns.findIndex((column) => importColumnMeta(column.columnDef).kind === 'data'),
  );

  const endEdit = (index: number, column: number, before: string, after: string | null) => {
    setEditing(null);
    if (after !== null && after !== before) source.onEdit?.(index, column, after);
    gridRef.current?.focus({ preventScroll: true });
  };

  const rows: GridRows = {
    count: items.length,
    key: (position) => String(items[position]),
    rowAttributes: (position) => {
      const index = items[position] as number;
      return { 'data-state': source.rowState?.(index), 'data-row-number': source.rowNumber(index) };
    },
    cell: (position, column) => {
      const index = items[position] as number;
      const meta = kindAt(column);
      switch (meta?.kind) {
        case 'number':
          return source.rowNumber(index);
        case 'action':
          return source.action?.(index);
        case 'status':
          return source.status(index);
        case 'message':
          return <span className={classes.clamp}>{source.message(index)}</span>;
        case 'data': {
          const value = source.cell(index, meta.column);
          if (editing?.index === index && editing.column === meta.column) {
            return (
              <CellEditor
                initial={editing.initial ?? value}
                onDone={(next) => endEdit(index, meta.column, value, next)}
              />
            );
          }
          return value;
        }
        default:
          return null;
      }
    },
    cellAttributes: (position, column): GridCellAttributes => {
      const index = items[position] as number;
      const meta = kindAt(column);
      // The row's own columns: kept readable when the row is left out; found by tests as row-status, row-message…
      if (meta?.kind !== 'data') {
        return {
          'data-keep': true,
          'data-kind': meta?.kind,
          'data-testid': meta && meta.kind !== 'number' ? `row-${meta.kind}` : undefined,
          title: meta?.kind === 'message' ? (source.message(index) ?? undefined) : undefined,
        };
      }
      const problem = source.cellProblem?.(index, meta.column);
      const editable = source.canEdit?.(index) ?? false;
      return {
        'data-column': headers[meta.column],
        'data-problem': problem ? true : undefined,
        'data-editable': editable || undefined,
        'data-ignored': (fieldOf && fieldOf(meta.column) === null) || undefined,
        'aria-invalid': problem ? true : undefined,
        title: editable ? (problem ? `${problem} (click to fix)` : 'Click to change') : problem,
        onClick: editable ? () => setEditing({ index, column: meta.column }) : undefined,
      };
    },
  };

  const onKey = (event: KeyboardEvent<HTMLDivElement>, at: GridCursor) => {
    if (event.ctrlKey) return;
    const index = items[at.position] as number;
    const fileColumn = fileColumnAt(at.column);
    const editable = fileColumn !== undefined && (source.canEdit?.(index) ?? false);
    if (event.key === ' ') {
      event.preventDefault();
      source.toggle?.(index);
    } else if ((event.key === 'Enter' || event.key === 'F2') && editable) {
      event.preventDefault();
      setCursor(at);
      setEditing({ index, column: fileColumn });
    } else if (event.key.length === 1 && editable) {
      // Typing over a cell replaces its value, as in a spreadsheet.
      event.preventDefault();
      setCursor(at);
      setEditing({ index, column: fileColumn, initial: event.key });
    }
  };

  const focusedIndex = cursor && items.length > 0 ? items[Math.min(cursor.position, items.length - 1)] : undefined;
  const focusedMessage = focusedIndex === undefined ? null : source.message(focusedIndex);
  return (
    <div className={classes.frame} data-grid-frame>
      <VirtualGrid
        table={table}
        rows={rows}
        label={label}
        testId={testId}
        className={classes.grid}
        gridRef={gridRef}
        rowHeight={ROW_HEIGHT}
        headerHeight={HEADER_HEIGHT}
        navigation="cell"
        cursor={cursor}
        onCursorChange={setCursor}
        firstColumn={firstFileColumn}
        onKey={onKey}
        placeholder={placeholder}
      />
      {focusedMessage && (
        <div className={classes.focusLine} data-testid="grid-focus-message">
          <b>Row {source.rowNumber(focusedIndex as number)}:</b> {focusedMessage}
        </div>
      )}
    </div>
  );
}
