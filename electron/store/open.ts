import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { assertNotNewer, migrate } from './migrate';
import { MIGRATIONS } from './migrations';

export const STORE_FILE_NAME = 'desk.sqlite3';

export function storePath(dataDir: string): string {
  return join(dataDir, STORE_FILE_NAME);
}

/**
 * Opens (creating if needed) the SQLite store and brings its schema up to date.
 *
 * WAL lets readers go on while a batch writes. synchronous=FULL makes every commit reach the
 * disk before the caller is answered, so an acknowledged booking survives an app crash and,
 * on a disk that honours flushes, a power cut too (docs/storage.md).
 */
export function openStore(file: string): Database.Database {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    // Refuse a newer store before anything (even the journal mode) is written to it.
    assertNotNewer(db, MIGRATIONS);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, MIGRATIONS);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
