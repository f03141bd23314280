import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import classes from './ImportGrid.module.css';

const HEADER_HEIGHT = 42;
const ROW_HEIGHT = 34;

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

function CellEditor({ initial, onDone }: { initial: string; onDone: (value: string | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <input
      className={classes.editor}
      aria-label="Cell value"
      autoFocus
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={() => onDone(value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onDone(value);
        else if (event.key === 'Escape') {
          event.stopPropagation();
          onDone(null);
        }
      }}
      data-testid="cell-editor"
    />
  );
}

/**
 * Every row of an import (50,000 and more) in one scrolling table: TanStack Table lays out the
 * columns, TanStack Virtual puts only the rows in view in the DOM. Cells can be fixed in place
 * (click, type, Enter; Escape undoes), and a cell with a problem shows it on hover.
 */
export function ImportGrid({ label, items, source, messageHeader, placeholder, testId }: ImportGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<{ index: number; column: number } | null>(null);

  const hasAction = source.action !== undefined;
  const { headers } = source;
  const columns = useMemo<ColumnDef<Item>[]>(() => {
    const dataColumns: ColumnDef<Item>[] = headers.map((header, column) => ({ id: `c${column}`, header, size: 150, meta: { column } }));
    return [
      { id: 'number', header: 'Row', size: 64 },
      ...(hasAction ? [{ id: 'action', header: '', size: 44 } as ColumnDef<Item>] : []),
      { id: 'status', header: 'Status', size: 150 },
      // The reason sits beside the status, where the eye is, not past the file's last column.
      { id: 'message', header: messageHeader, size: 320 },
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

  const renderCell = (columnId: string, index: number, column: number | undefined, style: CSSProperties): ReactNode => {
    const s = source;
    if (columnId === 'number') {
      return <div key={columnId} role="gridcell" className={`${classes.cell} ${classes.number}`} style={style} data-keep>{s.rowNumber(index)}</div>;
    }
    if (columnId === 'action' || columnId === 'status') {
      return (
        <div key={columnId} role="gridcell" className={classes.cell} style={style} data-keep data-testid={`row-${columnId}`}>
          {columnId === 'action' ? s.action?.(index) : s.status(index)}
        </div>
      );
    }
    if (columnId === 'message') {
      const message = s.message(index);
      return (
        <div key={columnId} role="gridcell" className={`${classes.cell} ${classes.message}`} style={style} data-keep data-testid="row-message" title={message ?? undefined}>
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
            initial={value}
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
      >
        <span className={classes.cellText}>{value}</span>
      </div>
    );
    return content;
  };

  return (
    <div ref={scrollRef} className={classes.grid} role="grid" aria-label={label} aria-rowcount={items.length + 1} tabIndex={0} data-testid={testId}>
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
                style={{ transform: `translateY(${start - HEADER_HEIGHT}px)`, width }}
              >
                {row.getVisibleCells().map((cell) =>
                  renderCell(cell.column.id, index, (cell.column.columnDef.meta as { column?: number } | undefined)?.column, { width: cell.column.getSize() }),
                )}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
