import type { CheckInFilter } from '../../shared/schemas/reception';
import { withoutAccents } from '../../shared/rules/desk-search';
import type { DeskListQuery } from './desk-list';

/**
 * What an export of the desk list is saved as: the name says what was exported, so a folder of
 * exports reads without opening them (docs/spec-decisions.md, "Export file names"):
 *
 *   bookings-<dates>[-<check-in>][-search-<words>].csv
 *
 * dates: `2026-11-24` (one day), `2026-11-01_2026-11-30` (a range), `from-2026-11-01`,
 * `until-2026-11-30`, or `all`; check-in: `arrived`, `no-show`, `jumped`, `not-marked`; the search
 * in lower-case ASCII letters and digits, accents dropped, anything else one `-`, at most 40
 * characters. Only `a-z 0-9 - _ .`: safe on every file system and in a Content-Disposition header
 * without encoding. The sort and include_all change the order and the walk-ins, not what the list is of.
 */
export function deskExportFileName(query: Pick<DeskListQuery, 'q' | 'from' | 'to' | 'check_in'>): string {
  const parts = ['bookings', datesPart(query.from, query.to)];
  if (query.check_in) parts.push(CHECK_IN_PARTS[query.check_in]);
  const search = query.q?.trim();
  if (search) parts.push(searchPart(search));
  return `${parts.join('-')}.csv`;
}

const CHECK_IN_PARTS: Record<CheckInFilter, string> = {
  arrived: 'arrived',
  no_show: 'no-show',
  jumped: 'jumped',
  none: 'not-marked',
};

/** The search's own words in a name, at most this long (a pasted e-mail or link stays readable). */
export const SEARCH_PART_MAX = 40;

function datesPart(from: string | undefined, to: string | undefined): string {
  if (from !== undefined && to !== undefined) return from === to ? from : `${from}_${to}`;
  if (from !== undefined) return `from-${from}`;
  if (to !== undefined) return `until-${to}`;
  return 'all';
}

/** Letters that NFKD leaves whole but have a usual ASCII spelling (Straße → strasse). */
const SPELLED_OUT: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', þ: 'th' };

function searchPart(search: string): string {
  const words = withoutAccents(search.toLowerCase())
    .replace(/[ßæœøłđþ]/g, (letter) => SPELLED_OUT[letter] ?? '-')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SEARCH_PART_MAX)
    .replace(/^-+|-+$/g, '');
  // Nothing left in ASCII (a name in another script): the name still says it was a search.
  return words ? `search-${words}` : 'search';
}
