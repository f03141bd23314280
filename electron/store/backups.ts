import Database from 'better-sqlite3';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { schemaVersion } from './migrate';
import { MIGRATIONS } from './migrations';
import { BUSY_TIMEOUT_MS } from './open';
import { createPrivateFile, makePrivateDir } from './private-files';

export const BACKUP_DIR_NAME = 'backups';
const NAME_PATTERN = /^desk-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z\.sqlite3$/;

export interface BackupInfo {
  name: string;
  file: string;
  created_at: string;
  bytes: number;
}

/** How many backups stay: the newest few, and the newest of each recent day (a restart storm cannot push a good day out). */
export interface RetentionPolicy {
  newest: number;
  days: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { newest: 5, days: 14 };

export function backupDir(dataDir: string): string {
  return join(dataDir, BACKUP_DIR_NAME);
}

/** `desk-2026-11-23T194512345Z.sqlite3`: sorts by time as text, and says when at a glance. */
export function backupName(at: Date): string {
  const iso = at.toISOString(); // 2026-11-23T19:45:12.345Z
  return `desk-${iso.slice(0, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}${iso.slice(20, 23)}Z.sqlite3`;
}

function createdAt(name: string): string | null {
  const m = NAME_PATTERN.exec(name);
  return m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z` : null;
}

/** The backups in the data folder, newest first. */
export function listBackups(dataDir: string): BackupInfo[] {
  const dir = backupDir(dataDir);
  if (!existsSync(dir)) return [];
  const found: BackupInfo[] = [];
  for (const name of readdirSync(dir)) {
    const at = createdAt(name);
    if (at === null) continue;
    const file = join(dir, name);
    found.push({ name, file, created_at: at, bytes: statSync(file).size });
  }
  return found.sort((a, b) => b.name.localeCompare(a.name));
}

/** The names to delete under `policy`, of backups given newest first. */
export function backupsToPrune(
  newestFirst: readonly Pick<BackupInfo, 'name' | 'created_at'>[],
  now: Date,
  policy: RetentionPolicy = DEFAULT_RETENTION,
): string[] {
  const keep = new Set(newestFirst.slice(0, policy.newest).map((b) => b.name));
  const oldestDay = new Date(now.getTime() - (policy.days - 1) * 86_400_000).toISOString().slice(0, 10);
  const daysSeen = new Set<string>();
  for (const backup of newestFirst) {
    const day = backup.created_at.slice(0, 10);
    if (day < oldestDay || daysSeen.has(day)) continue;
    daysSeen.add(day);
    keep.add(backup.name);
  }
  return newestFirst.filter((b) => !keep.has(b.name)).map((b) => b.name);
}

export interface BackupOptions {
  now?: Date;
  policy?: RetentionPolicy;
  /** Asked between steps; true stops the backup (the desk is closing). Nothing half-written stays. */
  cancelled?: () => boolean;
}

export class BackupCancelled extends Error {
  override name = 'BackupCancelled';
}

/**
 * A consistent copy of the open store in the data folder's backups/ (SQLite's online backup, a
 * few hundred pages at a time, so the desk goes on answering), then old backups pruned. The copy
 * is written under a temporary name and renamed when complete: a backup cut short by a crash
 * or a cancel never looks like one.
 */
export async function backupStore(
  db: Database.Database,
  dataDir: string,
  options: BackupOptions = {},
): Promise<BackupInfo> {
  const now = options.now ?? new Date();
  const dir = backupDir(dataDir);
  makePrivateDir(dir);
  const name = backupName(now);
  const file = join(dir, name);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  createPrivateFile(partial);
  try {
    await db.backup(partial, {
      progress: () => {
        if (options.cancelled?.()) throw new BackupCancelled('the backup was cancelled: the desk is closing');
        return 400;
      },
    });
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  for (const old of backupsToPrune(listBackups(dataDir), now, options.policy)) rmSync(join(dir, old), { force: true });
  return { name, file, created_at: now.toISOString(), bytes: statSync(file).size };
}

/**
 * Backs up the store file in `dataDir` as it is, without opening it as the desk does (no
 * migration: a restore keeps the store it replaces, whatever its version). For the backup CLI.
 */
export async function backupStoreFile(file: string, dataDir: string, options: BackupOptions = {}): Promise<BackupInfo> {
  const db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    return await backupStore(db, dataDir, options);
  } finally {
    db.close();
  }
}

export class BackupCheckError extends Error {
  override name = 'BackupCheckError';
}

/** A backup's name (as `backup list` shows it) or a path to a store file. */
export function resolveBackup(dataDir: string, nameOrPath: string): string {
  const inFolder = join(backupDir(dataDir), basename(nameOrPath));
  if (basename(nameOrPath) === nameOrPath && existsSync(inFolder)) return inFolder;
  const file = resolve(nameOrPath);
  if (!existsSync(file)) throw new BackupCheckError(`no backup "${nameOrPath}": see dropzone-desk backup list`);
  return file;
}

/** Checks that `file` is a whole desk store this app can open; returns what it holds. */
export function checkBackup(file: string): { dropzones: number; bookings: number; schema: number } {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupCheckError(`${file} cannot be opened as a store: ${(error as Error).message}`);
  }
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupCheckError(`${file} is damaged (SQLite quick_check: ${String(check)})`);
    const schema = schemaVersion(db);
    if (schema > MIGRATIONS.length)
      throw new BackupCheckError(
        `${file} was written by a newer Dropzone Desk (schema ${schema}; this app knows up to ${MIGRATIONS.length})`,
      );
    const hasTables = db
      .prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table' AND name IN ('dropzones', 'bookings')")
      .get() as { n: number };
    if (hasTables.n !== 2)
      throw new BackupCheckError(`${file} is not a Dropzone Desk store (no dropzones and bookings tables)`);
    const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { dropzones: count('dropzones'), bookings: count('bookings'), schema };
  } catch (error) {
    if (error instanceof BackupCheckError) throw error;
    throw new BackupCheckError(`${file} is not a readable store: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

/**
 * Replaces the store's content with a backup's, through SQLite's backup API (it takes the locks a
 * reader of the store would see, and writes the store's own journal). The caller holds the data
 * folder's lock, so no desk serves from it meanwhile.
 */
export async function copyBackupInto(backupFile: string, storeFile: string): Promise<void> {
  const source = new Database(backupFile, { readonly: true, fileMustExist: true });
  try {
    await source.backup(storeFile);
  } finally {
    source.close();
  }
}
