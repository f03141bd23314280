import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageSummary } from '../../renderer/src/features/bookings/list/pageSummary';

const at = (current_page: number, total_count: number, more?: boolean) => ({
  current_page,
  per_page: 200,
  total_pages: 0,
  total_count,
  next_page: null,
  prev_page: null,
  ...(more === undefined ? {} : { count_is_lower_bound: more }),
});

test('the footer says where the page sits, and "+" when the search counted only so far', () => {
  assert.equal(pageSummary(at(1, 1_234), 200), `1–200 of ${(1_234).toLocaleString()} bookings`);
  assert.equal(pageSummary(at(1, 1_000, true), 200), `1–200 of ${(1_000).toLocaleString()}+ bookings`);
  assert.equal(
    pageSummary(at(6, 1_200, true), 200),
    `${(1_001).toLocaleString()}–${(1_200).toLocaleString()} of ${(1_200).toLocaleString()}+ bookings`,
  );
  assert.equal(pageSummary(at(1, 7, false), 7), '1–7 of 7 bookings');
  assert.equal(pageSummary(at(1, 1), 1), '1–1 of 1 booking');
  assert.equal(pageSummary(at(1, 0), 0), 'No bookings');
});
