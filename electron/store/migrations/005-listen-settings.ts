import type { Migration } from './types';

/**
 * Where the desk listens for booking systems: one row for the installation. A booking system is
 * configured once with the desk's address, so a dropzone that syncs into the desktop app needs
 * the same port at every start; the desktop app otherwise takes a new random port per launch.
 * Ports below 1024 need privileges a desk never has.
 */
export const listenSettings: Migration = {
  version: 5,
  name: 'listen settings',
  up(db) {
    db.exec(`
      CREATE TABLE listen_settings (
        id          INTEGER PRIMARY KEY CHECK (id = 1),
        -- NULL: no fixed port (the desktop app takes a random one; npm run serve its --port or 4780).
        fixed_port  INTEGER CHECK (fixed_port IS NULL OR (fixed_port BETWEEN 1024 AND 65535)),
        updated_at  TEXT
      );
      INSERT INTO listen_settings (id) VALUES (1);
    `);
  },
};
