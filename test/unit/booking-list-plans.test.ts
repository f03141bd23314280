import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { test } from 'node:test';
import { migrate } from '../../electron/store/migrate';
import { MIGRATIONS } from '../../electron/store/migrations';
import { compileList, listSql, type BookingQuery } from '../../electron/store/repos/booking-list-query';

/**
 * The plans the booking list's statements get (electron/store/repos/booking-list-query.ts) on an
 * empty store, without statistics, as a new desk has them: every one reads an index and never
 * walks the dropzone's bookings, except a search for fewer than three characters, which must.
 */
const db = new Database(':memory:');
migrate(db, MIGRATIONS);

function plans(query: BookingQuery): Record<string, string> {
  const list = compileList(1, query);
  const params = { ...list.params, afterId: 0, skip: 0, limit: 200 };
  const out: Record<string, string> = {};
  for (const [name, sql] of Object.entries(listSql(list))) {
    if (sql === undefined) continue;
    out[name] = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[])
      .map((r) => r.detail)
      .join(' | ');
  }
  return out;
}

test('without a search, counts sum booking_counts and pages walk the lean id index from a boundary (or read a narrow date range)', () => {
  for (const query of [
    { includeAll: false },
    { includeAll: true },
    { includeAll: false, jumpOnGteq: '2026-11-01', jumpOnLt: '2026-11-02' },
  ]) {
    const p = plans(query);
    assert.match(p.count!, /^SEARCH booking_counts USING PRIMARY KEY \(dropzone_id=\?/, JSON.stringify(query));
    assert.match(
      p.page!,
      /SEARCH b USING COVERING INDEX bookings_list_by_id \(dropzone_id=\? AND id>\?\)/,
      JSON.stringify(query),
    );
  }
  assert.match(
    plans({ includeAll: false, jumpOnGteq: '2026-11-01' }).pageByDay!,
    /COVERING INDEX bookings_list_by_jump_on \(dropzone_id=\? AND jump_on>\?\)/,
  );
});

test('a search of three or more characters is led by the trigram index, in id order, from a boundary', () => {
  for (const query of [
    { includeAll: false, nameContains: 'visser' },
    { includeAll: true, emailContains: 'example', jumpOnGteq: '2026-11-01' },
    { includeAll: false, nameContains: 'zoë', emailContains: 'zoe', jumpOnLteq: '2026-11-01' },
  ]) {
    const p = plans(query);
    assert.match(
      p.count!,
      /^SCAN bookings_search VIRTUAL TABLE INDEX 0:M\d \| SEARCH b USING COVERING INDEX bookings_list_by_id \(dropzone_id=\? AND id=\?/,
      JSON.stringify(query),
    );
    assert.match(
      p.page!,
      /SCAN bookings_search VIRTUAL TABLE INDEX 64:M\d> \| SEARCH b USING COVERING INDEX bookings_list_by_id \(dropzone_id=\? AND id=\?/,
      JSON.stringify(query),
    );
    assert.doesNotMatch(
      p.page!.split(' | SCAN p')[0]!,
      /TEMP B-TREE/,
      'the index gives id order: no sort before the page is cut',
    );
  }
});

test('a shorter search compares every booking of the dropzone (the documented fallback)', () => {
  const p = plans({ includeAll: true, nameContains: 'zo' });
  assert.match(p.count!, /SEARCH b USING (COVERING )?INDEX \w+ \(dropzone_id=\?/);
  assert.doesNotMatch(p.count!, /bookings_search/);
});
