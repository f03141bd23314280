import Database from 'better-sqlite3';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { createPrivateFile, makePrivateDir, PRIVATE_FILE_MODE } from './private-files';

export const LOCK_FILE_NAME = 'desk.lock';
/** Who holds the lock, for the message a second desk prints (the lock itself cannot be read while held). */
export const LOCK_HOLDER_FILE_NAME = 'desk.lock.json';

export interface LockHolder {
  pid: number;
  host: string;
  started_at: string;
}

export class DeskLockedError extends Error {
  override name = 'DeskLockedError';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `process ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`}, started ${holder.started_at}`
      : 'another process';
    super(
      `another desk is already using the data folder ${dataDir} (${who}). ` +
        'One desk per data folder: stop that one first, or start this one with another --data-dir.',
    );
  }
}

/** The data folder's lock, held for as long as a desk serves from it. */
export interface DeskLock {
  release(): void;
}

/**
 * Claims the data folder (created 0700 if new) for this process, or throws DeskLockedError naming
 * who holds it.
 *
 * The lock is an operating-system file lock (SQLite's own, on an empty `desk.lock` database kept
 * in an exclusive transaction): the system drops it when the process ends however it ends, so a
 * desk killed with SIGKILL or a power cut never leaves a stale lock behind, and two desks started
 * at the same moment cannot both win. Short tools (the token CLI, `backup create`) do not take it:
 * they share the store with a running desk, waiting their turn to write.
 */
export function lockDataFolder(dataDir: string, now: Date = new Date()): DeskLock {
  const lockFile = join(dataDir, LOCK_FILE_NAME);
  const holderFile = join(dataDir, LOCK_HOLDER_FILE_NAME);
  makePrivateDir(dataDir);
  createPrivateFile(lockFile);
  const db = claimLock(lockFile, dataDir, holderFile);
  const holder: LockHolder = { pid: process.pid, host: hostname(), started_at: now.toISOString() };
  writeFileSync(holderFile, `${JSON.stringify(holder)}\n`, { mode: PRIVATE_FILE_MODE });
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      rmSync(holderFile, { force: true });
      db.close();
    },
  };
}

/**
 * Two desks started at the same moment can each hold the other's step (a shared lock while the
 * other asks for the exclusive one) and both be told busy; one that backs off and asks again a
 * few milliseconds later wins then. A lock still held after CLAIM_TRIES is a desk serving.
 */
const CLAIM_TRIES = 8;

function claimLock(lockFile: string, dataDir: string, holderFile: string): Database.Database {
  for (let attempt = 1; ; attempt++) {
    const db = new Database(lockFile, { timeout: 0 });
    try {
      // Nothing is ever written: no journal file beside the lock.
      db.pragma('journal_mode = MEMORY');
      db.pragma('locking_mode = EXCLUSIVE');
      db.exec('BEGIN EXCLUSIVE');
      return db;
    } catch (error) {
      db.close();
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      if (attempt >= CLAIM_TRIES) throw new DeskLockedError(dataDir, readHolder(holderFile));
      // A random pause, so two contenders do not meet again in step.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10 + Math.random() * 40);
    }
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string' || typeof parsed.started_at !== 'string')
      return null;
    return { pid: parsed.pid, host: parsed.host, started_at: parsed.started_at };
  } catch {
    // Not written yet (the other desk is between taking the lock and saying who it is), or unreadable.
    return null;
  }
}
