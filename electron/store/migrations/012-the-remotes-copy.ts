import type { Migration } from './types';

/**
 * Proxy mode's copy of the remote (docs/offline.md). A copy lives in a store file of its own, one
 * per remote (`copies/<remote key>.sqlite3` in the data folder), with this same schema: its
 * bookings, filmers, products and upgrades rows carry the remote's own ids, so the desk's rules
 * (reception's list, search, check-ins, export, the day sheet) run on it unchanged. These tables
 * keep what only a copy needs; a local store has them empty.
 *
 * - `copy_identity`: which remote this file copies (one row), so a file is never read for another.
 * - `copy_bodies`: the remote's answers as it gave them (a list element, a show), per record, so
 *   a read from the copy answers exactly what the remote said, fields the desk does not know included.
 * - `copy_catalogue`: the remote's product and upgrade lists with their `version`.
 * - `copy_slices`: what was fetched whole when: a jump day's bookings (`day:YYYY-MM-DD`), the
 *   shows of a day (`shows:YYYY-MM-DD`), `filmers`, `products`, `upgrades`. A slice's age is
 *   what the desk shows as "data as of".
 */
export const theRemotesCopy: Migration = {
  version: 12,
  name: "the remote's copy",
  up(db) {
    db.exec(/* sql */ `
      CREATE TABLE copy_identity (
        only        INTEGER PRIMARY KEY CHECK (only = 1),
        remote_key  TEXT NOT NULL,
        remote_url  TEXT NOT NULL,
        created_at  TEXT NOT NULL
      );

      CREATE TABLE copy_bodies (
        kind       TEXT NOT NULL CHECK (kind IN ('booking', 'filmer', 'product', 'upgrade')),
        id         INTEGER NOT NULL,
        list_body  TEXT,
        show_body  TEXT,
        show_at    TEXT,
        PRIMARY KEY (kind, id)
      ) WITHOUT ROWID;

      CREATE TABLE copy_catalogue (
        kind        TEXT PRIMARY KEY CHECK (kind IN ('products', 'upgrades')),
        version     TEXT NOT NULL,
        list_body   TEXT NOT NULL,
        fetched_at  TEXT NOT NULL
      ) WITHOUT ROWID;

      CREATE TABLE copy_slices (
        slice         TEXT PRIMARY KEY,
        refreshed_at  TEXT NOT NULL
      ) WITHOUT ROWID;
    `);
  },
};
