import Database from 'better-sqlite3';
import { dirname, join } from 'node:path';
import { assertNotNewer, migrate, type OnStoreUpgrade } from './migrate';
import { MIGRATIONS } from './migrations';
import { createPrivateFile, makePrivateDir } from './private-files';

export const STORE_FILE_NAME = 'desk.sqlite3';

/** How long a write waits for another process's write to finish before it gives up. */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * Page cache per connection, in KiB (SQLite's negative cache_size). The default 2 MB holds a
 * sliver of a million bookings' list and search indexes (about 70 MB and 150 MB): a count that
 * checks 30,000 search matches against the list index then reads most of its pages from the OS.
 * Memory is only taken as pages are read.
 */
export const CACHE_KIB = 32 * 1024;

export function storePath(dataDir: string): string {
  return join(dataDir, STORE_FILE_NAME);
}

/** The store's file and the two SQLite keeps beside it while open. */
export function storeFiles(file: string): string[] {
  return [file, `${file}-wal`, `${file}-shm`];
}

/**
 * Runs `step` again while another process holds the store busy, up to the busy timeout. Switching
 * to WAL answers SQLITE_BUSY at once, without SQLite's busy handler, while another process is
 * migrating a new store (two desks, or a desk and the token CLI, opening it together).
 */
function whenNotBusy<T>(step: () => T): T {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      return step();
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
}

/**
 * Opens (creating if needed) the SQLite store and brings its schema up to date.
 *
 * A new store and its folder are created readable by the user only (0600 / 0700). WAL lets
 * readers go on while a batch writes. synchronous=FULL makes every commit reach the disk before
 * the caller is answered, so an acknowledged booking survives an app crash and, on a disk that
 * honours flushes, a power cut too. Another process's write (the token CLI, a backup, a second
 * desk's migration) is waited for, never failed on: busy_timeout, with write transactions that
 * take the write lock when they begin (docs/storage.md).
 */
export function openStore(file: string, onUpgrade?: OnStoreUpgrade): Database.Database {
  makePrivateDir(dirname(file));
  createPrivateFile(file);
  const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    // Refuse a newer store before anything (even the journal mode) is written to it.
    assertNotNewer(db, MIGRATIONS);
    whenNotBusy(() => db.pragma('journal_mode = WAL'));
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma(`cache_size = -${CACHE_KIB}`);
    migrate(db, MIGRATIONS, onUpgrade);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * A read-only connection to a store a desk already opened (and so migrated): what the reader
 * threads query (electron/readers/). WAL lets it read beside the one writer, each statement (or
 * read transaction) seeing every commit made before it began. It never writes, not even the
 * journal mode; query_only makes that a promise SQLite keeps.
 */
export function openReader(file: string): Database.Database {
  const db = new Database(file, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  try {
    assertNotNewer(db, MIGRATIONS);
    db.pragma('query_only = ON');
    db.pragma(`cache_size = -${CACHE_KIB}`);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
