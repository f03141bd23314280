import { withoutAccents } from '../../../shared/rules/desk-search';
import { ftsPhrase, indexedNeedle } from './search-index-query';
/**
 * The SQL of one booking list (`GET /bookings`): which rows match, how they are counted, and
 * how one page of them is found. Each shape (which filters are set) is compiled once; the
 * values are bound. The plans each shape gets are checked in test/unit/booking-list-plans.test.ts.
 */
export interface BookingQuery {
  includeAll: boolean;
  /** Matched as plain substrings (no wildcards), case-insensitively: the store folds them as it folds the rows. */
  nameContains?: string;
  emailContains?: string;
  jumpOnGteq?: string;
  jumpOnLteq?: string;
  jumpOnLt?: string;
  jumpOnGt?: string;
}

/**
 * Case folding for the `_cont` filters: done in JS so that non-ASCII letters fold too.
 * toLowerCase() is the Unicode default (root-locale) mapping, the same as toLocaleLowerCase('und')
 * without its ~2 µs ICU call per string.
 */
export function foldForSearch(value: string | null | undefined): string {
  return (value ?? '').toLowerCase();
}

type SearchKey = 'nameContains' | 'emailContains';
type DateKey = 'jumpOnGteq' | 'jumpOnLteq' | 'jumpOnLt' | 'jumpOnGt';

/**
 * Where the search index looks each `_cont` needle up (its folded form, as the filter compares
 * it): the e-mail in email_folded; a name in the columns that hold every name as name_folded
 * (migration 011): `name` (names without accents) and `name_accented`. A needle with accents is
 * in no name without them, so it is looked up in `name_accented` alone. Either way the phrase
 * match is the filter's answer (a trigram phrase is a substring); the `instr` on the folded
 * column is for needles the index cannot look up.
 */
const SEARCH: Record<SearchKey, { column: string; indexColumns: (needle: string) => string }> = {
  nameContains: {
    column: 'name_folded',
    indexColumns: (needle) => (withoutAccents(needle) === needle ? 'name name_accented' : 'name_accented'),
  },
  emailContains: { column: 'email_folded', indexColumns: () => 'email_folded' },
};

const DATE_OPERATOR: Record<DateKey, string> = { jumpOnGteq: '>=', jumpOnLteq: '<=', jumpOnLt: '<', jumpOnGt: '>' };
const SEARCH_KEYS = Object.keys(SEARCH) as SearchKey[];
const DATE_KEYS = Object.keys(DATE_OPERATOR) as DateKey[];

export interface CompiledList {
  /** Which statements this list uses: the filters that are set, and how each search is answered. */
  shape: string;
  /** The same plus the filters' values: what a cached count and page boundaries belong to. */
  key: string;
  params: Record<string, unknown>;
  /** The conditions on `b` (bookings) of every filter but the indexed searches. */
  where: string;
  /** The indexed searches as one FTS5 query, if any. */
  match: string | undefined;
  /** True when the count comes from booking_counts (no search filter at all). */
  countedByDay: boolean;
  /** True when a date filter is set (a page may then be found from the jump_on index). */
  dated: boolean;
  countWhere: string;
}

/**
 * `searchIndexed` false: the search index is missing some bookings (bookings_search_pending holds
 * rows a writer other than the Store left), so every search compares every booking instead.
 */
export function compileList(dropzoneId: number, query: BookingQuery, searchIndexed = true): CompiledList {
  const where = ['b.dropzone_id = @dropzoneId'];
  const countWhere = ['dropzone_id = @dropzoneId'];
  const params: Record<string, unknown> = { dropzoneId };
  const shape: string[] = [query.includeAll ? 'all' : 'external'];
  if (!query.includeAll) {
    where.push('b.external_id IS NOT NULL');
    countWhere.push('external = 1');
  }
  const phrases: string[] = [];
  let searched = false;
  for (const key of SEARCH_KEYS) {
    const value = query[key];
    if (value === undefined) continue;
    const needle = foldForSearch(value);
    const { column, indexColumns } = SEARCH[key];
    searched = true;
    if (searchIndexed && indexedNeedle(needle)) {
      const columns = indexColumns(needle);
      phrases.push(ftsPhrase(columns, needle));
      shape.push(`${key}:indexed:${columns}`);
    } else {
      where.push(`instr(b.${column}, @${key}) > 0`);
      params[key] = needle;
      shape.push(`${key}:scan`);
    }
  }
  const dated = DATE_KEYS.some((key) => query[key] !== undefined);
  // '' is booking_counts' day for a booking with no jump date: no date filter may match it.
  if (dated) countWhere.push("day <> ''");
  for (const key of DATE_KEYS) {
    const value = query[key];
    if (value === undefined) continue;
    where.push(`b.jump_on ${DATE_OPERATOR[key]} @${key}`);
    countWhere.push(`day ${DATE_OPERATOR[key]} @${key}`);
    params[key] = value;
    shape.push(key);
  }
  const match = phrases.length > 0 ? phrases.join(' AND ') : undefined;
  if (match !== undefined) params.match = match;
  return {
    shape: shape.join(','),
    key: `${dropzoneId}|${JSON.stringify(params)}|${query.includeAll}`,
    params,
    where: where.join(' AND '),
    match,
    countedByDay: !searched,
    dated,
    countWhere: countWhere.join(' AND '),
  };
}

export interface ListSql {
  count: string;
  /** The page's ids in id order from `@afterId` on (a page boundary), then their rows. */
  page: string;
  /** The same from the jump_on index, sorted: for a date range that holds few of the dropzone's bookings. */
  pageByDay: string | undefined;
}

/**
 * With an indexed search, the search index leads (CROSS JOIN keeps it first): it yields its
 * matches in id order, each checked against the lean list index by (dropzone, id), so a page stops
 * at its last row and starts at its boundary (`rowid > @afterId` seeks inside the index). Left
 * to itself the planner may instead walk a whole index of the dropzone and probe the matches.
 * Without one, the lean list index is walked in id order, or for a narrow date range read from
 * the jump_on index and sorted; counts then come from booking_counts.
 */
export function listSql(list: CompiledList): ListSql {
  const rowsOf = (ids: string) => `SELECT b.* FROM (${ids}) AS p JOIN bookings b ON b.id = p.id ORDER BY b.id`;
  const page = '@limit OFFSET @skip';
  if (list.match !== undefined) {
    const from =
      'FROM bookings_search CROSS JOIN bookings b INDEXED BY bookings_list_by_id ON b.id = bookings_search.rowid ' +
      `WHERE bookings_search MATCH @match AND ${list.where}`;
    return {
      count: `SELECT count(*) ${from}`,
      page: rowsOf(
        `SELECT b.id ${from} AND bookings_search.rowid > @afterId ORDER BY bookings_search.rowid LIMIT ${page}`,
      ),
      pageByDay: undefined,
    };
  }
  const ids = (indexedBy: string) =>
    `SELECT b.id FROM bookings b${indexedBy} WHERE ${list.where} AND b.id > @afterId ORDER BY b.id LIMIT ${page}`;
  return {
    count: list.countedByDay
      ? `SELECT coalesce(sum(n), 0) FROM booking_counts WHERE ${list.countWhere}`
      : `SELECT count(*) FROM bookings b WHERE ${list.where}`,
    page: rowsOf(ids('')),
    pageByDay: list.dated ? rowsOf(ids(' INDEXED BY bookings_list_by_jump_on')) : undefined,
  };
}
