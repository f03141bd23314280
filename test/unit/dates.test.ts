import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  addDays,
  dateInZone,
  daysBetween,
  daysInMonth,
  isIsoDate,
  isKnownTimeZone,
  isoDateOf,
  localDateOf,
  utcDateOf,
} from '../../shared/dates';
import { atOneInstant, timestamp, todayAt } from '../../electron/sync/context';
import type { DropzoneRecord } from '../../electron/store/records';
import type { Store } from '../../electron/store/store';

test('isIsoDate accepts real calendar dates in YYYY-MM-DD only', () => {
  for (const ok of ['2026-06-15', '2024-02-29', '2000-12-31']) assert.equal(isIsoDate(ok), true, ok);
  for (const bad of [
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-6-15',
    '15-06-2026',
    '2026-06-15T00:00:00Z',
    '',
    ' 2026-06-15',
  ]) {
    assert.equal(isIsoDate(bad), false, bad);
  }
});

test('every year 0001–9999 is read as written (Date.UTC would take 0050 for 1950); 0000 and 10000 are refused', () => {
  for (const ok of ['0001-01-01', '0050-05-20', '0099-12-31', '0100-01-01', '0004-02-29', '9999-12-31'])
    assert.equal(isIsoDate(ok), true, ok);
  // 0100 is not a leap year (divisible by 100, not by 400); 1900 is not either, 0004 is and 1904 is.
  for (const bad of ['0000-01-01', '0000-12-31', '10000-01-01', '0100-02-29', '0001-02-29', '9999-13-01', '0050-05-32'])
    assert.equal(isIsoDate(bad), false, bad);
  assert.equal(daysInMonth(4, 2), 29);
  assert.equal(daysInMonth(100, 2), 28);
  assert.equal(daysInMonth(2000, 2), 29);
});

test('the UTC midnight of a date and back keep the year as written, at the edges', () => {
  for (const date of ['0001-01-01', '0099-12-31', '0100-01-01', '9999-12-31', '0050-05-20']) {
    const instant = utcDateOf(date);
    assert.equal(instant.getUTCFullYear(), Number(date.slice(0, 4)), date);
    assert.equal(instant.getUTCHours() + instant.getUTCMinutes() + instant.getUTCMilliseconds(), 0, date);
    assert.equal(isoDateOf(instant), date);
  }
  assert.equal(utcDateOf('0001-01-01').toISOString(), '0001-01-01T00:00:00.000Z');
  assert.equal(utcDateOf('9999-12-31').toISOString(), '9999-12-31T00:00:00.000Z');
});

test('day arithmetic across years below 100 and up to 9999', () => {
  assert.equal(addDays('0099-12-31', 1), '0100-01-01');
  assert.equal(addDays('0100-01-01', -1), '0099-12-31');
  assert.equal(addDays('0001-01-02', -1), '0001-01-01');
  assert.equal(addDays('9999-12-30', 1), '9999-12-31');
  assert.equal(addDays('0004-02-28', 1), '0004-02-29');
  assert.equal(addDays('0050-05-20', 14), '0050-06-03');
  // 365 days a year, 0001 to 0099 with 24 leap years between them: nothing counted as 19xx's.
  assert.equal(daysBetween('0001-01-01', '0100-01-01'), 99 * 365 + 24);
  // 1976 years of 365 days, 479 leap days (0052–2024, less 15 century years), 20 May to 27 November.
  assert.equal(daysBetween('0050-05-20', '2026-11-27'), 1976 * 365 + 479 + 191);
  assert.equal(daysBetween('9999-12-31', '0001-01-01'), -(9998 * 365 + 2424) - 364);
});

test('day arithmetic crosses months, years and DST changes', () => {
  assert.equal(addDays('2026-03-25', 10), '2026-04-04');
  assert.equal(addDays('2026-01-05', -14), '2025-12-22');
  assert.equal(daysBetween('2026-03-20', '2026-04-05'), 16);
  assert.equal(daysBetween('2026-10-20', '2026-11-05'), 16);
});

test('dateInZone gives the local calendar date of an instant', () => {
  const instant = new Date('2026-06-15T23:30:00Z');
  assert.equal(dateInZone(instant, 'UTC'), '2026-06-15');
  assert.equal(dateInZone(instant, 'Europe/Amsterdam'), '2026-06-16');
  assert.equal(dateInZone(instant, 'America/Los_Angeles'), '2026-06-15');
  assert.equal(dateInZone(new Date('2026-06-15T10:00:00Z'), 'Pacific/Kiritimati'), '2026-06-16');
});

test('isKnownTimeZone', () => {
  assert.equal(isKnownTimeZone('Europe/Amsterdam'), true);
  assert.equal(isKnownTimeZone('Mars/Olympus'), false);
  // Asked again: an unknown zone stays unknown (nothing kept for it), a known one stays known.
  assert.equal(isKnownTimeZone('Mars/Olympus'), false);
  assert.equal(isKnownTimeZone('Europe/Amsterdam'), true);
  assert.throws(() => dateInZone(new Date(), 'Mars/Olympus'), RangeError);
});

test("localDateOf is the computer's own calendar date, on either side of UTC's midnight", () => {
  const zone = process.env.TZ;
  try {
    process.env.TZ = 'Pacific/Auckland';
    assert.equal(localDateOf(new Date('2026-12-06T11:30:00Z')), '2026-12-07');
    process.env.TZ = 'America/Los_Angeles';
    assert.equal(localDateOf(new Date('2026-12-06T05:00:00Z')), '2026-12-05');
    assert.equal(localDateOf(new Date('2026-03-08T10:30:00Z')), '2026-03-08'); // the morning clocks go forward
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
});

test("one request's today is its instant's date in the dropzone's zone, however late a rule first asks", () => {
  let clock = new Date('2026-06-15T12:30:00Z');
  const dropzone = { timezone: 'Pacific/Auckland' } as DropzoneRecord;
  const ctx = atOneInstant({ store: undefined as unknown as Store, dropzone, now: () => clock });
  // The clock moves on a day before any rule reads "today": the request's instant does not.
  clock = new Date('2026-06-16T12:30:00Z');
  assert.equal(todayAt(ctx), '2026-06-16');
  assert.equal(ctx.instant?.today, '2026-06-16');
  assert.equal(timestamp(ctx), '2026-06-15T12:30:00.000Z');
  assert.equal(ctx.now().toISOString(), '2026-06-15T12:30:00.000Z');
});
