import type { Table } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { cellLayout, columnFlexes, minimumWidth, widthVariables } from './columnLayout';
import { GridHeaderCell } from './GridHeaderCell';
import { cursorWithin, movedCursor, type GridCursor } from './gridCursor';
import classes from './VirtualGrid.module.css';

/** The grid's top and bottom border, in pixels (VirtualGrid.module.css). */
const GRID_BORDERS = 2;

/** `data-*` attributes (row states for styling and tests). */
export type DataAttributes = { [name: `data-${string}`]: string | number | boolean | undefined };
export type GridCellAttributes = DataAttributes &
  Pick<HTMLAttributes<HTMLDivElement>, 'title' | 'onClick' | 'aria-invalid'>;

/**
 * The rows a grid shows, read one position at a time: only rows in view are ever asked for, so
 * a list of 50,000 costs what 40 do.
 */
export interface GridRows {
  count: number;
  /** A stable key per row (it keeps a row's DOM while others scroll past). */
  key: (position: number) => string;
  /** What a cell shows; `column` is the index among the visible columns. */
  cell: (position: number, column: number) => ReactNode;
  rowAttributes?: (position: number) => DataAttributes;
  cellAttributes?: (position: number, column: number) => GridCellAttributes;
}

export interface VirtualGridProps<T> {
  /** The columns (headers, widths, visibility, sorting, resizing). Its rows are not read: `rows` says what to show. */
  table: Table<T>;
  rows: GridRows;
  label: string;
  testId?: string;
  className?: string;
  rowHeight: number;
  headerHeight?: number;
  /** `row`: the keyboard moves between rows; `cell`: between cells too. */
  navigation: 'row' | 'cell';
  cursor: GridCursor | null;
  onCursorChange: (cursor: GridCursor) => void;
  /** Where the cursor starts when the keyboard first comes in (cell grids: the first column worth editing). */
  firstColumn?: number;
  /** Enter on a row, and a click (or double-click, as `activateOn` says) on it. */
  onActivate?: (position: number) => void;
  activateOn?: 'click' | 'doubleClick';
  /** Keys the grid does not use itself, pressed on the grid (not in a control inside a row). */
  onKey?: (event: KeyboardEvent<HTMLDivElement>, cursor: GridCursor) => void;
  resizable?: boolean;
  sortNote?: string;
  /** `fill`: takes the height its screen leaves it; `fit`: as tall as its rows, up to that. */
  layout?: 'fill' | 'fit';
  busy?: boolean;
  /** Shown under the header when there are no rows (loading, empty, an error). */
  placeholder?: ReactNode;
  /** Changes when the rows are another set (a new page, new filters): back to the top. */
  scrollResetKey?: string;
  /** The scroll container, which is the grid's one tab stop: for focusing it from outside. */
  gridRef?: RefObject<HTMLDivElement | null>;
  /** The screen's own list: it takes the focus when its rows first arrive, so the arrow keys work without a Tab. */
  focusOnArrival?: boolean;
  /** Columns with nothing in them on the rows shown (by id): they give their room up first. */
  emptyColumns?: ReadonlySet<string>;
}

/**
 * The desk's one grid: an ARIA grid whose rows are virtualised (only those in view are in the
 * DOM, from TanStack Virtual), with columns from a TanStack table, a sticky header, and widths
 * from CSS variables. The grid is a single tab stop; the row or cell the keyboard is on is its
 * `aria-activedescendant`, so focus stays put while rows come and go. Arrows, PageUp/PageDown and
 * Home/End move; Enter activates; other keys go to `onKey`. Keys inside a row's own controls are
 * left to those controls.
 */
export function VirtualGrid<T>({
  table,
  rows,
  label,
  testId,
  className,
  rowHeight,
  headerHeight = 36,
  navigation,
  cursor,
  onCursorChange,
  firstColumn = 0,
  onActivate,
  activateOn = 'click',
  onKey,
  resizable = false,
  sortNote,
  layout = 'fill',
  busy,
  placeholder,
  scrollResetKey,
  gridRef,
  focusOnArrival = false,
  emptyColumns,
}: VirtualGridProps<T>) {
  const ownRef = useRef<HTMLDivElement>(null);
  const scrollRef = gridRef ?? ownRef;
  const activeId = useId();
  // A press of the mouse places the cursor itself; the focus it brings must not move it to the first row.
  const pointerFocus = useRef(false);
  const columns = table.getVisibleLeafColumns();
  const flexes = columnFlexes(columns, table.getState().columnSizing, emptyColumns);
  const headers = table.getFlatHeaders().filter((header) => header.column.getIsVisible());
  const at = cursorWithin(cursor, { rows: rows.count, columns: columns.length });
  // The rows are at least this wide (min-width: 100% does the rest); the growing columns share what the grid has beyond it.
  const width = minimumWidth(columns, flexes);
  const headRowRef = useRef<HTMLDivElement>(null);
  const scrollbar = useScrollbarRoom(scrollRef, layout === 'fit');

  // The virtualizer measures the DOM and keeps its own state; the compiler is told not to memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
    getItemKey: (position) => rows.key(position),
  });

  // Back to the top when the rows become another set; not at mount, where a new grid is at the top
  // already and scrollTo would only lay the page out early (~15 ms on the first screen, before its
  // rows arrive and it is laid out again).
  const scrolledFor = useRef(scrollResetKey);
  useEffect(() => {
    if (scrolledFor.current === scrollResetKey) return;
    scrolledFor.current = scrollResetKey;
    scrollRef.current?.scrollTo({ top: 0 });
  }, [scrollRef, scrollResetKey]);

  useFocusOnArrival(scrollRef, focusOnArrival && rows.count > 0);

  // A fitted grid is as tall as its rows (and a sideways scrollbar, when it has one), shrinking
  // with its screen down to a few rows (or all, when fewer). Without rows, its placeholder sizes it.
  const fitted: CSSProperties | undefined =
    layout === 'fit' && rows.count > 0
      ? {
          height: headerHeight + virtualizer.getTotalSize() + scrollbar + GRID_BORDERS,
          minHeight: headerHeight + Math.min(rows.count, 3) * rowHeight + scrollbar + GRID_BORDERS,
        }
      : undefined;

  // The cursor stays in view, whichever way it moved: the virtualizer brings its row, scrollLeft its
  // column (where its header is laid out: growing and shrinking columns are not at their sizes).
  const cursorColumn = navigation === 'cell' ? at?.column : undefined;
  const cursorPosition = at?.position;
  useEffect(() => {
    if (cursorPosition === undefined) return;
    virtualizer.scrollToIndex(cursorPosition, { align: 'auto' });
    const grid = scrollRef.current;
    const header = cursorColumn === undefined ? undefined : headRowRef.current?.children[cursorColumn];
    if (!grid || !(header instanceof HTMLElement)) return;
    const left = header.offsetLeft;
    const right = left + header.offsetWidth;
    if (left < grid.scrollLeft) grid.scrollLeft = left;
    else if (right > grid.scrollLeft + grid.clientWidth) grid.scrollLeft = right - grid.clientWidth;
  }, [virtualizer, scrollRef, cursorPosition, cursorColumn]);

  const items = virtualizer.getVirtualItems();
  // Only a row in the DOM can be the active descendant: scrolled far away (the wheel, a scrollbar) its element is gone.
  const activeShown = at !== null && items.some((item) => item.index === at.position);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || rows.count === 0 || event.altKey || event.metaKey) return;
    // Ctrl belongs to the browser in a row grid; a cell grid takes Ctrl+Home/End to the first and last row.
    if (event.ctrlKey && navigation === 'row') return;
    const current = at ?? { position: 0, column: firstColumn };
    const next = movedCursor(
      event.key,
      event.ctrlKey,
      current,
      { rows: rows.count, columns: columns.length },
      navigation,
    );
    if (next) {
      event.preventDefault();
      onCursorChange(next);
    } else if (event.key === 'Enter' && onActivate) {
      event.preventDefault();
      onActivate(current.position);
    } else {
      onKey?.(event, current);
    }
  };

  const onRowMouseDown = (event: MouseEvent<HTMLDivElement>, position: number) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[role="gridcell"]');
    const column = navigation === 'cell' ? Number(cell?.dataset.columnIndex ?? at?.column ?? firstColumn) : 0;
    pointerFocus.current = true;
    onCursorChange({ position, column });
  };

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label={label}
      aria-rowcount={rows.count + 1}
      aria-colcount={columns.length}
      aria-busy={busy || undefined}
      aria-activedescendant={activeShown ? activeId : undefined}
      tabIndex={0}
      className={`${classes.grid} ${className ?? ''}`}
      data-layout={layout}
      data-navigation={navigation}
      style={
        {
          ...widthVariables(columns),
          '--grid-row-height': `${rowHeight}px`,
          '--grid-header-height': `${headerHeight}px`,
          ...fitted,
        } as CSSProperties
      }
      data-testid={testId}
      onKeyDown={onKeyDown}
      onMouseUp={() => {
        pointerFocus.current = false;
      }}
      onFocus={(event) => {
        const byPointer = pointerFocus.current;
        pointerFocus.current = false;
        // The cursor appears where the keyboard comes in.
        if (event.target === event.currentTarget && !byPointer && at === null && rows.count > 0)
          onCursorChange({ position: 0, column: firstColumn });
      }}
    >
      <div role="rowgroup" className={classes.head}>
        <div ref={headRowRef} role="row" aria-rowindex={1} className={classes.headRow} style={{ width }}>
          {headers.map((header) => (
            <GridHeaderCell
              key={header.id}
              header={header}
              flex={flexes.get(header.column)}
              resizable={resizable}
              sortNote={sortNote}
            />
          ))}
        </div>
      </div>
      {rows.count === 0 ? (
        <div className={classes.placeholder}>{placeholder}</div>
      ) : (
        <div role="rowgroup" className={classes.body} style={{ height: virtualizer.getTotalSize(), width }}>
          {items.map((item) => {
            const position = item.index;
            const onCursorRow = at?.position === position;
            return (
              <div
                key={item.key as string}
                role="row"
                id={navigation === 'row' && onCursorRow ? activeId : undefined}
                aria-rowindex={position + 2}
                aria-selected={navigation === 'row' ? onCursorRow : undefined}
                className={classes.row}
                style={{ transform: `translateY(${item.start - headerHeight}px)`, width }}
                {...rows.rowAttributes?.(position)}
                onMouseDown={(event) => onRowMouseDown(event, position)}
                onClick={activateOn === 'click' && onActivate ? () => onActivate(position) : undefined}
                onDoubleClick={activateOn === 'doubleClick' && onActivate ? () => onActivate(position) : undefined}
              >
                {columns.map((column, index) => {
                  const focused = navigation === 'cell' && onCursorRow && at?.column === index;
                  return (
                    <div
                      key={column.id}
                      role="gridcell"
                      id={focused ? activeId : undefined}
                      className={classes.cell}
                      data-column-index={index}
                      data-focused={focused || undefined}
                      {...cellLayout(column, flexes.get(column))}
                      {...rows.cellAttributes?.(position, index)}
                    >
                      <div className={classes.content}>{rows.cell(position, index)}</div>
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

/**
 * Focuses the grid once, when it first has rows, if nothing else holds the focus: the page
 * itself, or the navigation link that led here (a search box, a tab or a dialog keeps it).
 */
function useFocusOnArrival(ref: RefObject<HTMLDivElement | null>, ready: boolean): void {
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    const active = document.activeElement;
    const idle = active === null || active === document.body || active.closest('nav') !== null;
    if (idle) ref.current?.focus({ preventScroll: true });
  }, [ref, ready]);
}

/** The height a sideways scrollbar takes from the grid (0 without one, or with overlay scrollbars). */
function useScrollbarRoom(ref: RefObject<HTMLDivElement | null>, enabled: boolean): number {
  const [room, setRoom] = useState(0);
  useLayoutEffect(() => {
    const grid = ref.current;
    if (!enabled || !grid) return;
    const measure = () => {
      const { borderTopWidth, borderBottomWidth } = getComputedStyle(grid);
      setRoom(
        Math.max(0, grid.offsetHeight - grid.clientHeight - parseFloat(borderTopWidth) - parseFloat(borderBottomWidth)),
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(grid);
    return () => observer.disconnect();
  }, [ref, enabled]);
  return room;
}
