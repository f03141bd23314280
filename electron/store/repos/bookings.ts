import type { Database, Statement } from 'better-sqlite3';
import { PartialUpdate } from './partial-update';
import type { BookingRecord } from '../records';
import { compileList, foldForSearch, listSql, type BookingQuery, type CompiledList } from './booking-list-query';
import { ListCache } from './list-cache';
import { ListChanges, listMatcher } from './list-changes';
import { foldPlain, phoneDigits } from '../../../shared/rules/desk-search';
import { SEARCH_REFS_SQL } from '../migrations/010-reception-search-and-check-ins';
import { SEARCH_NAME_COLUMNS_SQL } from '../migrations/011-one-name-in-the-search-index';

export type NewBooking = Omit<BookingRecord, 'id'> & { id?: number };
export type BookingChanges = Partial<Omit<BookingRecord, 'id' | 'dropzone_id' | 'uuid' | 'link' | 'created_at'>>;

export type { BookingQuery } from './booking-list-query';
export { foldForSearch } from './booking-list-query';

/** A bookings row as the rest of the app sees it (the derived search texts left out). */
export function bookingFromRow(row: Record<string, unknown>): BookingRecord {
  const { name_folded: _n, email_folded: _e, name_plain: _p, phone_digits: _d, ...rest } = row;
  return {
    ...rest,
    show_publicly: row.show_publicly === 1,
    locked_attributes: JSON.parse(row.locked_attributes as string) as string[],
  } as BookingRecord;
}

function toRow(values: Record<string, unknown>): Record<string, unknown> {
  const row = { ...values };
  if ('show_publicly' in row) row.show_publicly = row.show_publicly ? 1 : 0;
  if ('locked_attributes' in row) row.locked_attributes = JSON.stringify(row.locked_attributes);
  if ('name' in row) {
    row.name_folded = foldForSearch(row.name as string | null);
    row.name_plain = foldPlain(row.name as string | null);
  }
  if ('mobile' in row) row.phone_digits = phoneDigits(row.mobile as string | null);
  if ('email' in row) row.email_folded = foldForSearch(row.email as string | null);
  return row;
}

interface ListStatements {
  count: Statement;
  page: Statement;
  pageByDay: Statement | undefined;
}

/**
 * A date range holding less than this share of the dropzone's bookings is paged from the jump_on
 * index and sorted (today's bookings: a few hundred rows); a wider one walks the id order, which
 * finds a page's rows without sorting and stops at the page's end.
 */
const PAGE_BY_DAY_BELOW = 1 / 8;

export class BookingRepo {
  private readonly byExternalIdStmt;
  private readonly byIdStmt;
  private readonly insertStmt;
  private readonly deleteStmt;
  private readonly deleteByIdStmt;
  private readonly clearProductStmt;
  private readonly partialUpdate: PartialUpdate;
  private readonly listStmts = new Map<string, ListStatements>();
  private readonly listCache = new ListCache();
  private readonly listChanges: ListChanges;
  private readonly listVersionStmt;
  private readonly searchPendingStmt;
  private readonly flushSearchStmts: Statement[];
  private readonly dropzoneTotalStmt;
  /** A deferred transaction: one read snapshot (nested inside a write, a savepoint of it). */
  private readonly inOneSnapshot: <T>(read: () => T) => T;
  private readonly jumpDatesStmt;

  constructor(private readonly db: Database) {
    this.partialUpdate = new PartialUpdate(db, 'bookings');
    this.byExternalIdStmt = db.prepare<[number, string], Record<string, unknown>>(
      'SELECT * FROM bookings WHERE dropzone_id = ? AND external_id = ?',
    );
    this.byIdStmt = db.prepare<[number, number], Record<string, unknown>>(
      'SELECT * FROM bookings WHERE dropzone_id = ? AND id = ?',
    );
    // Positional: binding 23 named parameters from an object costs more than the insert's own work.
    this.insertStmt = db.prepare(`
      INSERT INTO bookings (id, dropzone_id, uuid, link, external_id, external_service, name, email, mobile, jump_on,
                            language, reference, camera_package, show_publicly, album_status_raw, product_id,
                            locked_attributes, name_folded, email_folded, name_plain, phone_digits, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.deleteStmt = db.prepare('DELETE FROM bookings WHERE dropzone_id = ? AND external_id = ?');
    this.deleteByIdStmt = db.prepare('DELETE FROM bookings WHERE dropzone_id = ? AND id = ?');
    this.clearProductStmt = db.prepare(
      'UPDATE bookings SET product_id = NULL WHERE dropzone_id = ? AND product_id = ?',
    );
    // The ids as one JSON array: one statement for a whole file's worth, each id found by the unique index.
    this.listChanges = new ListChanges(db);
    this.searchPendingStmt = db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM bookings_search_pending)').pluck();
    this.flushSearchStmts = [
      db.prepare(`INSERT INTO bookings_search (rowid, email_folded, name, name_unaccented, name_accented, phone_digits, refs)
                  SELECT b.id, b.email_folded, ${SEARCH_NAME_COLUMNS_SQL}, b.phone_digits, ${SEARCH_REFS_SQL}
                  FROM bookings_search_pending p JOIN bookings b ON b.id = p.id`),
      db.prepare('DELETE FROM bookings_search_pending'),
    ];
    this.listVersionStmt = db
      .prepare<[number], number>('SELECT version FROM booking_list_versions WHERE dropzone_id = ?')
      .pluck();
    // external >= ?: 1 counts the bookings with an external_id, 0 all of them.
    this.dropzoneTotalStmt = db
      .prepare<[number, number], number>(
        'SELECT coalesce(sum(n), 0) FROM booking_counts WHERE dropzone_id = ? AND external >= ?',
      )
      .pluck();
    const snapshot = db.transaction((read: () => unknown) => read());
    this.inOneSnapshot = <T>(read: () => T) => snapshot.deferred(read) as T;
    this.jumpDatesStmt = db.prepare<[number, string], { external_id: string; jump_on: string | null }>(
      'SELECT external_id, jump_on FROM bookings WHERE dropzone_id = ? AND external_id IN (SELECT value FROM json_each(?))',
    );
  }

  /** The stored jump_on of each booking with one of these external ids (absent: no such booking). */
  jumpDatesOf(dropzoneId: number, externalIds: readonly string[]): Map<string, string | null> {
    const found = new Map<string, string | null>();
    for (const row of this.jumpDatesStmt.all(dropzoneId, JSON.stringify(externalIds)))
      found.set(row.external_id, row.jump_on);
    return found;
  }

  byExternalId(dropzoneId: number, externalId: string): BookingRecord | undefined {
    const row = this.byExternalIdStmt.get(dropzoneId, externalId);
    return row && bookingFromRow(row);
  }

  byId(dropzoneId: number, id: number): BookingRecord | undefined {
    const row = this.byIdStmt.get(dropzoneId, id);
    return row && bookingFromRow(row);
  }

  insert(b: NewBooking): number {
    const result = this.insertStmt.run(
      b.id ?? null,
      b.dropzone_id,
      b.uuid,
      b.link,
      b.external_id,
      b.external_service,
      b.name,
      b.email,
      b.mobile,
      b.jump_on,
      b.language,
      b.reference,
      b.camera_package,
      b.show_publicly ? 1 : 0,
      b.album_status_raw,
      b.product_id,
      JSON.stringify(b.locked_attributes),
      foldForSearch(b.name),
      foldForSearch(b.email),
      foldPlain(b.name),
      phoneDigits(b.mobile),
      b.created_at,
      b.updated_at,
    );
    return Number(result.lastInsertRowid);
  }

  update(id: number, changes: BookingChanges): void {
    this.partialUpdate.run(id, toRow(changes));
  }

  deleteByExternalId(dropzoneId: number, externalId: string): boolean {
    return this.deleteStmt.run(dropzoneId, externalId).changes > 0;
  }

  /** By the desk's id (a walk-in has no external id to be deleted by). */
  deleteById(dropzoneId: number, id: number): boolean {
    return this.deleteByIdStmt.run(dropzoneId, id).changes > 0;
  }

  /** Bookings that pointed at a product no longer known (a copy's remote dropped it) point at none. */
  clearProduct(dropzoneId: number, productId: number): void {
    this.clearProductStmt.run(dropzoneId, productId);
  }

  /**
   * One page of bookings in id order, and the count of all that match, read in one snapshot.
   * The count and the page boundaries are cached under the dropzone's list version (ListCache),
   * a count from an older version brought up to date from the changes since (ListChanges);
   * reading the version in the same snapshot makes a cached figure exact or unused.
   */
  list(
    dropzoneId: number,
    query: BookingQuery,
    limit: number,
    offset: number,
  ): { rows: BookingRecord[]; total: number } {
    return this.inOneSnapshot(() => {
      const searched = query.nameContains !== undefined || query.emailContains !== undefined;
      const list = compileList(dropzoneId, query, !(searched && this.searchPending()));
      const stmts = this.listStatements(list.shape, list);
      const version = this.listVersionStmt.get(dropzoneId) ?? 0;
      const total = this.listCache.total(
        list.key,
        version,
        () => stmts.count.get(list.params) as number,
        (from) => this.listChanges.delta(dropzoneId, from, version, listMatcher(query)),
      );
      if (offset >= total) return { rows: [], total };
      const anchor = this.listCache.anchorBefore(list.key, version, offset);
      const dropzoneTotal = stmts.pageByDay && (this.dropzoneTotalStmt.get(dropzoneId, query.includeAll ? 0 : 1) ?? 0);
      const page =
        stmts.pageByDay && total < (dropzoneTotal as number) * PAGE_BY_DAY_BELOW ? stmts.pageByDay : stmts.page;
      const rows = page.all({ ...list.params, afterId: anchor.afterId, skip: offset - anchor.offset, limit }) as Record<
        string,
        unknown
      >[];
      if (rows.length > 0) {
        this.listCache.rememberPage(
          list.key,
          version,
          offset,
          rows[0]!.id as number,
          rows[rows.length - 1]!.id as number,
          rows.length,
        );
      }
      return { rows: rows.map(bookingFromRow), total };
    });
  }

  private listStatements(shape: string, list: CompiledList): ListStatements {
    let stmts = this.listStmts.get(shape);
    if (!stmts) {
      const sql = listSql(list);
      stmts = {
        count: this.db.prepare(sql.count).pluck(),
        page: this.db.prepare(sql.page),
        pageByDay: sql.pageByDay === undefined ? undefined : this.db.prepare(sql.pageByDay),
      };
      this.listStmts.set(shape, stmts);
    }
    return stmts;
  }

  /** True when some bookings' texts wait to go into the search index. */
  searchPending(): boolean {
    return this.searchPendingStmt.get() === 1;
  }

  /**
   * Puts the texts of the bookings written in this transaction into the search index, in one
   * statement (migration 009, bookings_search_pending): Store.transaction calls it before each commit.
   */
  flushSearchIndex(): void {
    if (!this.searchPending()) return;
    for (const stmt of this.flushSearchStmts) stmt.run();
  }

  /** Every booking of the dropzone, with an external_id or not (booking_counts: no walk). */
  count(dropzoneId: number): number {
    return this.dropzoneTotalStmt.get(dropzoneId, 0) ?? 0;
  }
}
