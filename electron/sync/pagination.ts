import type { Pagination } from '../../shared/schemas/common';

/**
 * The spec's pagination object (4.1) for a page of `perPage` rows out of `totalPages`: one rule
 * for the Sync API's list and the desk's. A page past the end still points back to the last one.
 */
export function paginationOf(
  page: number,
  perPage: number,
  total: number,
  totalPages = Math.ceil(total / perPage),
): Pagination {
  return {
    current_page: page,
    per_page: perPage,
    total_pages: totalPages,
    total_count: total,
    next_page: page < totalPages ? page + 1 : null,
    prev_page: page > 1 ? Math.min(page - 1, Math.max(totalPages, 1)) : null,
  };
}
