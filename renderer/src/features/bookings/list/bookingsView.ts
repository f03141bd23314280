import type { SortingState } from '@tanstack/react-table';
import { useSyncExternalStore } from 'react';
import { OPEN_RANGE, type DatePreset, type DateRange } from './dateRanges';

/**
 * What the user set on the Bookings screen: filters, page, sort and the selected row. Held in
 * memory for the session (not in the component), so opening a booking and coming back finds the
 * list exactly as it was left.
 */
export interface BookingsView {
  search: string;
  preset: DatePreset;
  /** The range picked on the calendar; used when `preset` is `custom`. */
  customRange: DateRange;
  includeAll: boolean;
  page: number;
  sorting: SortingState;
  /** The selected booking's `id` (the desk id: bookings without external id can be selected too). */
  selectedId: number | null;
}

export const INITIAL_VIEW: BookingsView = {
  search: '',
  preset: 'all',
  customRange: OPEN_RANGE,
  includeAll: false,
  page: 1,
  sorting: [],
  selectedId: null,
};

let current = INITIAL_VIEW;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes the view; any change to what is listed starts again at page 1. */
export function updateView(change: Partial<BookingsView> | ((view: BookingsView) => Partial<BookingsView>)): void {
  const patch = typeof change === 'function' ? change(current) : change;
  const next = { ...current, ...patch };
  const filtersChanged = (['search', 'preset', 'customRange', 'includeAll'] as const).some((key) => key in patch && patch[key] !== current[key]);
  if (filtersChanged && !('page' in patch)) next.page = 1;
  current = next;
  listeners.forEach((listener) => listener());
}

export function useBookingsView(): BookingsView {
  return useSyncExternalStore(subscribe, () => current);
}

export function clearedFilters(): Partial<BookingsView> {
  return { search: '', preset: 'all', customRange: OPEN_RANGE };
}
