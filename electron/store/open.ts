import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { assertNotNewer, migrate } from './migrate';
import { MIGRATIONS } from './migrations';

export const STORE_FILE_NAME = 'desk.sqlite3';

export function storePath(dataDir: string): string {
  return join(dataDir, STORE_FILE_NAME);
}

export interface OpenOptions {
  /**
   * better-sqlite3's compiled addon to load instead of its own build. The desktop app passes an
   * Electron-ABI build here (docs/electron.md, "Native module"), so one checkout serves both
   * `npm test` (Node's ABI, the package's own build) and `npm start` (Electron's ABI).
   */
  nativeBinding?: string;
}

/** better-sqlite3's own error for a wrong-ABI addon names the cure for Node, not for Electron. */
function openDatabase(file: string, nativeBinding: string | undefined): Database.Database {
  try {
    return new Database(file, nativeBinding ? { nativeBinding } : {});
  } catch (error) {
    const message = (error as Error).message;
    if (process.versions.electron && /NODE_MODULE_VERSION|did not self-register|invalid ELF|not a valid Win32/.test(message)) {
      throw new Error(
        `better-sqlite3 is not built for Electron ${process.versions.electron} (${nativeBinding ?? 'the package build, made for Node'}): run "npm run native:electron", then start again. Cause: ${message}`,
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * Opens (creating if needed) the SQLite store and brings its schema up to date.
 *
 * WAL lets readers go on while a batch writes. synchronous=FULL makes every commit reach the
 * disk before the caller is answered, so an acknowledged booking survives an app crash and,
 * on a disk that honours flushes, a power cut too (docs/storage.md).
 */
export function openStore(file: string, { nativeBinding }: OpenOptions = {}): Database.Database {
  mkdirSync(dirname(file), { recursive: true });
  const db = openDatabase(file, nativeBinding);
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
