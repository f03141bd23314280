import { UnstyledButton } from '@mantine/core';
import { flexRender, type Header } from '@tanstack/react-table';
import { useState } from 'react';
import { SortIcon } from '../icons';
import { cellLayout, columnLabel, type ColumnFlex } from './columnLayout';
import { startColumnResize } from './columnResize';
import classes from './VirtualGrid.module.css';

export interface GridHeaderCellProps<T> {
  header: Header<T, unknown>;
  /** How the column flexes with the grid's width (none: it keeps its width). */
  flex: ColumnFlex | undefined;
  /** Columns can be dragged wider or narrower (double-click: back to the default). */
  resizable: boolean;
  /** Said after "Sort by …" where a sort has limits, e.g. "this page only". */
  sortNote?: string;
}

/** A column's header: its name, a sort button where the column sorts, a drag handle where it resizes. */
export function GridHeaderCell<T>({ header, flex, resizable, sortNote }: GridHeaderCellProps<T>) {
  const { column } = header;
  const table = header.getContext().table;
  const [resizing, setResizing] = useState(false);
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
      {...cellLayout(column, flex)}
    >
      {sortable ? (
        <UnstyledButton
          className={classes.sortButton}
          data-unsorted={sorted === false || undefined}
          onClick={column.getToggleSortingHandler()}
          title={
            next === false
              ? 'Back to the list’s own order'
              : `Sort by ${label.toLowerCase()}, ${next === 'asc' ? 'ascending' : 'descending'}${note}`
          }
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
          data-resizing={resizing || undefined}
          onMouseDown={(event) => startColumnResize(event, column, table, setResizing)}
          onTouchStart={(event) => startColumnResize(event, column, table, setResizing)}
          onDoubleClick={() => column.resetSize()}
        />
      )}
    </div>
  );
}
