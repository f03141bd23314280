import { foldPlain, phoneDigits } from '../../../shared/rules/desk-search';
import type { Migration } from './types';

/** How bookings_search holds the external id and link: lower case (they are codes), one line each. */
export const SEARCH_REFS_SQL = "lower(coalesce(b.external_id, '')) || char(10) || lower(b.link)";

/**
 * Reception's day: the desk list's one search box at a million bookings, its sorts,
 * and check-ins.
 *
 * - `bookings.name_plain` (the name accent-folded: shared/rules/desk-search.ts foldPlain) and
 *   `bookings.phone_digits` (the mobile's digits, leading zeros dropped: phoneDigits), written by
 *   the desk in JS as name_folded is (step 1), so the same functions fold the query.
 * - `bookings_search` (step 9) gains the columns the desk list searches: name_plain,
 *   phone_digits and refs (external id and link, lower case). An FTS5 table cannot gain a column,
 *   so it is made again and filled from bookings (about a minute at a million bookings). It is
 *   kept exactly as before: the pending table and Store.transaction's flush, the triggers (the
 *   update trigger now watches the new columns too). name_folded and email_folded keep their
 *   meaning: the Sync API's `_cont` filters still read them.
 * - Sort indexes: `bookings_by_name` (dropzone, name_plain, id), and bookings_list_by_jump_on made
 *   again as (dropzone, jump_on, id, external_id), so that a sort by jump date has its ties in id
 *   order from the index. By id and by external_id the existing indexes serve.
 * - `check_ins`: reception's mark per booking and day (arrived, no_show, jumped); one row per
 *   booking and day, gone with its booking.
 */
export const receptionSearchAndCheckIns: Migration = {
  version: 10,
  name: 'reception search and check-ins',
  up(db) {
    db.exec(/* sql */ `
      ALTER TABLE bookings ADD COLUMN name_plain TEXT NOT NULL DEFAULT '';
      ALTER TABLE bookings ADD COLUMN phone_digits TEXT NOT NULL DEFAULT '';
    `);
    // The JS folding for the rows already stored: on this connection only, for this step.
    db.function('desk_fold_plain', { deterministic: true }, (text: unknown) => foldPlain(text as string | null));
    db.function('desk_phone_digits', { deterministic: true }, (text: unknown) => phoneDigits(text as string | null));
    db.exec(/* sql */ `
      UPDATE bookings SET name_plain = desk_fold_plain(name), phone_digits = desk_phone_digits(mobile)
        WHERE name IS NOT NULL OR mobile IS NOT NULL;

      DROP TABLE bookings_search;
      CREATE VIRTUAL TABLE bookings_search USING fts5(
        name_folded, email_folded, name_plain, phone_digits, refs,
        tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1
      );
      INSERT INTO bookings_search (rowid, name_folded, email_folded, name_plain, phone_digits, refs)
        SELECT b.id, b.name_folded, b.email_folded, b.name_plain, b.phone_digits, ${SEARCH_REFS_SQL} FROM bookings b;
      -- Every booking is in the new index now, including any a writer other than the Store left pending.
      DELETE FROM bookings_search_pending;

      DROP TRIGGER bookings_listed_update_search;
      CREATE TRIGGER bookings_listed_update_search
      AFTER UPDATE OF name_folded, email_folded, name_plain, phone_digits, external_id ON bookings
      WHEN OLD.name_folded IS NOT NEW.name_folded OR OLD.email_folded IS NOT NEW.email_folded
        OR OLD.name_plain IS NOT NEW.name_plain OR OLD.phone_digits IS NOT NEW.phone_digits OR OLD.external_id IS NOT NEW.external_id
      BEGIN
        DELETE FROM bookings_search WHERE rowid = OLD.id AND NOT EXISTS (SELECT 1 FROM bookings_search_pending WHERE id = OLD.id);
        INSERT OR IGNORE INTO bookings_search_pending (id) VALUES (NEW.id);
      END;

      CREATE INDEX bookings_by_name ON bookings(dropzone_id, name_plain, id, external_id);
      DROP INDEX bookings_list_by_jump_on;
      CREATE INDEX bookings_list_by_jump_on ON bookings(dropzone_id, jump_on, id, external_id);

      CREATE TABLE check_ins (
        booking_id   INTEGER NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
        -- The booking's jump day it was marked for.
        day          TEXT NOT NULL,
        state        TEXT NOT NULL CHECK (state IN ('arrived', 'no_show', 'jumped')),
        recorded_by  TEXT NOT NULL,
        recorded_at  TEXT NOT NULL,
        PRIMARY KEY (booking_id, day)
      ) WITHOUT ROWID;
      -- "Who has arrived today": from the few marks of a day, not from every booking.
      CREATE INDEX check_ins_by_day ON check_ins(day, state);
    `);
  },
};
