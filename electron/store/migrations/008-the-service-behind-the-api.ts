import type { Migration } from './types';

/**
 * The service behind the API: what staff set up and record in the desk itself.
 * - products: an explicit `video_entitlement` (NULL: derived from the spec's flags, as before;
 *   a highlights-only product needs it) and when it was made and last changed.
 * - upgrades: what an upgrade grants (a video entitlement it raises to, photos, 4K, raw footage),
 *   the credits it adds, and the video entitlements it is offered to (a JSON array).
 * - jumps: the date it was jumped, who recorded it and when, and a second filmer (`both`: a
 *   tandem instructor with the handcam and a videographer outside). A filmer with jumps is never
 *   deleted (RESTRICT, as `filmer_id` already is).
 * - finance_events: who recorded an event, and the event a compensating event corrects. Both are
 *   set once, on insert: the append-only triggers are re-made to cover them.
 * - upgrade_payments: looked up by processor_id, so a relay's retry records a payment once.
 * - admin_settings: the administrator passphrase (scrypt hash) that guards administrator actions.
 */
export const theServiceBehindTheApi: Migration = {
  version: 8,
  name: 'the service behind the API',
  up(db) {
    db.exec(`
      ALTER TABLE products ADD COLUMN video_entitlement TEXT
        CHECK (video_entitlement IS NULL OR video_entitlement IN ('none','all','main','highlights','insta','freefall'));
      ALTER TABLE products ADD COLUMN created_at TEXT;
      ALTER TABLE products ADD COLUMN updated_at TEXT;
      CREATE INDEX products_by_booking_system_name ON products(dropzone_id, booking_system_name COLLATE NOCASE);

      ALTER TABLE upgrades ADD COLUMN grants_video_entitlement TEXT
        CHECK (grants_video_entitlement IS NULL OR grants_video_entitlement IN ('all','main','highlights','insta','freefall'));
      ALTER TABLE upgrades ADD COLUMN grants_photos INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE upgrades ADD COLUMN grants_4k INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE upgrades ADD COLUMN grants_raw_footage INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE upgrades ADD COLUMN centi_credits INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE upgrades ADD COLUMN offered_to TEXT NOT NULL DEFAULT '[]';

      ALTER TABLE jumps ADD COLUMN second_filmer_id INTEGER REFERENCES filmers(id) ON DELETE RESTRICT;
      ALTER TABLE jumps ADD COLUMN jumped_on TEXT;
      ALTER TABLE jumps ADD COLUMN recorded_by TEXT;
      ALTER TABLE jumps ADD COLUMN recorded_at TEXT;
      CREATE INDEX jumps_by_second_filmer ON jumps(second_filmer_id);
      CREATE INDEX jumps_by_day ON jumps(dropzone_id, jumped_on);

      ALTER TABLE finance_events ADD COLUMN recorded_by TEXT;
      ALTER TABLE finance_events ADD COLUMN corrects_event_id INTEGER REFERENCES finance_events(id);
      CREATE UNIQUE INDEX finance_events_corrected_once ON finance_events(corrects_event_id) WHERE corrects_event_id IS NOT NULL;
      DROP TRIGGER finance_events_no_update;
      CREATE TRIGGER finance_events_no_update BEFORE UPDATE OF
        id, dropzone_id, event_type, video_entitlement, camera_requirement, photos, has_4k, raw_footage,
        centi_credit_change, centi_total_credits, comment, product_id, upgrade_payment_id, created_at, updated_at,
        recorded_by, corrects_event_id
      ON finance_events
      BEGIN SELECT RAISE(ABORT, 'finance events are append-only'); END;

      CREATE INDEX upgrade_payments_by_processor_id ON upgrade_payments(dropzone_id, processor_id);

      CREATE TABLE admin_settings (
        dropzone_id      INTEGER PRIMARY KEY REFERENCES dropzones(id) ON DELETE CASCADE,
        passphrase_hash  TEXT NOT NULL,
        set_at           TEXT NOT NULL
      );
    `);
  },
};
