import type { Migration } from './types';

/**
 * The main desk on the venue's network (docs/desks.md): its certificate and key, whether it lets
 * other desks join and where, the one-time pairing codes it showed, and the desks that paired.
 * In the store, not in files beside it, so a backup and its restore carry the desk's identity
 * (the store file is 0600 in a 0700 data folder). A pairing code keeps only the hash of the proof
 * it expects, never its secret; a paired desk only the hash of its credential.
 */
export const theMainDesksLanAndPairedDesks: Migration = {
  version: 16,
  name: "the main desk's LAN listener and its paired desks",
  up(db) {
    db.exec(`
      CREATE TABLE lan_identity (
        id           INTEGER PRIMARY KEY CHECK (id = 1),
        key_pem      TEXT NOT NULL,
        cert_pem     TEXT NOT NULL,
        fingerprint  TEXT NOT NULL,
        created_at   TEXT NOT NULL
      );

      -- "Let other desks join": saved, so the next start listens on the LAN again.
      ALTER TABLE listen_settings ADD COLUMN lan_enabled INTEGER NOT NULL DEFAULT 0 CHECK (lan_enabled IN (0, 1));
      ALTER TABLE listen_settings ADD COLUMN lan_port INTEGER CHECK (lan_port IS NULL OR (lan_port BETWEEN 1024 AND 65535));
      ALTER TABLE listen_settings ADD COLUMN lan_address TEXT;

      CREATE TABLE pairing_codes (
        code_id          TEXT PRIMARY KEY,
        dropzone_id      INTEGER NOT NULL REFERENCES dropzones (id) ON DELETE CASCADE,
        proof_hash       TEXT NOT NULL,
        created_at       TEXT NOT NULL,
        expires_at       TEXT NOT NULL,
        wrong_proofs     INTEGER NOT NULL DEFAULT 0,
        -- Set once: the code paired a desk, or too many wrong proofs burnt it.
        used_at          TEXT,
        burnt            INTEGER NOT NULL DEFAULT 0 CHECK (burnt IN (0, 1))
      );

      CREATE TABLE paired_desks (
        id               INTEGER PRIMARY KEY,
        dropzone_id      INTEGER NOT NULL REFERENCES dropzones (id) ON DELETE CASCADE,
        name             TEXT NOT NULL,
        credential_hash  TEXT NOT NULL UNIQUE,
        paired_at        TEXT NOT NULL,
        paired_from      TEXT,
        last_seen_at     TEXT,
        last_address     TEXT,
        -- Kept after revoking, so the removed desk is told so in words (not a bare "invalid token").
        revoked_at       TEXT
      );
      -- One desk per name among those paired now: revoke and list name them.
      CREATE UNIQUE INDEX paired_desks_live_name ON paired_desks (lower(name)) WHERE revoked_at IS NULL;
    `);
  },
};
