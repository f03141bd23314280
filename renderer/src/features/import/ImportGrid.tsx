import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import classes from './ImportGrid.module.css';

const HEADER_HEIGHT = 42;
// Room for a reason on two lines: the whole of most reasons reads without hovering.
const ROW_HEIGHT = 40;
/** Rows PageUp/PageDown move by. */
const PAGE_ROWS = 10;

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

/** A row in view: its index in the source, its place in the list, and where it is drawn. */
type Item = { index: number; position: number; start: number };

/** Where the keyboard is: a position in the list shown and a column (index among the grid's columns). */
type Focus = { position: number; column: number };

function CellEditor({ initial, onDone: finish }: { initial: string; onDone: (value: string | null) => void }) {
  const [value, setValue] = useState(initial);
  // Enter or Esc ends the edit and hands the focus back to the grid, which blurs the input: that
  // blur must not end it a second time (it would keep the value Esc just threw away).
  const ended = useRef(false);
  const onDone = (result: string | null) => {
    if (ended.current) return;
    ended.current = true;
    finish(result);
  };
  return (
    <input
      className={classes.editor}
      aria-label="Cell value"
      autoFocus
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={() => onDone(value)}
      onKeyDown={(event) => {
        // The grid's own keys stop here: arrows move the caret, Space types a space.
        event.stopPropagation();
        if (event.key === 'Enter') onDone(value);
        else if (event.key === 'Escape') onDone(null);
      }}
      data-testid="cell-editor"
    />
  );
}

/**
 * Every row of an import (50,000 and more) in one scrolling table: TanStack Table lays out the
 * columns, TanStack Virtual puts only the rows in view in the DOM. Cells can be fixed in place
 * (click, type, Enter; Escape undoes), and a cell with a problem shows it on hover.
 * Keyboard, as on the desk's other grids: the arrow keys (PageUp/PageDown, Home/End, Ctrl+Home/End)
 * move a visible focus cell, Enter or F2 (or just typing) edits it, Space ticks the row in or out.
 */
export function ImportGrid({ label, items, source, messageHeader, placeholder, testId }: ImportGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<{ index: number; column: number; initial?: string } | null>(null);
  const [focus, setFocus] = useState<Focus | null>(null);
  const cellId = useId();

  const hasAction = source.action !== undefined;
  const { headers } = source;
  const columns = useMemo<ColumnDef<Item>[]>(() => {
    const dataColumns: ColumnDef<Item>[] = headers.map((header, column) => ({ id: `c${column}`, header, size: 150, meta: { column } }));
    return [
      { id: 'number', header: 'Row', size: 64 },
      ...(hasAction ? [{ id: 'action', header: '', size: 44 } as ColumnDef<Item>] : []),
      { id: 'status', header: 'Status', size: 150 },
      // The reason sits beside the status, where the eye is, not past the file's last column.
      { id: 'message', header: messageHeader, size: 380 },
      ...dataColumns,
    ];
  }, [headers, hasAction, messageHeader]);

  // The virtualizer picks the rows in view; the table lays out columns for those rows only, so
  // 50,000 rows cost what 40 do. Both keep their own state: the compiler is told not to memoise around them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    scrollMargin: HEADER_HEIGHT,
    getItemKey: (i) => items[i] ?? i,
  });
  const virtualItems = virtualizer.getVirtualItems();
  // Stable while nothing scrolls: new data makes the table rebuild its rows.
  const inView = useMemo<Item[]>(() => virtualItems.map((v) => ({ index: items[v.index] as number, position: v.index, start: v.start })), [virtualItems, items]);
  const table = useReactTable({
    data: inView,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (item) => String(item.index),
    // The data is the window in view and changes on every scroll: the table's "data changed, back
    // to page 1" resets would set state on each change and render again, forever.
    autoResetPageIndex: false,
    autoResetExpanded: false,
  });
  const rows = table.getRowModel().rows;
  const width = table.getTotalSize();
  const leafColumns = table.getVisibleLeafColumns();
  const firstDataColumn = Math.max(0, leafColumns.findIndex((c) => c.id.startsWith('c')));
  // The list shown may have shrunk (a filter, a fixed row leaving "with problems"): stay inside it.
  const at: Focus | null =
    focus && items.length > 0 ? { position: Math.min(focus.position, items.length - 1), column: Math.min(focus.column, leafColumns.length - 1) } : null;

  const dataColumnAt = (column: number) => (leafColumns[column]?.columnDef.meta as { column?: number } | undefined)?.column;

  /** Brings a cell into view: the virtualizer for the row, scrollLeft for the column. */
  const reveal = (next: Focus) => {
    virtualizer.scrollToIndex(next.position, { align: 'auto' });
    const grid = scrollRef.current;
    const column = leafColumns[next.column];
    if (!grid || !column) return;
    const left = column.getStart();
    const right = left + column.getSize();
    if (left < grid.scrollLeft) grid.scrollLeft = left;
    else if (right > grid.scrollLeft + grid.clientWidth) grid.scrollLeft = right - grid.clientWidth;
  };
  const moveTo = (next: Focus) => {
    setFocus(next);
    reveal(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed into the cell editor or a row's checkbox are theirs.
    if (event.target !== scrollRef.current || items.length === 0 || event.altKey || event.metaKey) return;
    const current = at ?? { position: 0, column: firstDataColumn };
    const lastRow = items.length - 1;
    const lastColumn = leafColumns.length - 1;
    const moves: Record<string, () => Focus> = {
      ArrowDown: () => ({ ...current, position: Math.min(lastRow, current.position + 1) }),
      ArrowUp: () => ({ ...current, position: Math.max(0, current.position - 1) }),
      PageDown: () => ({ ...current, position: Math.min(lastRow, current.position + PAGE_ROWS) }),
      PageUp: () => ({ ...current, position: Math.max(0, current.position - PAGE_ROWS) }),
      ArrowRight: () => ({ ...current, column: Math.min(lastColumn, current.column + 1) }),
      ArrowLeft: () => ({ ...current, column: Math.max(0, current.column - 1) }),
      Home: () => (event.ctrlKey ? { ...current, position: 0 } : { ...current, column: 0 }),
      End: () => (event.ctrlKey ? { ...current, position: lastRow } : { ...current, column: lastColumn }),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move());
      return;
    }
    if (event.ctrlKey) return;
    const index = items[current.position] as number;
    const dataColumn = dataColumnAt(current.column);
    const editable = dataColumn !== undefined && (source.canEdit?.(index) ?? false);
    if (event.key === ' ') {
      event.preventDefault();
      source.toggle?.(index);
    } else if ((event.key === 'Enter' || event.key === 'F2') && editable) {
      event.preventDefault();
      setFocus(current);
      setEditing({ index, column: dataColumn });
    } else if (event.key.length === 1 && editable) {
      // Typing over a cell replaces its value, as in a spreadsheet.
      event.preventDefault();
      setFocus(current);
      setEditing({ index, column: dataColumn, initial: event.key });
    }
  };
  const focusedIndex = at ? items[at.position] : undefined;
  const focusedMessage = focusedIndex === undefined ? null : source.message(focusedIndex);

  const renderCell = (columnId: string, index: number, column: number | undefined, style: CSSProperties, focused: boolean): ReactNode => {
    const s = source;
    const mark = focused ? { 'data-focused': true, id: cellId } : {};
    if (columnId === 'number') {
      return <div key={columnId} role="gridcell" className={`${classes.cell} ${classes.number}`} style={style} data-keep {...mark}>{s.rowNumber(index)}</div>;
    }
    if (columnId === 'action' || columnId === 'status') {
      return (
        <div key={columnId} role="gridcell" className={classes.cell} style={style} data-keep data-testid={`row-${columnId}`} {...mark}>
          {columnId === 'action' ? s.action?.(index) : s.status(index)}
        </div>
      );
    }
    if (columnId === 'message') {
      const message = s.message(index);
      return (
        <div key={columnId} role="gridcell" className={`${classes.cell} ${classes.message}`} style={style} data-keep data-testid="row-message" title={message ?? undefined} {...mark}>
          <span className={classes.cellText}>{message}</span>
        </div>
      );
    }
    const c = column as number;
    const value = s.cell(index, c);
    if (editing && editing.index === index && editing.column === c) {
      return (
        <div key={columnId} className={classes.cell} style={style} role="gridcell" data-column={s.headers[c]}>
          <CellEditor
            initial={editing.initial ?? value}
            onDone={(next) => {
              setEditing(null);
              if (next !== null && next !== value) s.onEdit?.(index, c, next);
              scrollRef.current?.focus({ preventScroll: true });
            }}
          />
        </div>
      );
    }
    const problem = s.cellProblem?.(index, c);
    const editable = s.canEdit?.(index) ?? false;
    const ignored = s.fieldOf ? s.fieldOf(c) === null : false;
    const content = (
      <div
        key={columnId}
        className={classes.cell}
        style={style}
        role="gridcell"
        data-column={s.headers[c]}
        data-problem={problem ? true : undefined}
        data-editable={editable || undefined}
        data-ignored={ignored || undefined}
        aria-invalid={problem ? true : undefined}
        title={editable ? (problem ? `${problem} (click to fix)` : 'Click to change') : problem}
        onClick={editable ? () => setEditing({ index, column: c }) : undefined}
        {...mark}
      >
        <span className={classes.cellText}>{value}</span>
      </div>
    );
    return content;
  };

  return (
    <div className={classes.frame} data-grid-frame>
      <div
        ref={scrollRef}
        className={classes.grid}
        role="grid"
        aria-label={label}
        aria-rowcount={items.length + 1}
        aria-activedescendant={at ? cellId : undefined}
        tabIndex={0}
        data-testid={testId}
        onKeyDown={onKeyDown}
        // The focus cell appears where the keyboard comes in; a click sets it where it lands.
        onFocus={(event) => {
          if (event.target === scrollRef.current && focus === null && items.length > 0) setFocus({ position: 0, column: firstDataColumn });
        }}
      >
        <div role="rowgroup" className={classes.head}>
          <div role="row" className={classes.headRow} style={{ width }}>
            {table.getFlatHeaders().map((header) => {
              const column = (header.column.columnDef.meta as { column?: number } | undefined)?.column;
              const field = column === undefined ? undefined : source.fieldOf?.(column);
              return (
                <div key={header.id} role="columnheader" className={classes.th} style={{ width: header.getSize() }} data-ignored={field === null || undefined}>
                  <span className={classes.thLabel}>{flexRender(header.column.columnDef.header, header.getContext())}</span>
                  {field !== undefined && <span className={classes.fieldName}>{field === null ? 'ignored' : `→ ${field}`}</span>}
                </div>
              );
            })}
          </div>
        </div>
        {items.length === 0 ? (
          <div className={classes.placeholder}>{placeholder}</div>
        ) : (
          <div role="rowgroup" className={classes.body} style={{ height: virtualizer.getTotalSize() - HEADER_HEIGHT, width }}>
            {rows.map((row) => {
              const { index, position, start } = row.original;
              return (
                <div
                  key={row.id}
                  role="row"
                  aria-rowindex={position + 2}
                  className={classes.row}
                  data-state={source.rowState?.(index)}
                  data-row-number={source.rowNumber(index)}
                  onMouseDown={(event) => {
                    const cell = (event.target as HTMLElement).closest('[role="gridcell"]');
                    const columnPosition = cell ? Array.prototype.indexOf.call(cell.parentElement?.children ?? [], cell) : -1;
                    if (columnPosition >= 0) setFocus({ position, column: columnPosition });
                  }}
                  style={{ transform: `translateY(${start - HEADER_HEIGHT}px)`, width }}
                >
                  {row.getVisibleCells().map((cell, columnPosition) =>
                    renderCell(
                      cell.column.id,
                      index,
                      (cell.column.columnDef.meta as { column?: number } | undefined)?.column,
                      { width: cell.column.getSize() },
                      at !== null && at.position === position && at.column === columnPosition,
                    ),
                  )}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {focusedMessage && (
        <div className={classes.focusLine} data-testid="grid-focus-message">
          <b>Row {source.rowNumber(focusedIndex as number)}:</b> {focusedMessage}
        </div>
      )}
    </div>
  );
}
