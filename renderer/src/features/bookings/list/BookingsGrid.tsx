import { UnstyledButton } from '@mantine/core';
import { flexRender, type Header, type Table } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, type CSSProperties, type ReactNode, type RefObject } from 'react';
import type { BookingListItem } from '../../../../../shared/schemas/booking';
import { SortIcon } from '../../../components/icons';
import { columnLabel } from './columns';
import classes from './BookingsGrid.module.css';

const HEADER_HEIGHT = 36;
export const ROW_HEIGHT = 36;

export const rowElementId = (bookingId: number) => `booking-row-${bookingId}`;

export interface BookingsGridProps {
  table: Table<BookingListItem>;
  /** The scroll container; it is the grid's single tab stop and carries the keyboard selection. */
  gridRef: RefObject<HTMLDivElement | null>;
  selectedIndex: number;
  onSelectIndex: (index: number) => void;
  onOpen: (booking: BookingListItem) => void;
  /** A new page or new filters: back to the top. */
  resetScrollKey: string;
  busy: boolean;
  /** Shown under the header instead of rows (loading, empty, error). */
  placeholder?: ReactNode;
}

function ColumnHeader({ header }: { header: Header<BookingListItem, unknown> }) {
  const label = columnLabel(header.column);
  const shortLabel = typeof header.column.columnDef.header === 'string' ? header.column.columnDef.header : label;
  const sorted = header.column.getIsSorted();
  const resizing = header.column.getIsResizing();
  const next = header.column.getNextSortingOrder();
  return (
    <div
      role="columnheader"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
      className={classes.th}
      style={{ width: `var(--col-${header.column.id}-size)` }}
    >
      <UnstyledButton
        className={classes.sortButton}
        data-unsorted={sorted === false || undefined}
        onClick={header.column.getToggleSortingHandler()}
        title={next === false ? `Back to the server's order` : `Sort by ${label.toLowerCase()}, ${next === 'asc' ? 'ascending' : 'descending'} (this page)`}
      >
        <span className={classes.thLabel}>{shortLabel}</span>
        <SortIcon direction={sorted} />
      </UnstyledButton>
      {/* Mouse only: keyboard users reset widths from the Columns menu. */}
      <div
        aria-hidden
        data-resizer
        title="Drag to resize, double-click to reset"
        className={classes.resizer}
        data-resizing={resizing || undefined}
        onMouseDown={header.getResizeHandler()}
        onTouchStart={header.getResizeHandler()}
        onDoubleClick={() => header.column.resetSize()}
      />
    </div>
  );
}

/**
 * The bookings of one page as an ARIA grid: rows virtualized (only those in view are in the
 * DOM), the header sticky, widths from CSS variables so a drag re-lays out without re-rendering
 * every cell's content. Selection is `aria-activedescendant` on the grid: focus stays on one
 * element while rows come and go.
 */
export function BookingsGrid({ table, gridRef, selectedIndex, onSelectIndex, onOpen, resetScrollKey, busy, placeholder }: BookingsGridProps) {
  const rows = table.getRowModel().rows;
  const headers = table.getFlatHeaders().filter((header) => header.column.getIsVisible());
  const { columnSizing, columnSizingInfo, columnVisibility } = table.getState();

  const widthVariables = useMemo(() => {
    const variables: Record<string, string> = {};
    for (const header of table.getFlatHeaders()) variables[`--col-${header.column.id}-size`] = `${header.getSize()}px`;
    return variables as CSSProperties;
    // The sizes live in the table; these states are what change them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [table, columnSizing, columnSizingInfo, columnVisibility]);

  // The virtualizer measures the DOM and keeps its own state; the compiler is told not to memoise around it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => gridRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
  });

  useEffect(() => {
    gridRef.current?.scrollTo({ top: 0 });
  }, [gridRef, resetScrollKey]);

  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [virtualizer, selectedIndex]);

  const selected = rows[selectedIndex];
  const rowWidth = table.getTotalSize();

  return (
    <div
      ref={gridRef}
      role="grid"
      aria-label="Bookings"
      aria-rowcount={rows.length + 1}
      aria-colcount={headers.length}
      aria-busy={busy}
      aria-activedescendant={selected ? rowElementId(selected.original.id) : undefined}
      tabIndex={0}
      className={classes.grid}
      style={widthVariables}
      data-testid="bookings-grid"
    >
      <div role="rowgroup" className={classes.head}>
        <div role="row" aria-rowindex={1} className={classes.headRow} style={{ width: rowWidth }}>
          {headers.map((header) => (
            <ColumnHeader key={header.id} header={header} />
          ))}
        </div>
      </div>
      {rows.length === 0 ? (
        <div className={classes.placeholder}>{placeholder}</div>
      ) : (
        <div role="rowgroup" className={classes.body} style={{ height: virtualizer.getTotalSize(), width: rowWidth }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const isSelected = item.index === selectedIndex;
            return (
              <div
                key={row.id}
                role="row"
                id={rowElementId(row.original.id)}
                aria-rowindex={item.index + 2}
                aria-selected={isSelected}
                data-selected={isSelected || undefined}
                data-unopenable={row.original.external_id === null || undefined}
                className={classes.row}
                style={{ transform: `translateY(${item.start - HEADER_HEIGHT}px)`, width: rowWidth }}
                onClick={() => onSelectIndex(item.index)}
                onDoubleClick={() => onOpen(row.original)}
              >
                {row.getVisibleCells().map((cell) => (
                  <div key={cell.id} role="gridcell" className={classes.cell} style={{ width: `var(--col-${cell.column.id}-size)` }}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
