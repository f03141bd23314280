/**
 * What both lists (the Sync API's, store/repos/booking-list-query.ts, and the desk's,
 * desk-list-query.ts) say to the trigram search index `bookings_search` (migrations 009–011).
 */

/**
 * The trigram index holds every run of three characters, so it finds a needle of three or more.
 * A shorter one is compared with every booking instead. A NUL cannot be said in an FTS5 query
 * string, so such a needle is compared directly too.
 */
export function indexedNeedle(needle: string): boolean {
  let characters = 0;
  for (const _ of needle) if (++characters >= 3) break;
  return characters >= 3 && !needle.includes('\u0000');
}

/** An FTS5 phrase: the needle's trigrams, adjacent and in order, in one of these columns (space-separated). */
export function ftsPhrase(columns: string, needle: string): string {
  return `{${columns}} : "${needle.replaceAll('"', '""')}"`;
}
