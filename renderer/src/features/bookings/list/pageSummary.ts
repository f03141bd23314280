import type { Pagination as SyncPagination } from '../../../../../shared/schemas/common';

/** The Sync API's pagination, or the desk list's, whose search may count only up to a bound. */
export type PageInfo = SyncPagination & { count_is_lower_bound?: boolean };

const count = new Intl.NumberFormat();

/** "1–200 of 1,234 bookings" (or "of 1,000+" when the search counted only so far): where this page sits in the whole result. */
export function pageSummary(pagination: PageInfo, rowsOnPage: number): string {
  const total = pagination.total_count;
  const more = pagination.count_is_lower_bound === true;
  const noun = total === 1 && !more ? 'booking' : 'bookings';
  const of = `${count.format(total)}${more ? '+' : ''} ${noun}`;
  if (total === 0) return 'No bookings';
  if (rowsOnPage === 0) return of;
  const first = (pagination.current_page - 1) * pagination.per_page + 1;
  return `${count.format(first)}–${count.format(first + rowsOnPage - 1)} of ${of}`;
}
