import type { DeskSearch } from '../../../shared/rules/desk-search';
import type { CheckInFilter, DeskSortKey } from '../../../shared/schemas/reception';
import { SEARCH_REFS_SQL } from '../migrations/010-reception-search-and-check-ins';
import { ftsPhrase, indexedNeedle } from './search-index-query';

/**
 * The SQL of the desk list (GET /api/desk/bookings, its export and the day sheet): which bookings
 * match, how many, and in which order. Each shape (filters set, sort, direction, how the search is
 * answered) is compiled once; values are bound. Migration 010 says which indexes serve it.
 */
export interface DeskListFilter {
  includeAll: boolean;
  search?: DeskSearch;
  /** jump_on from / to, inclusive. */
  from?: string;
  to?: string;
  checkIn?: CheckInFilter;
}

export interface DeskListOrder {
  key: DeskSortKey;
  dir: 'asc' | 'desc';
}

/**
 * What each sort key orders by. name: the accent-folded name (Schäfer sorts with Schafer);
 * product: the product's name; check_in: the state's name (unmarked first when ascending).
 * Ties are broken by id in the same direction, so every order is total and pages never overlap.
 */
const SORT_EXPRESSION: Record<DeskSortKey, string> = {
  id: 'b.id',
  external_id: 'b.external_id',
  name: 'b.name_plain',
  email: 'b.email_folded',
  jump_on: 'b.jump_on',
  camera_package: 'b.camera_package',
  product: 'p.name',
  check_in: 'c.state',
};

/** The sorts an index walks in order (migration 010), so a page of a million-row list stops at its end. */
export const INDEX_BACKED_SORTS: readonly DeskSortKey[] = ['id', 'external_id', 'name', 'jump_on'];

/** The search index's columns that hold every name without accents (migration 011). */
const NAME_WITHOUT_ACCENTS = ['name', 'name_unaccented'];

export interface CompiledDeskList {
  /** Which statements this list uses. */
  shape: string;
  params: Record<string, unknown>;
  /** FROM … WHERE … of the matching bookings (`b`), joined to what the filter and sort need. */
  fromWhere: string;
  orderBy: string;
  /** The count, when booking_counts can give it (no search, no check-in filter). */
  countFromCounts: string | undefined;
  /** True with a search: it is counted only up to a bound (desk-list.ts), sorted by another key only under one. */
  searched: boolean;
}

/**
 * A search matches a booking when every word of it is in the folded name, or the whole of it is
 * in the e-mail, external id or link, or (a phone query) one of its digit strings is in the phone
 * digits. That predicate is the WHERE clause; with `searchIndexed`, the trigram index's MATCH of
 * the same parts (a superset: the name's words under three characters are left to the WHERE)
 * finds the candidates first, so only they are read. Without it (bookings_search_pending holds
 * rows a writer other than the Store left) the predicate is checked on every booking instead.
 */
export function compileDeskList(
  dropzoneId: number,
  filter: DeskListFilter,
  order: DeskListOrder,
  searchIndexed: boolean,
): CompiledDeskList {
  const where = ['b.dropzone_id = @dropzoneId'];
  const params: Record<string, unknown> = { dropzoneId };
  const shape: string[] = [filter.includeAll ? 'all' : 'external', `${order.key}:${order.dir}`];
  const countWhere = ['dropzone_id = @dropzoneId'];
  if (!filter.includeAll) {
    where.push('b.external_id IS NOT NULL');
    countWhere.push('external = 1');
  }
  if (filter.from !== undefined || filter.to !== undefined) countWhere.push("day <> ''");
  if (filter.from !== undefined) {
    where.push('b.jump_on >= @from');
    countWhere.push('day >= @from');
    params.from = filter.from;
    shape.push('from');
  }
  if (filter.to !== undefined) {
    where.push('b.jump_on <= @to');
    countWhere.push('day <= @to');
    params.to = filter.to;
    shape.push('to');
  }
  const joinCheckIn = filter.checkIn !== undefined || order.key === 'check_in';
  if (filter.checkIn === 'none') where.push('c.state IS NULL');
  else if (filter.checkIn !== undefined) {
    where.push('c.state = @checkIn');
    params.checkIn = filter.checkIn;
  }
  if (filter.checkIn !== undefined) shape.push(`checkIn:${filter.checkIn === 'none' ? 'none' : 'state'}`);

  let match: string | undefined;
  if (filter.search) {
    const { predicate, fts, shapeOf } = searchParts(filter.search, params);
    where.push(`(${predicate})`);
    match = searchIndexed ? fts : undefined;
    if (match !== undefined) params.match = match;
    shape.push(`search:${shapeOf}:${match === undefined ? 'scan' : 'indexed'}`);
  }

  const from =
    match === undefined
      ? 'FROM bookings b'
      : 'FROM bookings_search CROSS JOIN bookings b ON b.id = bookings_search.rowid';
  const joins = [
    joinCheckIn ? 'LEFT JOIN check_ins c ON c.booking_id = b.id AND c.day = b.jump_on' : '',
    order.key === 'product' ? 'LEFT JOIN products p ON p.id = b.product_id' : '',
  ].filter((j) => j !== '');
  const conditions = [...(match === undefined ? [] : ['bookings_search MATCH @match']), ...where];
  const dir = order.dir === 'desc' ? 'DESC' : 'ASC';
  // By id, a searched page comes from the index in rowid order, so LIMIT stops it early;
  // `ORDER BY b.id` would have SQLite read every match into a sort first (it does not see that b.id = rowid).
  const idOrder = match === undefined ? 'b.id' : 'bookings_search.rowid';
  return {
    shape: shape.join(','),
    params,
    fromWhere: `${from} ${joins.join(' ')} WHERE ${conditions.join(' AND ')}`,
    orderBy: order.key === 'id' ? `${idOrder} ${dir}` : `${SORT_EXPRESSION[order.key]} ${dir}, b.id ${dir}`,
    searched: filter.search !== undefined,
    countFromCounts:
      filter.search === undefined && filter.checkIn === undefined
        ? `SELECT coalesce(sum(n), 0) FROM booking_counts WHERE ${countWhere.join(' AND ')}`
        : undefined,
  };
}

/** The search's exact predicate (binding its values into `params`) and its FTS5 query, if the index can answer it. */
function searchParts(
  search: DeskSearch,
  params: Record<string, unknown>,
): { predicate: string; fts: string | undefined; shapeOf: string } {
  const predicate: string[] = [];
  /** The index's single phrases, OR'ed: needle → the columns it is looked for in. */
  const needles = new Map<string, Set<string>>();
  const lookFor = (column: string, needle: string) =>
    needles.set(needle, (needles.get(needle) ?? new Set()).add(column));
  let nameGroup: string | undefined;
  let indexed = true;

  const words = search.nameWords.map((word, i) => {
    params[`word${i}`] = word;
    return `instr(b.name_plain, @word${i}) > 0`;
  });
  if (words.length > 0) predicate.push(`(${words.join(' AND ')})`);
  const longWords = search.nameWords.filter(indexedNeedle);
  // Only short words ("Li Wu"): the index finds them as they were typed, side by side.
  const nameNeedles = longWords.length > 0 ? longWords : [search.nameWords.join(' ')];
  if (!nameNeedles.every(indexedNeedle)) indexed = false;
  else if (nameNeedles.length === 1) NAME_WITHOUT_ACCENTS.forEach((column) => lookFor(column, nameNeedles[0]!));
  else nameGroup = `(${nameNeedles.map((w) => ftsPhrase(NAME_WITHOUT_ACCENTS.join(' '), w)).join(' AND ')})`;

  params.text = search.text;
  predicate.push('instr(b.email_folded, @text) > 0', `instr(${SEARCH_REFS_SQL}, @text) > 0`);
  if (indexedNeedle(search.text)) {
    lookFor('email_folded', search.text);
    lookFor('refs', search.text);
  } else indexed = false;

  if (search.linkToken !== undefined) {
    params.linkToken = search.linkToken;
    predicate.push(`instr(${SEARCH_REFS_SQL}, @linkToken) > 0`);
    lookFor('refs', search.linkToken);
  }
  search.phones.forEach((digits, i) => {
    params[`phone${i}`] = digits;
    predicate.push(`instr(b.phone_digits, @phone${i}) > 0`);
    lookFor('phone_digits', digits);
  });
  const shapeOf = `w${search.nameWords.length}p${search.phones.length}l${search.linkToken === undefined ? 0 : 1}`;
  return { predicate: predicate.join(' OR '), fts: indexed ? ftsQuery(needles, nameGroup) : undefined, shapeOf };
}

/**
 * The index's query for these phrases: each needle once, with every column it is looked for in
 * (`{email_folded refs phone_digits} : "5863991"`), so its trigrams' lists are read once, not once
 * per column; and a needle left out where a shorter one of it is looked for in the same columns
 * (`+31 6 12345678` tries 31612345678, 1612345678, 612345678 and 12345678: the last finds the
 * others' rows too). The index only picks the candidates; the WHERE decides.
 */
export function ftsQuery(needles: ReadonlyMap<string, ReadonlySet<string>>, nameGroup?: string): string {
  const kept = [...needles].map(([needle, columns]) => {
    const covered = [...columns].filter((column) =>
      [...needles].some(
        ([other, otherColumns]) => other !== needle && needle.includes(other) && otherColumns.has(column),
      ),
    );
    return [needle, [...columns].filter((c) => !covered.includes(c))] as const;
  });
  const phrases = kept
    .filter(([, columns]) => columns.length > 0)
    .map(([needle, columns]) => ftsPhrase(columns.join(' '), needle));
  return [...(nameGroup === undefined ? [] : [nameGroup]), ...phrases].join(' OR ');
}
