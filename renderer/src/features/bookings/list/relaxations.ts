import type { DeskListFilters } from '../../../api/reception-api';
import { OPEN_RANGE } from './dateRanges';
import type { BookingsView } from './bookingsView';

/** One way to widen an empty list: what to change, and the list it would then ask for (to count first). */
export interface Relaxation {
  key: 'dates' | 'check-in' | 'include-all';
  label: string;
  patch: Partial<BookingsView>;
  filters: DeskListFilters;
}

/**
 * What could make an empty list hold bookings, narrowest change first: the same search on every
 * date, any check-in, then bookings without an external id too. Each is counted before it is
 * offered, so the empty state never suggests a change that finds nothing. Date before external id:
 * offering "Include bookings without external id" first sent staff the wrong way when the name
 * was simply on another day.
 */
export function relaxationsOf(filters: DeskListFilters): Relaxation[] {
  const out: Relaxation[] = [];
  if (filters.from !== null || filters.to !== null) {
    out.push({
      key: 'dates',
      label: 'Show all dates',
      patch: { preset: 'all', customRange: OPEN_RANGE },
      filters: { ...filters, from: null, to: null },
    });
  }
  if (filters.checkIn !== null) {
    out.push({
      key: 'check-in',
      label: 'Any check-in',
      patch: { checkIn: null },
      filters: { ...filters, checkIn: null },
    });
  }
  if (!filters.includeAll) {
    // Walk-ins are hidden by the list itself, not by what was typed: offered on their own only.
    out.push({
      key: 'include-all',
      label: 'Include bookings without external id',
      patch: { includeAll: true },
      filters: { ...filters, includeAll: true },
    });
  }
  return out;
}
