import Database from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestDesk } from './desk';

/** Runs `read` on each of a paired desk's copies of its main desk (read from their files, beside the desk). */
function someCopy<T>(desk: TestDesk, read: (db: Database.Database) => T | undefined): T | undefined {
  const folder = join(desk.dataDir, 'copies');
  for (const name of readdirSync(folder).filter((n) => n.endsWith('.sqlite3'))) {
    const db = new Database(join(folder, name), { readonly: true, fileMustExist: true });
    try {
      const found = read(db);
      if (found !== undefined) return found;
    } finally {
      db.close();
    }
  }
  return undefined;
}

/** The mark in force in the paired desk's copy for a booking (its jump day), or null. */
export function copyMarkOf(desk: TestDesk, bookingId: number): string | null {
  return (
    someCopy(
      desk,
      (db) =>
        (db.prepare('SELECT state FROM check_ins WHERE booking_id = ?').get(bookingId) as { state: string } | undefined)
          ?.state,
    ) ?? null
  );
}

/** Whether the paired desk's copy of its main desk holds a booking. */
export function copyHolds(desk: TestDesk, externalId: string): boolean {
  return (
    someCopy(desk, (db) =>
      db.prepare('SELECT 1 FROM bookings WHERE external_id = ?').get(externalId) === undefined ? undefined : true,
    ) ?? false
  );
}
