/**
 * What each booking costs on disk, structure by structure (the scale work's "revisit what each booking
 * stores and indexes"). Read from SQLite's dbstat table on a store the bench filled booking by
 * booking, so the pages are as full as a desk's own. The FTS5 index is one structure with its
 * shadow tables; UNIQUE constraints are named by their columns, not sqlite_autoindex_….
 */
import Database from 'better-sqlite3';

export interface StructureBytes {
  name: string;
  bytes: number;
}

/** The booking-related structures of the store at `file`, largest first, with their bytes. */
export function bookingStructureBytes(file: string): StructureBytes[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const pages = db
      .prepare<[], { name: string; bytes: number }>('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name')
      .all();
    const tableOf = new Map(
      db
        .prepare<[], { name: string; tbl_name: string }>(
          "SELECT name, tbl_name FROM sqlite_schema WHERE type IN ('table', 'index')",
        )
        .all()
        .map((r) => [r.name, r.tbl_name]),
    );
    const byName = new Map<string, number>();
    for (const { name, bytes } of pages) {
      const label = structureLabel(db, name, tableOf.get(name));
      if (label) byName.set(label, (byName.get(label) ?? 0) + bytes);
    }
    return [...byName].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
  } finally {
    db.close();
  }
}

/** The name a structure is reported under, or undefined for one that is not about bookings. */
function structureLabel(db: Database.Database, name: string, table: string | undefined): string | undefined {
  if (name.startsWith('bookings_search'))
    return name === 'bookings_search_pending' ? undefined : 'bookings_search (FTS5, all its tables)';
  if (name.startsWith('booking_list_changes') || name.startsWith('booking_counts')) return name;
  if (table !== 'bookings') return undefined;
  if (!name.startsWith('sqlite_autoindex_')) return name === 'bookings' ? 'bookings (the rows)' : name;
  const columns = db
    .prepare<[], { name: string }>(`PRAGMA index_info("${name.replace(/"/g, '""')}")`)
    .all()
    .map((c) => c.name);
  return `UNIQUE (${columns.join(', ')})`;
}
