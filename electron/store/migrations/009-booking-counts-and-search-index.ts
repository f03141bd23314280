import type { Migration } from './types';

/**
 * `GET /bookings` at a million bookings. Step 2's covering indexes made every list
 * page count what matches by walking an index entry per booking (126 ms at 1M with a `_cont`
 * filter) and held both folded texts twice (22 % of the store). Instead:
 *
 * - `booking_counts`: how many bookings each dropzone has per jump day (`''`: none) and whether
 *   they have an external_id, kept by triggers. Every count without a `_cont` filter is a sum over
 *   at most a few thousand rows, whatever the store holds.
 * - `booking_list_versions`: a number per dropzone that every change to a listed column of its
 *   bookings raises. A reader caches a search's count and its pages' boundaries under it: read in
 *   the same snapshot as the page, an equal number proves nothing it depends on has changed.
 * - `booking_list_changes`: the last 10,000 changes of each dropzone's listed columns, by
 *   version, each with the booking's filtered values before and after. A reader whose cached
 *   count is a few versions old brings it up to date from these (a count for each change that
 *   enters or leaves the list) instead of counting again: under a steady stream of writes, a
 *   search's count costs what changed since, not what matches.
 * - `bookings_search`: an FTS5 trigram index of the folded name and e-mail (the texts the
 *   `_cont` filters compare), so a substring of three or more characters is found from the
 *   index instead of by reading every booking. Contentless (the texts are in `bookings`
 *   already); contentless_delete lets the triggers delete and replace rows. `case_sensitive 1`:
 *   the texts come folded by the desk (Unicode-aware, in JS); the tokenizer must not fold again.
 * - The list indexes lose the folded texts (the search index answers those filters) and keep
 *   what pages need: the dropzone, id order, the jump date and whether there is an external_id.
 *
 * - `bookings_search_pending`: the bookings written in the current transaction whose texts wait to
 *   go into bookings_search. FTS5 writes what it holds to disk at every savepoint, and the desk
 *   writes each batch element in its own savepoint: indexed by the trigger, each booking became a
 *   segment of its own to merge (about 100 µs a booking). The store adds the pending texts in one
 *   statement before each commit (Store.transaction); a reader that finds any left (a writer
 *   other than the Store) compares those filters with every booking instead, so nothing is missed.
 *
 * Triggers, not the repository, keep the derived tables: every writer (the desk, the bench's raw floor,
 * a migration, a cascade) stays in step without knowing of them.
 */
export const bookingCountsAndSearchIndex: Migration = {
  version: 9,
  name: 'booking counts, versions and search index',
  up(db) {
    db.exec(/* sql */ `
      DROP INDEX bookings_list_by_jump_on;
      DROP INDEX bookings_list_by_id;
      CREATE INDEX bookings_list_by_id ON bookings(dropzone_id, id, jump_on, external_id);
      CREATE INDEX bookings_list_by_jump_on ON bookings(dropzone_id, jump_on, external_id);

      CREATE TABLE booking_counts (
        dropzone_id  INTEGER NOT NULL,
        -- jump_on, or '' for none: a primary key column cannot be NULL.
        day          TEXT NOT NULL,
        external     INTEGER NOT NULL CHECK (external IN (0, 1)),
        n            INTEGER NOT NULL CHECK (n >= 0),
        PRIMARY KEY (dropzone_id, day, external)
      ) WITHOUT ROWID;
      INSERT INTO booking_counts (dropzone_id, day, external, n)
        SELECT dropzone_id, coalesce(jump_on, ''), external_id IS NOT NULL, count(*) FROM bookings GROUP BY 1, 2, 3;

      CREATE TABLE booking_list_versions (
        dropzone_id  INTEGER PRIMARY KEY,
        version      INTEGER NOT NULL
      );

      CREATE TABLE booking_list_changes (
        dropzone_id   INTEGER NOT NULL,
        version       INTEGER NOT NULL,
        -- Before (old_listed 0: the booking did not exist in this dropzone) and after (new_listed 0: gone).
        old_listed    INTEGER NOT NULL,
        old_name      TEXT,
        old_email     TEXT,
        old_jump_on   TEXT,
        old_external  INTEGER,
        new_listed    INTEGER NOT NULL,
        new_name      TEXT,
        new_email     TEXT,
        new_jump_on   TEXT,
        new_external  INTEGER,
        PRIMARY KEY (dropzone_id, version)
      ) WITHOUT ROWID;

      CREATE VIRTUAL TABLE bookings_search USING fts5(
        name_folded, email_folded, tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1
      );
      INSERT INTO bookings_search (rowid, name_folded, email_folded) SELECT id, name_folded, email_folded FROM bookings;

      -- Bookings written in this transaction whose texts are not in bookings_search yet.
      CREATE TABLE bookings_search_pending (id INTEGER PRIMARY KEY);

      CREATE TRIGGER bookings_listed_insert AFTER INSERT ON bookings BEGIN
        INSERT INTO booking_counts (dropzone_id, day, external, n)
          VALUES (NEW.dropzone_id, coalesce(NEW.jump_on, ''), NEW.external_id IS NOT NULL, 1)
          ON CONFLICT DO UPDATE SET n = n + 1;
        INSERT OR IGNORE INTO bookings_search_pending (id) VALUES (NEW.id);
        INSERT INTO booking_list_versions (dropzone_id, version) VALUES (NEW.dropzone_id, 1)
          ON CONFLICT DO UPDATE SET version = version + 1;
        INSERT INTO booking_list_changes
          SELECT NEW.dropzone_id, version, 0, NULL, NULL, NULL, NULL, 1, NEW.name_folded, NEW.email_folded, NEW.jump_on, NEW.external_id IS NOT NULL
          FROM booking_list_versions WHERE dropzone_id = NEW.dropzone_id;
        DELETE FROM booking_list_changes WHERE dropzone_id = NEW.dropzone_id
          AND version <= (SELECT version FROM booking_list_versions WHERE dropzone_id = NEW.dropzone_id) - 10000;
      END;

      CREATE TRIGGER bookings_listed_delete AFTER DELETE ON bookings BEGIN
        UPDATE booking_counts SET n = n - 1
          WHERE dropzone_id = OLD.dropzone_id AND day = coalesce(OLD.jump_on, '') AND external = (OLD.external_id IS NOT NULL);
        DELETE FROM bookings_search WHERE rowid = OLD.id AND NOT EXISTS (SELECT 1 FROM bookings_search_pending WHERE id = OLD.id);
        DELETE FROM bookings_search_pending WHERE id = OLD.id;
        -- An upsert: a booking stored before this step may be the dropzone's first change.
        INSERT INTO booking_list_versions (dropzone_id, version) VALUES (OLD.dropzone_id, 1)
          ON CONFLICT DO UPDATE SET version = version + 1;
        INSERT INTO booking_list_changes
          SELECT OLD.dropzone_id, version, 1, OLD.name_folded, OLD.email_folded, OLD.jump_on, OLD.external_id IS NOT NULL, 0, NULL, NULL, NULL, NULL
          FROM booking_list_versions WHERE dropzone_id = OLD.dropzone_id;
        DELETE FROM booking_list_changes WHERE dropzone_id = OLD.dropzone_id
          AND version <= (SELECT version FROM booking_list_versions WHERE dropzone_id = OLD.dropzone_id) - 10000;
      END;

      -- Only the columns a list filters on; an update that sets none of them changes no list.
      CREATE TRIGGER bookings_listed_update_counts AFTER UPDATE OF dropzone_id, jump_on, external_id ON bookings
      WHEN OLD.dropzone_id IS NOT NEW.dropzone_id OR OLD.jump_on IS NOT NEW.jump_on
        OR (OLD.external_id IS NULL) IS NOT (NEW.external_id IS NULL)
      BEGIN
        UPDATE booking_counts SET n = n - 1
          WHERE dropzone_id = OLD.dropzone_id AND day = coalesce(OLD.jump_on, '') AND external = (OLD.external_id IS NOT NULL);
        INSERT INTO booking_counts (dropzone_id, day, external, n)
          VALUES (NEW.dropzone_id, coalesce(NEW.jump_on, ''), NEW.external_id IS NOT NULL, 1)
          ON CONFLICT DO UPDATE SET n = n + 1;
      END;

      CREATE TRIGGER bookings_listed_update_search AFTER UPDATE OF name_folded, email_folded ON bookings
      WHEN OLD.name_folded IS NOT NEW.name_folded OR OLD.email_folded IS NOT NEW.email_folded
      BEGIN
        DELETE FROM bookings_search WHERE rowid = OLD.id AND NOT EXISTS (SELECT 1 FROM bookings_search_pending WHERE id = OLD.id);
        INSERT OR IGNORE INTO bookings_search_pending (id) VALUES (NEW.id);
      END;

      CREATE TRIGGER bookings_listed_update_version AFTER UPDATE OF dropzone_id, jump_on, external_id, name_folded, email_folded ON bookings
      WHEN OLD.dropzone_id IS NOT NEW.dropzone_id OR OLD.jump_on IS NOT NEW.jump_on OR OLD.external_id IS NOT NEW.external_id
        OR OLD.name_folded IS NOT NEW.name_folded OR OLD.email_folded IS NOT NEW.email_folded
      BEGIN
        INSERT INTO booking_list_versions (dropzone_id, version) VALUES (OLD.dropzone_id, 1)
          ON CONFLICT DO UPDATE SET version = version + 1;
        INSERT INTO booking_list_changes
          SELECT OLD.dropzone_id, version, 1, OLD.name_folded, OLD.email_folded, OLD.jump_on, OLD.external_id IS NOT NULL,
                 OLD.dropzone_id = NEW.dropzone_id, NEW.name_folded, NEW.email_folded, NEW.jump_on, NEW.external_id IS NOT NULL
          FROM booking_list_versions WHERE dropzone_id = OLD.dropzone_id;
        DELETE FROM booking_list_changes WHERE dropzone_id = OLD.dropzone_id
          AND version <= (SELECT version FROM booking_list_versions WHERE dropzone_id = OLD.dropzone_id) - 10000;
        -- A booking moved to another dropzone (the desk never does) arrives there.
        INSERT OR IGNORE INTO booking_list_versions (dropzone_id, version) SELECT NEW.dropzone_id, 0 WHERE NEW.dropzone_id IS NOT OLD.dropzone_id;
        UPDATE booking_list_versions SET version = version + 1 WHERE dropzone_id = NEW.dropzone_id AND NEW.dropzone_id IS NOT OLD.dropzone_id;
        INSERT INTO booking_list_changes
          SELECT NEW.dropzone_id, version, 0, NULL, NULL, NULL, NULL, 1, NEW.name_folded, NEW.email_folded, NEW.jump_on, NEW.external_id IS NOT NULL
          FROM booking_list_versions WHERE dropzone_id = NEW.dropzone_id AND NEW.dropzone_id IS NOT OLD.dropzone_id;
      END;
    `);
  },
};
