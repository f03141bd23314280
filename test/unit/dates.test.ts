import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addDays, dateInZone, daysBetween, isIsoDate, isKnownTimeZone } from '../../shared/dates';

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
});
