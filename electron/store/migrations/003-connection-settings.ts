import type { Migration } from './types';

/**
 * Proxy mode's connection settings: one row for the installation (the desk works for one
 * dropzone at a time). Only what is not secret lives here; the remote's credentials are kept
 * by a SecretStore (electron/proxy/secret-store.ts), never in the database.
 */
export const connectionSettings: Migration = {
  version: 3,
  name: 'connection settings',
  up(db) {
    db.exec(`
      CREATE TABLE connection_settings (
        id                  INTEGER PRIMARY KEY CHECK (id = 1),
        mode                TEXT NOT NULL DEFAULT 'local' CHECK (mode IN ('local', 'proxy')),
        -- The remote service's {base_url}; its Sync API sits under /api/f1/sync there.
        remote_url          TEXT,
        request_timeout_ms  INTEGER NOT NULL DEFAULT 30000 CHECK (request_timeout_ms > 0),
        connect_timeout_ms  INTEGER NOT NULL DEFAULT 5000 CHECK (connect_timeout_ms > 0),
        updated_at          TEXT,
        CHECK (mode = 'local' OR remote_url IS NOT NULL)
      );
      INSERT INTO connection_settings (id) VALUES (1);
    `);
  },
};
