import type { Migration } from './types';

/**
 * Proxy mode's outbox (docs/offline.md, "Writes while offline"). It lives in the copy's store file,
 * beside the copy it changes, so that a write applied to the copy and its place in the outbox
 * commit together or not at all. A local store has the tables empty.
 *
 * - `outbox_ops`: one row per write accepted while the remote could not take it, in arrival order
 *   (`id`). `lane` is the record it is for (`booking:<external id>`, `filmer:<id>`): one lane's
 *   writes land in order, lanes side by side. `before` and `after` are the fields the write changed
 *   as the copy had them when it was queued and as the desk wants them (JSON objects), the base and
 *   the desk's side of the three-way merge at replay. `in_flight_at` is set before a send is made
 *   and cleared once its answer is recorded: a row found with it set was sent, perhaps landed, and
 *   is read back before anything is sent again.
 * - `outbox_history`: what happened to a write, in order: each attempt, each decision and its undo.
 */
export const theOutbox: Migration = {
  version: 14,
  name: 'the outbox',
  up(db) {
    db.exec(/* sql */ `
      CREATE TABLE outbox_ops (
        id               INTEGER PRIMARY KEY AUTOINCREMENT,
        lane             TEXT NOT NULL,
        record_kind      TEXT NOT NULL CHECK (record_kind IN ('booking', 'filmer')),
        record_key       TEXT NOT NULL,
        action           TEXT NOT NULL CHECK (action IN ('upsert', 'delete')),
        label            TEXT,
        jump_on          TEXT,
        source           TEXT NOT NULL,
        predicted        TEXT NOT NULL,
        before           TEXT,
        after            TEXT NOT NULL DEFAULT '{}',
        queued_at        TEXT NOT NULL,
        state            TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'attention', 'settled')),
        attention        TEXT CHECK (attention IN ('conflict', 'deleted', 'refused')),
        attempts         INTEGER NOT NULL DEFAULT 0,
        last_attempt_at  TEXT,
        next_attempt_at  TEXT,
        last_error       TEXT,
        in_flight_at     TEXT,
        remote           TEXT,
        remote_status    INTEGER,
        remote_error     TEXT,
        decision         TEXT,
        settled_at       TEXT,
        outcome          TEXT
      );
      CREATE INDEX outbox_open_by_lane ON outbox_ops (lane, id) WHERE state != 'settled';
      CREATE INDEX outbox_by_state ON outbox_ops (state, id);

      CREATE TABLE outbox_history (
        id      INTEGER PRIMARY KEY AUTOINCREMENT,
        op_id   INTEGER NOT NULL REFERENCES outbox_ops(id) ON DELETE CASCADE,
        at      TEXT NOT NULL,
        who     TEXT NOT NULL,
        what    TEXT NOT NULL
      );
      CREATE INDEX outbox_history_by_op ON outbox_history (op_id, id);
    `);
  },
};
