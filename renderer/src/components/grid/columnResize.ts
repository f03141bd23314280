import type { Column, Table } from '@tanstack/react-table';
import type { MouseEvent as ReactMouseEvent, TouchEvent as ReactTouchEvent } from 'react';

/**
 * Starts dragging a column's edge, from the width the column shows now. TanStack's own handler
 * starts from the column's `size`, which a column that grew or shrank with the window is not:
 * the edge would jump under the pointer. The width ends up in the table's column sizing (kept
 * by its owner), and from then on the column keeps it (columnFlexes).
 */
export function startColumnResize<T>(
  event: ReactMouseEvent<HTMLElement> | ReactTouchEvent<HTMLElement>,
  column: Column<T, unknown>,
  table: Table<T>,
  onActive: (active: boolean) => void,
): void {
  const touch = 'touches' in event;
  if (touch ? event.touches.length !== 1 : event.button !== 0) return;
  const header = event.currentTarget.closest<HTMLElement>('[role="columnheader"]');
  if (!header) return;
  // No text selected along the way (a touch start is passive in React: nothing to prevent there).
  if (!touch) event.preventDefault();
  const startX = touch ? event.touches[0]!.clientX : event.clientX;
  const startWidth = header.getBoundingClientRect().width;
  const min = column.columnDef.minSize ?? 0;
  const max = column.columnDef.maxSize ?? Number.MAX_SAFE_INTEGER;
  const resizeTo = (clientX: number) => {
    const width = Math.round(Math.min(max, Math.max(min, startWidth + clientX - startX)));
    table.setColumnSizing((sizing) => ({ ...sizing, [column.id]: width }));
  };
  const onMouseMove = (move: MouseEvent) => resizeTo(move.clientX);
  const onTouchMove = (move: TouchEvent) => {
    if (move.touches[0]) resizeTo(move.touches[0].clientX);
  };
  const end = () => {
    document.removeEventListener('mousemove', onMouseMove);
    document.removeEventListener('mouseup', end);
    document.removeEventListener('touchmove', onTouchMove);
    document.removeEventListener('touchend', end);
    document.removeEventListener('touchcancel', end);
    onActive(false);
  };
  if (touch) {
    document.addEventListener('touchmove', onTouchMove, { passive: true });
    document.addEventListener('touchend', end);
    document.addEventListener('touchcancel', end);
  } else {
    document.addEventListener('mousemove', onMouseMove);
    document.addEventListener('mouseup', end);
  }
  onActive(true);
}
