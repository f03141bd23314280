import type { Migration } from './types';

/**
 * Ids are AUTOINCREMENT: a deleted record's id is never handed out again, so a caller still
 * holding it gets a 404 instead of reaching somebody else's record.
 *
 * The first schema: dropzones and their tokens, the read-only catalogue, filmers, bookings,
 * jumps and the finance ledger. Every record belongs to one dropzone.
 */
export const initialSchema: Migration = {
  version: 1,
  name: 'initial schema',
  up(db) {
    db.exec(`
      CREATE TABLE dropzones (
        id          INTEGER PRIMARY KEY,
        key         TEXT NOT NULL UNIQUE,
        name        TEXT NOT NULL,
        timezone    TEXT NOT NULL,
        currency    TEXT NOT NULL DEFAULT 'EUR',
        created_at  TEXT NOT NULL
      );

      CREATE TABLE api_tokens (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        dropzone_id  INTEGER NOT NULL REFERENCES dropzones(id) ON DELETE CASCADE,
        token_hash   TEXT NOT NULL UNIQUE,
        label        TEXT NOT NULL DEFAULT '',
        created_at   TEXT NOT NULL
      );

      CREATE TABLE products (
        id                   INTEGER PRIMARY KEY AUTOINCREMENT,
        dropzone_id          INTEGER NOT NULL REFERENCES dropzones(id) ON DELETE CASCADE,
        name                 TEXT NOT NULL,
        active               INTEGER NOT NULL DEFAULT 1,
        booking_system_name  TEXT NOT NULL,
        price_cents          INTEGER NOT NULL DEFAULT 0,
        photos               INTEGER NOT NULL DEFAULT 0,
        selfie               INTEGER NOT NULL DEFAULT 0,
        videographer         INTEGER NOT NULL DEFAULT 0,
        either_video         INTEGER NOT NULL DEFAULT 0,
        socials              INTEGER NOT NULL DEFAULT 0,
        has_4k               INTEGER NOT NULL DEFAULT 0,
        raw_footage          INTEGER NOT NULL DEFAULT 0,
        centi_credits        INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX products_by_dropzone ON products(dropzone_id);

      CREATE TABLE upgrades (
        id                        INTEGER PRIMARY KEY AUTOINCREMENT,
        dropzone_id               INTEGER NOT NULL REFERENCES dropzones(id) ON DELETE CASCADE,
        name                      TEXT NOT NULL,
        active                    INTEGER NOT NULL DEFAULT 1,
        notify_staff              INTEGER NOT NULL DEFAULT 0,
        payment_price_cents       INTEGER NOT NULL DEFAULT 0,
        payment_price_currency    TEXT NOT NULL,
        payment_price_identifier  TEXT NOT NULL DEFAULT '',
        created_at                TEXT NOT NULL,
        updated_at                TEXT NOT NULL
      );
      CREATE INDEX upgrades_by_dropzone ON upgrades(dropzone_id);

      CREATE TABLE filmers (
        id                 INTEGER PRIMARY KEY AUTOINCREMENT,
        dropzone_id        INTEGER NOT NULL REFERENCES dropzones(id) ON DELETE CASCADE,
        external_id        TEXT,
        external_service   TEXT,
        name               TEXT NOT NULL,
        email              TEXT NOT NULL,
        tandem_instructor  INTEGER NOT NULL DEFAULT 0,
        videographer       INTEGER NOT NULL DEFAULT 0,
        active             INTEGER NOT NULL DEFAULT 1,
        created_at         TEXT NOT NULL,
        updated_at         TEXT NOT NULL,
        UNIQUE (dropzone_id, external_id)
      );

      CREATE TABLE bookings (
        id                 INTEGER PRIMARY KEY AUTOINCREMENT,
        dropzone_id        INTEGER NOT NULL REFERENCES dropzones(id) ON DELETE CASCADE,
        uuid               TEXT NOT NULL UNIQUE,
        link               TEXT NOT NULL UNIQUE,
        external_id        TEXT,
        external_service   TEXT,
        name               TEXT,
        email              TEXT,
        mobile             TEXT,
        jump_on            TEXT,
        language           TEXT,
        reference          TEXT,
        camera_package     TEXT,
        show_publicly      INTEGER NOT NULL DEFAULT 0,
        album_status_raw   TEXT,
        product_id         INTEGER REFERENCES products(id),
        -- JSON array of attribute names a desk user edited by hand; sync updates leave them be.
        locked_attributes  TEXT NOT NULL DEFAULT '[]',
        -- Lower-cased copies for the case-insensitive q[..._cont] filters (Unicode-aware, done in JS).
        name_folded        TEXT NOT NULL DEFAULT '',
        email_folded       TEXT NOT NULL DEFAULT '',
        created_at         TEXT NOT NULL,
        updated_at         TEXT NOT NULL,
        UNIQUE (dropzone_id, external_id)
      );
      CREATE INDEX bookings_by_dropzone_jump_on ON bookings(dropzone_id, jump_on);

      CREATE TABLE jumps (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        dropzone_id  INTEGER NOT NULL REFERENCES dropzones(id) ON DELETE CASCADE,
        booking_id   INTEGER UNIQUE REFERENCES bookings(id) ON DELETE SET NULL,
        camera       TEXT,
        filmer_id    INTEGER REFERENCES filmers(id) ON DELETE RESTRICT
      );
      CREATE INDEX jumps_by_filmer ON jumps(filmer_id);

      CREATE TABLE upgrade_payments (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        dropzone_id   INTEGER NOT NULL REFERENCES dropzones(id) ON DELETE CASCADE,
        booking_id    INTEGER REFERENCES bookings(id) ON DELETE SET NULL,
        upgrade_id    INTEGER REFERENCES upgrades(id),
        ammount       INTEGER NOT NULL,
        currency      TEXT NOT NULL,
        processor_id  TEXT NOT NULL,
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL
      );

      CREATE TABLE finance_events (
        id                   INTEGER PRIMARY KEY AUTOINCREMENT,
        dropzone_id          INTEGER NOT NULL REFERENCES dropzones(id) ON DELETE CASCADE,
        -- Kept (set to NULL) when the booking is deleted: the ledger is append-only.
        booking_id           INTEGER REFERENCES bookings(id) ON DELETE SET NULL,
        event_type           TEXT NOT NULL,
        video_entitlement    TEXT NOT NULL CHECK (video_entitlement IN ('none','all','main','highlights','insta','freefall')),
        camera_requirement   TEXT CHECK (camera_requirement IN ('either','selfie','videographer','both')),
        photos               INTEGER NOT NULL,
        has_4k               INTEGER NOT NULL,
        raw_footage          INTEGER NOT NULL,
        centi_credit_change  INTEGER NOT NULL,
        centi_total_credits  INTEGER NOT NULL,
        comment              TEXT,
        product_id           INTEGER REFERENCES products(id),
        upgrade_payment_id   INTEGER REFERENCES upgrade_payments(id),
        created_at           TEXT NOT NULL,
        updated_at           TEXT NOT NULL
      );
      CREATE INDEX finance_events_ledger ON finance_events(booking_id, created_at, id);

      -- The ledger is append-only: only the booking link may be cleared (when a booking is deleted).
      CREATE TRIGGER finance_events_no_delete BEFORE DELETE ON finance_events
      BEGIN SELECT RAISE(ABORT, 'finance events are append-only'); END;
      CREATE TRIGGER finance_events_no_update BEFORE UPDATE OF
        id, dropzone_id, event_type, video_entitlement, camera_requirement, photos, has_4k, raw_footage,
        centi_credit_change, centi_total_credits, comment, product_id, upgrade_payment_id, created_at, updated_at
      ON finance_events
      BEGIN SELECT RAISE(ABORT, 'finance events are append-only'); END;
      CREATE TRIGGER finance_events_booking_only_cleared BEFORE UPDATE OF booking_id ON finance_events
      WHEN NEW.booking_id IS NOT NULL
      BEGIN SELECT RAISE(ABORT, 'finance events are append-only'); END;
    `);
  },
};
