import type { Database, Statement } from 'better-sqlite3';
import { foldForSearch, type BookingQuery } from './booking-list-query';

/**
 * A cached count brought up to date from booking_list_changes (migration 009): each change since
 * the count was taken adds one if the booking now matches the list and did not, and takes one off
 * in the other case. The test here is the list's own filters in JS, spelled as the SQL spells them
 * (substring of the folded text, a missing text as '', dates compared as text, none matching a
 * missing date), and test/unit/booking-list-counts.test.ts holds both to a brute-force count.
 */
interface ChangeRow {
  old_listed: number;
  old_name: string | null;
  old_email: string | null;
  old_jump_on: string | null;
  old_external: number | null;
  new_listed: number;
  new_name: string | null;
  new_email: string | null;
  new_jump_on: string | null;
  new_external: number | null;
}

type Matches = (name: string | null, email: string | null, day: string | null, external: number | null) => boolean;

/** More changes than this since a count: counting again is as cheap as reading them. */
const MAX_CHANGES = 4096;

export function listMatcher(query: BookingQuery): Matches {
  const name = query.nameContains === undefined ? undefined : foldForSearch(query.nameContains);
  const email = query.emailContains === undefined ? undefined : foldForSearch(query.emailContains);
  const { jumpOnGteq: gteq, jumpOnLteq: lteq, jumpOnLt: lt, jumpOnGt: gt } = query;
  const dated = gteq !== undefined || lteq !== undefined || lt !== undefined || gt !== undefined;
  return (n, e, day, external) => {
    if (!query.includeAll && external !== 1) return false;
    if (name !== undefined && !(n ?? '').includes(name)) return false;
    if (email !== undefined && !(e ?? '').includes(email)) return false;
    if (!dated) return true;
    if (day === null) return false;
    return (
      (gteq === undefined || day >= gteq) &&
      (lteq === undefined || day <= lteq) &&
      (lt === undefined || day < lt) &&
      (gt === undefined || day > gt)
    );
  };
}

export class ListChanges {
  private readonly since: Statement<[number, number, number], ChangeRow>;

  constructor(db: Database) {
    this.since = db.prepare(
      'SELECT * FROM booking_list_changes WHERE dropzone_id = ? AND version > ? AND version <= ? ORDER BY version',
    );
  }

  /** How the count changed from version `from` to `to`; undefined when those changes are no longer all kept. */
  delta(dropzoneId: number, from: number, to: number, matches: Matches): number | undefined {
    if (to - from > MAX_CHANGES) return undefined;
    const rows = this.since.all(dropzoneId, from, to);
    if (rows.length !== to - from) return undefined;
    let delta = 0;
    for (const c of rows) {
      const before = c.old_listed === 1 && matches(c.old_name, c.old_email, c.old_jump_on, c.old_external);
      const after = c.new_listed === 1 && matches(c.new_name, c.new_email, c.new_jump_on, c.new_external);
      delta += Number(after) - Number(before);
    }
    return delta;
  }
}
