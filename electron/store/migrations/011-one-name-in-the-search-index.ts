import type { Migration } from './types';
import { SEARCH_REFS_SQL } from './010-reception-search-and-check-ins';

/**
 * What bookings_search holds of a name (b: bookings), in its three name columns: `name` when
 * lower case has no accents (name_folded = name_plain), else `name_unaccented` (name_plain) and
 * `name_accented` (name_folded). SQL expressions, in that column order.
 */
export const SEARCH_NAME_COLUMNS_SQL = [
  "CASE WHEN b.name_folded = b.name_plain THEN b.name_plain ELSE '' END",
  "CASE WHEN b.name_folded = b.name_plain THEN '' ELSE b.name_plain END",
  "CASE WHEN b.name_folded = b.name_plain THEN '' ELSE b.name_folded END",
].join(', ');

/**
 * One name in the search index where one will do (what each booking stores must earn its
 * bytes, at a million bookings). Step 10 indexed every name twice: `name_folded` (lower case: the Sync API's
 * `q[name_cont]`) and `name_plain` (also without accents: the desk list's search). For most
 * names the two are the same text; each booking paid for both, and a name search read each
 * trigram's list of both.
 *
 * From this step a name whose lower case has no accents is indexed once, in `name`; a name with
 * accents in `name_unaccented` (its name_plain) and `name_accented` (its name_folded). Both
 * searches stay exact, from the index alone:
 * - the desk list looks a word up in `name` and `name_unaccented` (every name, without accents);
 * - `q[name_cont]` with a needle that has no accents either (its lower case is its own
 *   withoutAccents) looks it up in `name` and `name_accented` (every name as name_folded);
 *   a needle with accents only in `name_accented`: a name without accents cannot hold it.
 * docs/storage.md, "One name in the search index", has why (withoutAccents maps each character on
 * its own).
 *
 * The table is made again and filled from `bookings` (as in step 10: an FTS5 table cannot change
 * its columns), and the update trigger watches name_folded and name_plain as before.
 */
export const oneNameInTheSearchIndex: Migration = {
  version: 11,
  name: 'one name in the search index',
  up(db) {
    db.exec(/* sql */ `
      DROP TABLE bookings_search;
      CREATE VIRTUAL TABLE bookings_search USING fts5(
        email_folded, name, name_unaccented, name_accented, phone_digits, refs,
        tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1
      );
      INSERT INTO bookings_search (rowid, email_folded, name, name_unaccented, name_accented, phone_digits, refs)
        SELECT b.id, b.email_folded, ${SEARCH_NAME_COLUMNS_SQL}, b.phone_digits, ${SEARCH_REFS_SQL} FROM bookings b;
      -- Every booking is in the new index now, including any a writer other than the Store left pending.
      DELETE FROM bookings_search_pending;
    `);
  },
};
