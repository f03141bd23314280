import type { Database } from 'better-sqlite3';
import type { Migration } from './migrations/types';

export class StoreTooNewError extends Error {
  constructor(
    readonly storeVersion: number,
    readonly appVersion: number,
  ) {
    super(
      `this store was written by a newer Dropzone Desk (schema version ${storeVersion}; this app knows up to ${appVersion}). ` +
        'Update the app, or open another data directory; the store was left untouched.',
    );
    this.name = 'StoreTooNewError';
  }
}

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Throws StoreTooNewError for a store written by a newer app; returns the store's version. */
export function assertNotNewer(db: Database, migrations: readonly Migration[]): number {
  const current = schemaVersion(db);
  if (current > migrations.length) throw new StoreTooNewError(current, migrations.length);
  return current;
}

/**
 * Told before the steps of an existing store run (not for a new store): a step may rebuild an
 * index over every booking (step 11: 42 s at a million on this project's machine), and whoever started the desk should
 * know why it waits.
 */
export type OnStoreUpgrade = (from: number, to: number) => void;

/** What `serve` and the desktop app say before a store's schema steps run. */
export function storeUpgradeNotice(from: number, to: number): string {
  return `Updating the store from schema step ${from} to ${to}: with many bookings this takes up to a minute or two; the store is left as it was if it fails.`;
}

/**
 * Brings the store to the newest schema: all pending steps in one transaction, so a failing step
 * leaves the store exactly as it was. Refuses a store written by a newer version.
 */
export function migrate(
  db: Database,
  migrations: readonly Migration[],
  onUpgrade?: OnStoreUpgrade,
): { from: number; to: number } {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration "${m.name}" has version ${m.version}, expected ${i + 1}`);
  });
  const latest = migrations.length;
  if (assertNotNewer(db, migrations) === latest) return { from: latest, to: latest };

  // IMMEDIATE takes the write lock first, and the version is read again under it: of two
  // processes opening a new store at once, the second waits, then finds nothing left to do.
  return db
    .transaction(() => {
      const current = assertNotNewer(db, migrations);
      if (current > 0 && current < latest) onUpgrade?.(current, latest);
      for (const m of migrations.slice(current)) m.up(db);
      if (current !== latest) db.pragma(`user_version = ${latest}`);
      return { from: current, to: latest };
    })
    .immediate();
}
