import type { Migration } from './types';

/**
 * The list-change log (step 9's `booking_list_changes`) pruned in bulk, by a trigger of its own.
 * Each insert, delete and listed update of a booking removed the one change that had just fallen
 * out of the last 10,000: a subquery, a seek and a page rewritten per write, ~30 µs of a booking
 * insert's ~240 (a copy of the bench's 100,000-booking store, 50 inserts a transaction:
 * docs/performance.md). Now the change whose version is a multiple of 1,024 removes every change
 * 10,000 or more behind it, in one statement; the other changes only test the trigger's WHEN.
 * A dropzone keeps between 10,000 and 11,023 changes. Readers lose nothing: a count that needs
 * changes no longer kept counts again (ListChanges.delta checks it got every version it asked
 * for), and none asks for more than 4,096.
 *
 * The three booking triggers are step 9's word for word, without their DELETE.
 */
export const listChangesPrunedInBulk: Migration = {
  version: 17,
  name: 'the list-change log pruned in bulk',
  up(db) {
    db.exec(`
      DROP TRIGGER bookings_listed_insert;
      DROP TRIGGER bookings_listed_delete;
      DROP TRIGGER bookings_listed_update_version;

      CREATE TRIGGER booking_list_changes_pruned AFTER INSERT ON booking_list_changes
      WHEN NEW.version % 1024 = 0
      BEGIN
        DELETE FROM booking_list_changes WHERE dropzone_id = NEW.dropzone_id AND version <= NEW.version - 10000;
      END;

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
