import type { Database, Statement } from 'better-sqlite3';
import type { CheckInState } from '../../../shared/schemas/reception';
import type { BookingRecord } from '../records';
import { bookingFromRow } from './bookings';
import { compileDeskList, type DeskListFilter, type DeskListOrder } from './desk-list-query';

export type { DeskListFilter, DeskListOrder } from './desk-list-query';

/** A booking of the desk list with what the desk knows of it beyond the Sync API's fields. */
export interface DeskListRecord {
  booking: BookingRecord;
  product: { id: number; name: string; price_cents: number } | null;
  /** The newest ledger event's camera requirement; undefined when the ledger is empty. */
  newestCameraRequirement: string | null | undefined;
  filmer: string | null;
  secondFilmer: string | null;
  checkIn: { state: CheckInState; day: string; recorded_by: string; recorded_at: string } | null;
}

/** How far a search is read beyond its page (the rules and their numbers: electron/desk/desk-list.ts). */
export interface DeskSearchBounds {
  /** A search by id is counted up to this many matches (or up to its page's end, when further). */
  countUpTo: number;
  /** A search sorted by another key is sorted only when it matches at most this many. */
  sortUpTo: number;
}

/** One page's ids, and how many match: exactly, or (`totalIsLowerBound`) at least `total`, more exist. */
export interface DeskListPage {
  ids: number[];
  total: number;
  totalIsLowerBound: boolean;
}

interface Statements {
  count: Statement;
  /** Counts the matches up to @countLimit: a search stops there. */
  countUpTo: Statement;
  /** The first @countLimit matches' ids, in order. */
  idsUpTo: Statement;
  page: Statement;
  ids: Statement;
}

/**
 * The desk list's reads (SQL in desk-list-query.ts): the ids of one page or of every match in
 * order, and the rows of given ids with their product, newest ledger camera requirement,
 * filmers and check-in for the booking's jump day.
 */
export class DeskListRepo {
  private readonly stmts = new Map<string, Statements>();
  private readonly rowsStmt;
  private readonly searchPendingStmt;
  private readonly inOneSnapshot: <T>(read: () => T) => T;

  constructor(private readonly db: Database) {
    this.rowsStmt = db.prepare<{ dropzoneId: number; ids: string }, Record<string, unknown>>(`
      SELECT b.*,
             p.name AS x_product_name, p.price_cents AS x_product_price_cents,
             (SELECT json_array(e.camera_requirement) FROM finance_events e
               WHERE e.booking_id = b.id ORDER BY e.created_at DESC, e.id DESC LIMIT 1) AS x_newest_camera,
             f1.name AS x_filmer, f2.name AS x_second_filmer,
             c.state AS x_check_in_state, c.day AS x_check_in_day, c.recorded_by AS x_check_in_by, c.recorded_at AS x_check_in_at
      FROM json_each(@ids) AS i
      -- CROSS JOIN: the ids first, each booking by its key; left to itself the planner walks the dropzone's bookings.
      CROSS JOIN bookings b ON b.id = i.value
      LEFT JOIN products p ON p.id = b.product_id
      LEFT JOIN jumps j ON j.booking_id = b.id
      LEFT JOIN filmers f1 ON f1.id = j.filmer_id
      LEFT JOIN filmers f2 ON f2.id = j.second_filmer_id
      LEFT JOIN check_ins c ON c.booking_id = b.id AND c.day = b.jump_on
      WHERE b.dropzone_id = @dropzoneId
      ORDER BY i.key`);
    this.searchPendingStmt = db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM bookings_search_pending)').pluck();
    const snapshot = db.transaction((read: () => unknown) => read());
    this.inOneSnapshot = <T>(read: () => T) => snapshot.deferred(read) as T;
  }

  /**
   * One page's ids in the order asked, and how many match, read in one snapshot. A search by id
   * reads its matches from the index in id order, so the page and its count stop early: the count
   * at `bounds.countUpTo` (a common last name matches tens of thousands at a million bookings).
   * A search sorted by another key must read every match to sort them: only up to
   * `bounds.sortUpTo`, else `tooManyToSort` and no page.
   */
  page(
    dropzoneId: number,
    filter: DeskListFilter,
    order: DeskListOrder,
    limit: number,
    offset: number,
    bounds: DeskSearchBounds,
  ): DeskListPage | { tooManyToSort: number } {
    return this.inOneSnapshot(() => {
      const { list, stmts } = this.statements(dropzoneId, filter, order);
      if (!list.searched) {
        const total = stmts.count.get(list.params) as number;
        const ids = offset >= total ? [] : (stmts.page.all({ ...list.params, limit, offset }) as number[]);
        return { ids, total, totalIsLowerBound: false };
      }
      if (order.key === 'id') {
        // One pass over the index in id order gives the page and its count: the matches' ids up
        // to the bound, one more to know whether there are more. A page, then a count, read the
        // index's lists twice whenever the page was full.
        const countUpTo = Math.max(bounds.countUpTo, offset + limit);
        const upTo = stmts.idsUpTo.all({ ...list.params, countLimit: countUpTo + 1 }) as number[];
        const total = Math.min(upTo.length, countUpTo);
        return { ids: upTo.slice(offset, offset + limit), total, totalIsLowerBound: upTo.length > countUpTo };
      }
      const counted = stmts.countUpTo.get({ ...list.params, countLimit: bounds.sortUpTo + 1 }) as number;
      if (counted > bounds.sortUpTo) return { tooManyToSort: bounds.sortUpTo };
      const all = stmts.ids.all(list.params) as number[];
      return { ids: all.slice(offset, offset + limit), total: all.length, totalIsLowerBound: false };
    });
  }

  /** Every matching id in order (an export: its rows are then read a page at a time). */
  allIds(dropzoneId: number, filter: DeskListFilter, order: DeskListOrder): number[] {
    const { list, stmts } = this.statements(dropzoneId, filter, order);
    return stmts.ids.all(list.params) as number[];
  }

  /** The rows of these ids, in this order; an id no longer in the dropzone is left out. */
  rows(dropzoneId: number, ids: readonly number[]): DeskListRecord[] {
    return this.rowsStmt.all({ dropzoneId, ids: JSON.stringify(ids) }).map(recordOf);
  }

  private statements(dropzoneId: number, filter: DeskListFilter, order: DeskListOrder) {
    const indexed = filter.search === undefined || this.searchPendingStmt.get() !== 1;
    const list = compileDeskList(dropzoneId, filter, order, indexed);
    let stmts = this.stmts.get(list.shape);
    if (!stmts) {
      const ids = `SELECT b.id ${list.fromWhere} ORDER BY ${list.orderBy}`;
      stmts = {
        count: this.db.prepare(list.countFromCounts ?? `SELECT count(*) ${list.fromWhere}`).pluck(),
        countUpTo: this.db.prepare(`SELECT count(*) FROM (SELECT 1 ${list.fromWhere} LIMIT @countLimit)`).pluck(),
        idsUpTo: this.db.prepare(`${ids} LIMIT @countLimit`).pluck(),
        page: this.db.prepare(`${ids} LIMIT @limit OFFSET @offset`).pluck(),
        ids: this.db.prepare(ids).pluck(),
      };
      this.stmts.set(list.shape, stmts);
    }
    return { list, stmts };
  }
}

function recordOf(row: Record<string, unknown>): DeskListRecord {
  const extras: Record<string, unknown> = {};
  const bookingRow: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) (name.startsWith('x_') ? extras : bookingRow)[name] = value;
  const booking = bookingFromRow(bookingRow);
  const newest = extras.x_newest_camera as string | null;
  return {
    booking,
    product:
      booking.product_id === null || extras.x_product_name === null
        ? null
        : {
            id: booking.product_id,
            name: extras.x_product_name as string,
            price_cents: extras.x_product_price_cents as number,
          },
    newestCameraRequirement: newest === null ? undefined : ((JSON.parse(newest) as [string | null])[0] ?? null),
    filmer: extras.x_filmer as string | null,
    secondFilmer: extras.x_second_filmer as string | null,
    checkIn:
      extras.x_check_in_state === null
        ? null
        : {
            state: extras.x_check_in_state as CheckInState,
            day: extras.x_check_in_day as string,
            recorded_by: extras.x_check_in_by as string,
            recorded_at: extras.x_check_in_at as string,
          },
  };
}
