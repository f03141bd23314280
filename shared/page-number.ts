/**
 * `page` and `per_page` as a query string writes them. Any whole number from 1 is taken as
 * written (docs/spec-decisions.md): per_page above the maximum is capped by the list, and a page
 * past the end is an empty page. The digits are read as text, so that a number too long for a
 * JavaScript number (or for SQLite's LIMIT and OFFSET) cannot turn into an error or a rounding:
 * beyond PAGE_NUMBER_CEILING it is read as the ceiling, which is past the end of any store.
 */

/** The largest page number answered as such: 2^53 − 1, the last integer every JSON reader keeps exactly. */
export const PAGE_NUMBER_CEILING = Number.MAX_SAFE_INTEGER;

export const PAGE_NUMBER_NOT_INTEGER = 'must be a positive integer';
export const PAGE_NUMBER_BELOW_ONE = 'must be 1 or more (pages and page sizes count from 1)';

export type PageNumberReading = { ok: true; value: number } | { ok: false; problem: string };

export function readPageNumber(text: string): PageNumberReading {
  // A zero or a negative number is an integer, only below 1: say so rather than "not an integer".
  if (/^-?0+$/.test(text) || /^-\d+$/.test(text)) return { ok: false, problem: PAGE_NUMBER_BELOW_ONE };
  if (!/^\d+$/.test(text)) return { ok: false, problem: PAGE_NUMBER_NOT_INTEGER };
  const digits = text.replace(/^0+/, '');
  // Sixteen digits or fewer parse exactly enough to compare with the ceiling (2^53 − 1 has sixteen).
  if (digits.length > 16) return { ok: true, value: PAGE_NUMBER_CEILING };
  return { ok: true, value: Math.min(Number(digits), PAGE_NUMBER_CEILING) };
}

/** How many rows come before a page: at most PAGE_NUMBER_CEILING, where a page past the end of any store starts. */
export function rowsBefore(page: number, perPage: number): number {
  return Math.min((page - 1) * perPage, PAGE_NUMBER_CEILING);
}
