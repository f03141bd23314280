import type { Migration } from './types';

/**
 * Reception's marks when several desks share a venue (docs/desks.md).
 *
 * - `check_in_marks`: every mark a booking was given for a day, from any desk, as a history that
 *   keeps both when two desks marked the same guest while apart (who, when it was made, which
 *   desk). `key` is made where the mark was made: a mark that reaches this desk twice (a retried
 *   replay) is one row. `check_ins` stays the day's mark in force: the one made last.
 * - `main_desk_marks`: on a paired desk, the marks made while its main desk did not answer,
 *   waiting to be sent there (in order, once: the main desk settles a key it has as done).
 */
export const checkInMarksAcrossDesks: Migration = {
  version: 15,
  name: 'check-in marks across desks',
  up(db) {
    db.exec(/* sql */ `
      CREATE TABLE check_in_marks (
        id           INTEGER PRIMARY KEY,
        key          TEXT NOT NULL UNIQUE,
        booking_id   INTEGER NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
        day          TEXT NOT NULL,
        -- NULL: the day's mark was cleared.
        state        TEXT,
        recorded_by  TEXT,
        made_at      TEXT NOT NULL,
        -- The paired desk's name; NULL: made at this desk.
        desk         TEXT,
        received_at  TEXT NOT NULL
      );
      CREATE INDEX check_in_marks_by_booking ON check_in_marks(booking_id, made_at);

      CREATE TABLE main_desk_marks (
        id           INTEGER PRIMARY KEY,
        key          TEXT NOT NULL UNIQUE,
        booking_id   INTEGER NOT NULL,
        body         TEXT NOT NULL,
        made_at      TEXT NOT NULL,
        attempts     INTEGER NOT NULL DEFAULT 0,
        last_error   TEXT,
        -- NULL: waiting; else when the main desk answered (and what: 'recorded' or its refusal).
        settled_at   TEXT,
        outcome      TEXT
      );
    `);
  },
};
