import type { Table } from '@tanstack/react-table';
import type { ListedBooking } from '../../../api/reception-api';

/**
 * Columns whose cell is a dash when there is nothing to show. Not the name (never hidden), the
 * check-in (its buttons), the external id (a "none" badge) or those that always hold something.
 */
const SHOWS_A_DASH = new Set([
  'jump_on',
  'email',
  'mobile',
  'product',
  'camera_requirement',
  'camera_package',
  'filmer',
  'album',
  'language',
  'reference',
  'external_service',
  'link',
]);

/**
 * The visible columns with nothing in them on the rows shown: they give their room up first, so
 * an all-empty Product column does not hold 300 px while the e-mail addresses are cut. None
 * while there are no rows (the placeholder shows, and the widths stay as they were).
 */
export function emptyColumnsOf(table: Table<ListedBooking>): ReadonlySet<string> {
  const rows = table.getRowModel().rows;
  const empty = new Set<string>();
  if (rows.length === 0) return empty;
  for (const column of table.getVisibleLeafColumns()) {
    if (SHOWS_A_DASH.has(column.id) && rows.every((row) => row.getValue(column.id) === undefined)) empty.add(column.id);
  }
  return empty;
}
