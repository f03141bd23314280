import type { Database, Statement } from 'better-sqlite3';
import { PartialUpdate } from './partial-update';
import type { BookingRecord } from '../records';

export type NewBooking = Omit<BookingRecord, 'id'> & { id?: number };
export type BookingChanges = Partial<Omit<BookingRecord, 'id' | 'dropzone_id' | 'uuid' | 'link' | 'created_at'>>;

export interface BookingQuery {
  includeAll: boolean;
  /** Matched as plain substrings (no wildcards), case-insensitively: the store folds them as it folds the rows. */
  nameContains?: string;
  emailContains?: string;
  jumpOnGteq?: string;
  jumpOnLteq?: string;
  jumpOnLt?: string;
  jumpOnGt?: string;
}

/**
 * Case folding for the `_cont` filters: done in JS so that non-ASCII letters fold too.
 * toLowerCase() is the Unicode default (root-locale) mapping, the same as toLocaleLowerCase('und')
 * without its ~2 µs ICU call per string.
 */
export function foldForSearch(value: string | null | undefined): string {
  return (value ?? '').toLowerCase();
}

function fromRow(row: Record<string, unknown>): BookingRecord {
  const { name_folded: _n, email_folded: _e, ...rest } = row;
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
  if ('name' in row) row.name_folded = foldForSearch(row.name as string | null);
  if ('email' in row) row.email_folded = foldForSearch(row.email as string | null);
  return row;
}

const WHERE_OF: Record<Exclude<keyof BookingQuery, 'includeAll'>, string> = {
  nameContains: 'instr(name_folded, @nameContains) > 0',
  emailContains: 'instr(email_folded, @emailContains) > 0',
  jumpOnGteq: 'jump_on >= @jumpOnGteq',
  jumpOnLteq: 'jump_on <= @jumpOnLteq',
  jumpOnLt: 'jump_on < @jumpOnLt',
  jumpOnGt: 'jump_on > @jumpOnGt',
};

/** The filters that search inside text (`q[..._cont]`): each row the others leave is examined. */
const SEARCHES: ReadonlySet<string> = new Set(['nameContains', 'emailContains']);
/** The filters on the jump date, which the planner answers from the jump_on index (migration 002). */
const DATE_RANGES: ReadonlySet<string> = new Set(['jumpOnGteq', 'jumpOnLteq', 'jumpOnLt', 'jumpOnGt']);

type ListStatements = { kind: 'matches'; ids: Statement } | { kind: 'paged'; page: Statement; count: Statement };

export class BookingRepo {
  private readonly byExternalIdStmt;
  private readonly byIdStmt;
  private readonly insertStmt;
  private readonly deleteStmt;
  private readonly partialUpdate: PartialUpdate;
  private readonly listStmts = new Map<string, ListStatements>();
  private readonly byIdsStmt;
  private readonly jumpDatesStmt;

  constructor(private readonly db: Database) {
    this.partialUpdate = new PartialUpdate(db, 'bookings');
    this.byExternalIdStmt = db.prepare<[number, string], Record<string, unknown>>(
      'SELECT * FROM bookings WHERE dropzone_id = ? AND external_id = ?',
    );
    this.byIdStmt = db.prepare<[number, number], Record<string, unknown>>('SELECT * FROM bookings WHERE dropzone_id = ? AND id = ?');
    // Positional: binding 21 named parameters from an object costs more than the insert's own work.
    this.insertStmt = db.prepare(`
      INSERT INTO bookings (id, dropzone_id, uuid, link, external_id, external_service, name, email, mobile, jump_on,
                            language, reference, camera_package, show_publicly, album_status_raw, product_id,
                            locked_attributes, name_folded, email_folded, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.deleteStmt = db.prepare('DELETE FROM bookings WHERE dropzone_id = ? AND external_id = ?');
    // A page's rows by id, in id order: the ids come as one JSON array (a page holds up to 200).
    this.byIdsStmt = db.prepare<[string], Record<string, unknown>>('SELECT * FROM bookings WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id');
    // The ids as one JSON array: one statement for a whole file's worth, each id found by the unique index.
    this.jumpDatesStmt = db.prepare<[number, string], { external_id: string; jump_on: string | null }>(
      'SELECT external_id, jump_on FROM bookings WHERE dropzone_id = ? AND external_id IN (SELECT value FROM json_each(?))',
    );
  }

  /** The stored jump_on of each booking with one of these external ids (absent: no such booking). */
  jumpDatesOf(dropzoneId: number, externalIds: readonly string[]): Map<string, string | null> {
    const found = new Map<string, string | null>();
    for (const row of this.jumpDatesStmt.all(dropzoneId, JSON.stringify(externalIds))) found.set(row.external_id, row.jump_on);
    return found;
  }

  byExternalId(dropzoneId: number, externalId: string): BookingRecord | undefined {
    const row = this.byExternalIdStmt.get(dropzoneId, externalId);
    return row && fromRow(row);
  }

  byId(dropzoneId: number, id: number): BookingRecord | undefined {
    const row = this.byIdStmt.get(dropzoneId, id);
    return row && fromRow(row);
  }

  insert(b: NewBooking): number {
    const result = this.insertStmt.run(
      b.id ?? null, b.dropzone_id, b.uuid, b.link, b.external_id, b.external_service, b.name, b.email, b.mobile, b.jump_on,
      b.language, b.reference, b.camera_package, b.show_publicly ? 1 : 0, b.album_status_raw, b.product_id,
      JSON.stringify(b.locked_attributes), foldForSearch(b.name), foldForSearch(b.email), b.created_at, b.updated_at,
    );
    return Number(result.lastInsertRowid);
  }

  update(id: number, changes: BookingChanges): void {
    this.partialUpdate.run(id, toRow(changes));
  }

  deleteByExternalId(dropzoneId: number, externalId: string): boolean {
    return this.deleteStmt.run(dropzoneId, externalId).changes > 0;
  }

  /** One page of bookings in id order, and the count of all that match. */
  list(dropzoneId: number, query: BookingQuery, limit: number, offset: number): { rows: BookingRecord[]; total: number } {
    const filters = (Object.keys(WHERE_OF) as (keyof typeof WHERE_OF)[]).filter((k) => query[k] !== undefined);
    const key = `${query.includeAll}:${filters.join(',')}`;
    let stmts = this.listStmts.get(key);
    if (!stmts) {
      const where = ['dropzone_id = @dropzoneId'];
      if (!query.includeAll) where.push('external_id IS NOT NULL');
      for (const f of filters) where.push(WHERE_OF[f]);
      stmts = this.prepareList(where.join(' AND '), filters.some((f) => SEARCHES.has(f)) && filters.some((f) => DATE_RANGES.has(f)));
      this.listStmts.set(key, stmts);
    }
    const params: Record<string, unknown> = { dropzoneId, limit, offset };
    for (const f of filters) params[f] = SEARCHES.has(f) ? foldForSearch(query[f] as string) : query[f];
    if (stmts.kind === 'matches') {
      const ids = stmts.ids.all(params) as number[];
      const pageIds = ids.slice(offset, offset + limit);
      const rows = pageIds.length === 0 ? [] : (this.byIdsStmt.all(JSON.stringify(pageIds)) as Record<string, unknown>[]);
      return { rows: rows.map(fromRow), total: ids.length };
    }
    const rows = (stmts.page.all(params) as Record<string, unknown>[]).map(fromRow);
    const total = stmts.count.get(params) as number;
    return { rows, total };
  }

  /**
   * A search (`instr` on every row the other conditions leave) within a date range walks the
   * jump_on index: its page cannot stop at the 200th match (the page is in id order), so the page
   * query and the count would each examine the whole range. Such a query lists the ids of all its
   * matches once and takes both the count and the page from them: one scan instead of two. A
   * search alone walks the id index and its page stops early; without a search the count and the
   * page come cheaply from covering indexes, and a deep page of 100,000 bookings must not
   * materialise every id: those keep a page query and a count.
   */
  private prepareList(clause: string, searchInDateRange: boolean): ListStatements {
    if (searchInDateRange) {
      return { kind: 'matches', ids: this.db.prepare(`SELECT id FROM bookings WHERE ${clause} ORDER BY id`).pluck() };
    }
    return {
      kind: 'paged',
      // The page's ids first, from a covering index alone (migration 002); then only those rows.
      page: this.db.prepare(
        `SELECT b.* FROM (SELECT id FROM bookings WHERE ${clause} ORDER BY id LIMIT @limit OFFSET @offset) AS p ` +
          'JOIN bookings b ON b.id = p.id ORDER BY b.id',
      ),
      count: this.db.prepare(`SELECT count(*) AS n FROM bookings WHERE ${clause}`).pluck(),
    };
  }

  count(dropzoneId: number): number {
    return this.db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM bookings WHERE dropzone_id = ?').get(dropzoneId)?.n ?? 0;
  }
}
