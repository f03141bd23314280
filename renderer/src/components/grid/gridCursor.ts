/** Where the keyboard is in a grid: a row (its position in the list shown) and a column (among the visible ones). */
export interface GridCursor {
  position: number;
  column: number;
}

/** Rows PageUp and PageDown move by. */
export const PAGE_ROWS = 10;

/**
 * Where a key moves the cursor, or null when the key is not a move. Row grids move between
 * rows only (Home and End go to the first and last row); cell grids move between cells too,
 * spreadsheet-style (Home and End along the row, with Ctrl to the first and last row).
 */
export function movedCursor(
  key: string,
  ctrl: boolean,
  at: GridCursor,
  size: { rows: number; columns: number },
  navigation: 'row' | 'cell',
): GridCursor | null {
  const lastRow = size.rows - 1;
  const lastColumn = size.columns - 1;
  const toRow = (position: number) => ({ ...at, position: Math.max(0, Math.min(lastRow, position)) });
  const toColumn = (column: number) => ({ ...at, column: Math.max(0, Math.min(lastColumn, column)) });
  switch (key) {
    case 'ArrowDown':
      return toRow(at.position + 1);
    case 'ArrowUp':
      return toRow(at.position - 1);
    case 'PageDown':
      return toRow(at.position + PAGE_ROWS);
    case 'PageUp':
      return toRow(at.position - PAGE_ROWS);
    case 'ArrowRight':
      return navigation === 'cell' ? toColumn(at.column + 1) : null;
    case 'ArrowLeft':
      return navigation === 'cell' ? toColumn(at.column - 1) : null;
    case 'Home':
      return navigation === 'row' || ctrl ? toRow(0) : toColumn(0);
    case 'End':
      return navigation === 'row' || ctrl ? toRow(lastRow) : toColumn(lastColumn);
    default:
      return null;
  }
}

/** The cursor kept inside the list shown, which may have shrunk (a filter, a deleted row); null when it is empty. */
export function cursorWithin(cursor: GridCursor | null, size: { rows: number; columns: number }): GridCursor | null {
  if (!cursor || size.rows === 0) return null;
  return {
    position: Math.min(cursor.position, size.rows - 1),
    column: Math.max(0, Math.min(cursor.column, size.columns - 1)),
  };
}
