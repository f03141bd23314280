import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  deskFilterQuery,
  deskListQuery,
  serverSortOf,
  type DeskListFilters,
} from '../../renderer/src/api/reception-api';
import { INITIAL_VIEW, nextView, settleOpening } from '../../renderer/src/features/bookings/list/bookingsView';
import { checkInForKey, matchesCheckInFilter, nextCheckIn } from '../../renderer/src/lib/check-in-keys';
import {
  delimiterForLocale,
  loadDelimiter,
  saveDelimiter,
} from '../../renderer/src/features/bookings/list/csvDelimiter';
import { daySheetDay } from '../../renderer/src/features/bookings/list/dateRanges';
import { relaxationsOf } from '../../renderer/src/features/bookings/list/relaxations';

const FILTERS: DeskListFilters = {
  page: 2,
  perPage: 200,
  includeAll: false,
  search: '',
  from: null,
  to: null,
  checkIn: null,
  sorting: [],
};

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('the export separator', () => {
  test('a locale with a decimal comma gets a semicolon, a decimal point a comma', () => {
    assert.equal(delimiterForLocale('de-DE'), ';');
    assert.equal(delimiterForLocale('fr-FR'), ';');
    assert.equal(delimiterForLocale('nl-NL'), ';');
    assert.equal(delimiterForLocale('en-US'), ',');
    assert.equal(delimiterForLocale('en-GB'), ',');
  });
  test('an unusable locale tag falls back to a comma', () => {
    assert.equal(delimiterForLocale('not a locale!'), ',');
  });
  test('the one chosen is remembered over the locale; a stored value that is no separator is ignored', () => {
    const storage = memoryStorage();
    assert.equal(loadDelimiter(storage, 'de-DE'), ';');
    saveDelimiter(storage, 'tab');
    assert.equal(loadDelimiter(storage, 'de-DE'), 'tab');
    assert.equal(loadDelimiter(memoryStorage({ 'dropzone-desk.export-delimiter': '|' }), 'en-US'), ',');
  });
});

describe('the opening view', () => {
  test("opens on today's bookings; stays there when today has some", () => {
    assert.equal(INITIAL_VIEW.preset, 'today');
    assert.deepEqual(settleOpening(INITIAL_VIEW, 3), { opening: false });
  });
  test('switches to all dates when today has none', () => {
    assert.deepEqual(settleOpening(INITIAL_VIEW, 0), { opening: false, preset: 'all' });
  });
  test('once the user changed a filter or the sort, the answer changes nothing', () => {
    const searched = nextView(INITIAL_VIEW, { search: 'lena' });
    assert.equal(searched.opening, false);
    assert.equal(settleOpening(searched, 0), null);
    assert.equal(nextView(INITIAL_VIEW, { sorting: [{ id: 'name', desc: false }] }).opening, false);
    // Selecting a row is no change of what is listed.
    assert.equal(nextView(INITIAL_VIEW, { selectedId: 4 }).opening, true);
  });
  test('a new filter, the check-in filter included, starts at page 1', () => {
    const onPage3 = { ...INITIAL_VIEW, page: 3 };
    assert.equal(nextView(onPage3, { checkIn: 'arrived' }).page, 1);
    assert.equal(nextView(onPage3, { selectedId: 1 }).page, 3);
  });
});

describe('the desk list query', () => {
  test('the sort goes to the server by its column, one column at a time', () => {
    assert.deepEqual(serverSortOf([{ id: 'jump_on', desc: true }]), { sort: 'jump_on', dir: 'desc' });
    assert.deepEqual(serverSortOf([{ id: 'check_in', desc: false }]), { sort: 'check_in', dir: 'asc' });
    assert.deepEqual(serverSortOf([]), {});
    // A column the server does not sort by (left from proxy mode's page sort) is not sent.
    assert.deepEqual(serverSortOf([{ id: 'mobile', desc: false }]), {});
  });
  test('filters, page and sort as query parameters; empty ones left out', () => {
    const query = deskListQuery({
      ...FILTERS,
      search: ' 5863991 ',
      from: '2026-06-15',
      to: '2026-06-15',
      checkIn: 'none',
      includeAll: true,
      sorting: [{ id: 'name', desc: false }],
    });
    assert.deepEqual(query, {
      q: '5863991',
      from: '2026-06-15',
      to: '2026-06-15',
      check_in: 'none',
      include_all: 'true',
      sort: 'name',
      dir: 'asc',
      page: '2',
      per_page: '200',
    });
    assert.deepEqual(deskFilterQuery(FILTERS), {
      q: undefined,
      from: undefined,
      to: undefined,
      check_in: undefined,
      include_all: undefined,
    });
  });
  test('a search shorter than three characters is not sent (the server cannot search it)', () => {
    assert.equal(deskFilterQuery({ ...FILTERS, search: 'sc' }).q, undefined);
    assert.equal(deskFilterQuery({ ...FILTERS, search: 'sch' }).q, 'sch');
  });
});

describe('check-in marks', () => {
  test('A, X, J mark and U unmarks, in either case; other keys are none', () => {
    assert.equal(checkInForKey('a'), 'arrived');
    assert.equal(checkInForKey('X'), 'no_show');
    assert.equal(checkInForKey('j'), 'jumped');
    assert.equal(checkInForKey('u'), null);
    assert.equal(checkInForKey('n'), undefined, 'N stays New booking');
    assert.equal(checkInForKey('e'), undefined, 'E stays Edit');
  });
  test('a click on the set mark unmarks, on another sets it', () => {
    assert.equal(nextCheckIn('arrived', 'arrived'), null);
    assert.equal(nextCheckIn('arrived', 'jumped'), 'jumped');
    assert.equal(nextCheckIn(null, 'no_show'), 'no_show');
  });
  test('a filter keeps the bookings of its state, "none" the unmarked', () => {
    assert.equal(matchesCheckInFilter('arrived', 'arrived'), true);
    assert.equal(matchesCheckInFilter('arrived', 'none'), false);
    assert.equal(matchesCheckInFilter(null, 'none'), true);
    assert.equal(matchesCheckInFilter('jumped', null), true);
  });
});

describe('the empty list', () => {
  test('suggests every date for a dated search, any check-in, and the walk-ins: each a list to count first', () => {
    const filters = { ...FILTERS, search: 'lena', from: '2026-06-15', to: '2026-06-15', checkIn: 'arrived' as const };
    const relaxations = relaxationsOf(filters);
    assert.deepEqual(
      relaxations.map((r) => r.key),
      ['dates', 'check-in', 'include-all'],
    );
    assert.deepEqual(
      [relaxations[0]!.filters.from, relaxations[0]!.filters.to, relaxations[0]!.filters.search],
      [null, null, 'lena'],
    );
    assert.equal(relaxations[1]!.filters.checkIn, null);
    assert.equal(relaxations[2]!.filters.includeAll, true);
  });
  test('nothing to widen: no suggestion', () => {
    assert.deepEqual(relaxationsOf({ ...FILTERS, includeAll: true }), []);
  });
});

describe('the day sheet', () => {
  test('is for the one day the list shows, else today', () => {
    assert.equal(daySheetDay({ from: '2026-06-16', to: '2026-06-16' }, '2026-06-15'), '2026-06-16');
    assert.equal(daySheetDay({ from: '2026-06-15', to: '2026-06-21' }, '2026-06-15'), '2026-06-15');
    assert.equal(daySheetDay({ from: null, to: null }, '2026-06-15'), '2026-06-15');
  });
});
