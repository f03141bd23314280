import { UnstyledButton } from '@mantine/core';
import { flexRender, type Header } from '@tanstack/react-table';
import { SortIcon } from '../icons';
import { cellLayout, columnLabel } from './columnLayout';
import classes from './VirtualGrid.module.css';

export interface GridHeaderCellProps<T> {
  header: Header<T, unknown>;
  grows: boolean;
  /** Columns can be dragged wider or narrower (double-click: back to the default). */
  resizable: boolean;
  /** Said after "Sort by …" where a sort has limits, e.g. "this page only". */
  sortNote?: string;
}

/** A column's header: its name, a sort button where the column sorts, a drag handle where it resizes. */
export function GridHeaderCell<T>({ header, grows, resizable, sortNote }: GridHeaderCellProps<T>) {
  const { column } = header;
  const label = columnLabel(column);
  const content = <span className={classes.thLabel}>{flexRender(column.columnDef.header, header.getContext())}</span>;
  const sorted = column.getIsSorted();
  const sortable = column.getCanSort();
  const next = column.getNextSortingOrder();
  const note = sortNote ? ` (${sortNote})` : '';
  return (
    <div
      role="columnheader"
      aria-sort={!sortable ? undefined : sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
      className={classes.th}
      {...cellLayout(column, grows)}
    >
      {sortable ? (
        <UnstyledButton
          className={classes.sortButton}
          data-unsorted={sorted === false || undefined}
          onClick={column.getToggleSortingHandler()}
          title={next === false ? 'Back to the list’s own order' : `Sort by ${label.toLowerCase()}, ${next === 'asc' ? 'ascending' : 'descending'}${note}`}
        >
          {content}
          <SortIcon direction={sorted} />
        </UnstyledButton>
      ) : (
        <div className={classes.thStatic}>{content}</div>
      )}
      {resizable && column.getCanResize() && (
        // Mouse only: keyboard users reset widths from a menu (the Bookings screen's Columns).
        <div
          aria-hidden
          title="Drag to resize, double-click to reset"
          className={classes.resizer}
          data-resizing={column.getIsResizing() || undefined}
          onMouseDown={header.getResizeHandler()}
          onTouchStart={header.getResizeHandler()}
          onDoubleClick={() => column.resetSize()}
        />
      )}
    </div>
  );
}
