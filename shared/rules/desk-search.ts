import { DESK_SEARCH_MIN_CHARACTERS } from '../schemas/reception';

/**
 * How the desk list's one search box reads what reception types (finding people by anything they tell):
 * the texts a booking is found by are folded by these functions as they are stored (the store's
 * search columns, migration 010) and the query is folded by the same ones, so both meet.
 * docs/spec-decisions.md, "Reception's desk list (server)".
 */

const COMBINING_MARK = /\p{M}/gu;

/**
 * A name as the desk's search compares it: lower case, then NFKD (compatibility decomposition:
 * `é` becomes `e` + a combining accent, `ﬁ` becomes `fi`), then without the combining marks.
 * Lower case first: `İ`.toLowerCase() is `i` + a combining dot, which the strip then removes.
 * `ß`, `ø`, `æ` have no decomposition and stay as they are.
 * Not the Sync API's `name_cont` folding (lower case only, store/repos/booking-list-query.ts),
 * though its index look-up uses this one's second half (withoutAccents).
 */
export function foldPlain(text: string | null | undefined): string {
  return withoutAccents((text ?? '').toLowerCase());
}

/**
 * NFKD, then without the combining marks: what foldPlain does after lower case. It maps each
 * character on its own (a decomposition is per character; the canonical reordering NFKD does
 * moves only combining marks, which are then dropped), so a substring of a text stays a
 * substring of its folded form: what lets the Sync API's `name_cont` look a needle up in the
 * search index's `name_plain` (store/repos/booking-list-query.ts). Checked for every code point
 * in test/unit/fold-substrings.test.ts.
 */
export function withoutAccents(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARK, '');
}

/**
 * A phone number as the search compares it: its digits only (NFKD first, so full-width digits
 * count), leading zeros dropped: `+49 170 5863991` → `491705863991`, `0170-5863991` →
 * `1705863991`. Dropping the trunk zero makes a national number a substring of its international
 * form, so a query without the country code finds a number stored with one.
 */
export function phoneDigits(text: string | null | undefined): string {
  return (text ?? '').normalize('NFKD').replace(/\D/g, '').replace(/^0+/, '');
}

/** Looks like a phone number: digits and the punctuation people write them with, nothing else. */
const PHONE_LIKE = /^[\d\s+\-()./]+$/;
/** An international prefix: `+49…` or `0049…`. */
const INTERNATIONAL = /^(\+|00)/;
/** A country code is 1 to 3 digits; the rest must still be a number worth matching. */
const MIN_DIGITS_AFTER_COUNTRY_CODE = 7;

/** What one search asks, folded: each part compared with the matching folded text of a booking. */
export interface DeskSearch {
  /** The query's words, folded like names: every word is in the booking's folded name, in any order. */
  nameWords: string[];
  /** The whole query, trimmed, in lower case: a substring of the e-mail, the external id or the link. */
  text: string;
  /**
   * The digit strings any of which, in the booking's phone digits, is a match; empty when the
   * query is no phone number (it holds a letter, or fewer than three digits).
   */
  phones: string[];
  /** A pasted link's last path segment (the link token), when the query is a URL or path. */
  linkToken: string | undefined;
}

/**
 * Reads a query. A phone query (`+49 170 5863991`, `0170-5863991`, `5863991`) gives its digits;
 * one in international form also gives them without a 1–3 digit country code when at least
 * seven digits remain, so `+49 170 5863991` finds `0170-5863991` (stored as `1705863991`).
 * A national query finds an international number by substring already (its trunk zero dropped).
 */
export function readDeskSearch(q: string): DeskSearch {
  const trimmed = q.trim();
  const nameWords = [
    ...new Set(
      foldPlain(trimmed)
        .split(/\s+/)
        .filter((w) => w !== ''),
    ),
  ];
  const text = trimmed.toLowerCase();
  const phones: string[] = [];
  if (PHONE_LIKE.test(trimmed)) {
    const digits = phoneDigits(trimmed);
    if (digits.length >= DESK_SEARCH_MIN_CHARACTERS) phones.push(digits);
    if (INTERNATIONAL.test(trimmed)) {
      for (let codeLength = 1; codeLength <= 3; codeLength++) {
        const national = digits.slice(codeLength).replace(/^0+/, '');
        if (national.length >= MIN_DIGITS_AFTER_COUNTRY_CODE && !phones.includes(national)) phones.push(national);
      }
    }
  }
  const segment = trimmed.includes('/')
    ? trimmed
        .replace(/[?#].*$/, '')
        .split('/')
        .filter((s) => s !== '')
        .at(-1)
    : undefined;
  const linkToken =
    segment !== undefined && [...segment].length >= DESK_SEARCH_MIN_CHARACTERS ? segment.toLowerCase() : undefined;
  return { nameWords, text, phones, linkToken };
}
