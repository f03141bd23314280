import type { Database } from 'better-sqlite3';

export type CopiedKind = 'booking' | 'filmer' | 'product' | 'upgrade';
export type CopiedCatalogue = 'products' | 'upgrades';

export interface CopiedBody {
  list_body: string | null;
  show_body: string | null;
  show_at: string | null;
}

export interface CopyIdentity {
  remote_key: string;
  remote_url: string;
  created_at: string;
}

/**
 * What only a copy of the remote keeps (migration 012, docs/offline.md): the remote's answers as
 * it gave them, its catalogue lists, and when each slice was last fetched whole. The records
 * themselves are ordinary bookings, filmers, products and upgrades rows of the copy's store.
 */
export class RemoteCopyRepo {
  private readonly identityStmt;
  private readonly setIdentityStmt;
  private readonly rekeyStmt;
  private readonly probeStmt;
  private readonly bodyStmt;
  private readonly putListStmt;
  private readonly putShowStmt;
  private readonly dropBodyStmt;
  private readonly catalogueStmt;
  private readonly putCatalogueStmt;
  private readonly sliceStmt;
  private readonly markSliceStmt;
  private readonly slicesStmt;
  private readonly dayStmt;
  private readonly listBodiesStmt;
  private readonly lowestBookingIdStmt;
  private readonly jumpsOfFilmerStmt;

  constructor(db: Database) {
    this.identityStmt = db.prepare<[], CopyIdentity>(
      'SELECT remote_key, remote_url, created_at FROM copy_identity WHERE only = 1',
    );
    this.probeStmt = db.prepare<[number], { id: number; uuid: string; external_id: string }>(
      "SELECT id, uuid, external_id FROM bookings WHERE id > 0 AND external_id IS NOT NULL AND uuid NOT LIKE 'remote-%' ORDER BY id DESC LIMIT ?",
    );
    this.jumpsOfFilmerStmt = db
      .prepare<{ filmer: number }, number>(
        `SELECT COUNT(*) FROM copy_bodies WHERE kind = 'booking' AND show_body IS NOT NULL
         AND (json_extract(show_body, '$.jump.filmer_id') = @filmer
              OR json_extract(show_body, '$.jump.second_filmer_id') = @filmer)`,
      )
      .pluck();
    this.rekeyStmt = db.prepare('UPDATE copy_identity SET remote_key = ? WHERE only = 1');
    this.setIdentityStmt = db.prepare(
      'INSERT INTO copy_identity (only, remote_key, remote_url, created_at) VALUES (1, ?, ?, ?)',
    );
    this.bodyStmt = db.prepare<[CopiedKind, number], CopiedBody>(
      'SELECT list_body, show_body, show_at FROM copy_bodies WHERE kind = ? AND id = ?',
    );
    this.putListStmt = db.prepare(
      `INSERT INTO copy_bodies (kind, id, list_body) VALUES (?, ?, ?)
       ON CONFLICT (kind, id) DO UPDATE SET list_body = excluded.list_body`,
    );
    this.putShowStmt = db.prepare(
      `INSERT INTO copy_bodies (kind, id, show_body, show_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (kind, id) DO UPDATE SET show_body = excluded.show_body, show_at = excluded.show_at`,
    );
    this.dropBodyStmt = db.prepare('DELETE FROM copy_bodies WHERE kind = ? AND id = ?');
    this.catalogueStmt = db.prepare<[CopiedCatalogue], { version: string; list_body: string; fetched_at: string }>(
      'SELECT version, list_body, fetched_at FROM copy_catalogue WHERE kind = ?',
    );
    this.putCatalogueStmt = db.prepare(
      `INSERT INTO copy_catalogue (kind, version, list_body, fetched_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (kind) DO UPDATE SET version = excluded.version, list_body = excluded.list_body, fetched_at = excluded.fetched_at`,
    );
    this.sliceStmt = db.prepare<[string], string>('SELECT refreshed_at FROM copy_slices WHERE slice = ?').pluck();
    this.markSliceStmt = db.prepare(
      `INSERT INTO copy_slices (slice, refreshed_at) VALUES (?, ?)
       ON CONFLICT (slice) DO UPDATE SET refreshed_at = excluded.refreshed_at`,
    );
    this.slicesStmt = db.prepare<[], { slice: string; refreshed_at: string }>(
      'SELECT slice, refreshed_at FROM copy_slices ORDER BY slice',
    );
    this.listBodiesStmt = db.prepare<[CopiedKind, string], { id: number; list_body: string }>(
      `SELECT id, list_body FROM copy_bodies
       WHERE kind = ? AND list_body IS NOT NULL AND id IN (SELECT value FROM json_each(?))`,
    );
    this.lowestBookingIdStmt = db.prepare<[], number | null>('SELECT MIN(id) FROM bookings').pluck();
    this.dayStmt = db.prepare<[number, string], { id: number; external_id: string | null }>(
      'SELECT id, external_id FROM bookings WHERE dropzone_id = ? AND jump_on = ?',
    );
  }

  identity(): CopyIdentity | undefined {
    return this.identityStmt.get();
  }

  /** A few of the remote's bookings the copy holds, to ask the remote about (is this the same dropzone?). */
  probeBookings(count: number): { id: number; uuid: string; external_id: string }[] {
    return this.probeStmt.all(count);
  }

  /** The copy now answers to other credentials of the same remote dropzone (its file was renamed to their key). */
  rekey(remoteKey: string): void {
    this.rekeyStmt.run(remoteKey);
  }

  setIdentity(identity: CopyIdentity): void {
    this.setIdentityStmt.run(identity.remote_key, identity.remote_url, identity.created_at);
  }

  body(kind: CopiedKind, id: number): CopiedBody | undefined {
    return this.bodyStmt.get(kind, id);
  }

  putListBody(kind: CopiedKind, id: number, body: string): void {
    this.putListStmt.run(kind, id, body);
  }

  putShowBody(kind: CopiedKind, id: number, body: string, at: string): void {
    this.putShowStmt.run(kind, id, body, at);
  }

  /** The list bodies of a page's records, in one statement (a page of 200 reads them at once). */
  listBodies(kind: CopiedKind, ids: readonly number[]): Map<number, string> {
    return new Map(this.listBodiesStmt.all(kind, JSON.stringify(ids)).map((row) => [row.id, row.list_body]));
  }

  dropBody(kind: CopiedKind, id: number): void {
    this.dropBodyStmt.run(kind, id);
  }

  catalogue(kind: CopiedCatalogue) {
    return this.catalogueStmt.get(kind);
  }

  putCatalogue(kind: CopiedCatalogue, version: string, listBody: string, at: string): void {
    this.putCatalogueStmt.run(kind, version, listBody, at);
  }

  /** When the slice was last fetched whole (ISO instant), or undefined: never. */
  sliceRefreshedAt(slice: string): string | undefined {
    return this.sliceStmt.get(slice);
  }

  markSlice(slice: string, at: string): void {
    this.markSliceStmt.run(slice, at);
  }

  slices(): { slice: string; refreshed_at: string }[] {
    return this.slicesStmt.all();
  }

  /**
   * An id for a booking made at the desk while the remote could not be reached: below every id
   * the copy holds and below zero, so it can never be an id the remote gives (the outbox swaps the
   * row for the remote's once the create lands).
   */
  provisionalBookingId(): number {
    return Math.min(0, this.lowestBookingIdStmt.get() ?? 0) - 1;
  }

  /** How many of the booking shows the copy holds name this filmer in their jump (a real remote's show may not say). */
  jumpsOfFilmer(filmerId: number): number {
    return this.jumpsOfFilmerStmt.get({ filmer: filmerId }) ?? 0;
  }

  /** The bookings the copy holds for a jump day: what a fresh fetch of that day is compared with. */
  bookingsOnDay(dropzoneId: number, day: string): { id: number; external_id: string | null }[] {
    return this.dayStmt.all(dropzoneId, day);
  }
}
