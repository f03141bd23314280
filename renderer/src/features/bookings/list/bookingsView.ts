import type { SortingState } from '@tanstack/react-table';
import { useSyncExternalStore } from 'react';
import type { CheckInFilter } from '../../../../../shared/schemas/reception';
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
  /** Reception's check-in filter; null: any. */
  checkIn: CheckInFilter | null;
  page: number;
  sorting: SortingState;
  /** The selected booking's `id` (the desk id: bookings without external id can be selected too). */
  selectedId: number | null;
  /**
   * The screen is still on its opening view: today's bookings, until the first answer says there
   * are none today (then all dates). Any change the user makes ends it.
   */
  opening: boolean;
}

export const INITIAL_VIEW: BookingsView = {
  search: '',
  preset: 'today',
  customRange: OPEN_RANGE,
  includeAll: false,
  checkIn: null,
  page: 1,
  sorting: [],
  selectedId: null,
  opening: true,
};

/** What decides the opening view: the dropzone's today listed, and how many bookings it holds. */
export function settleOpening(view: BookingsView, todayTotal: number): Partial<BookingsView> | null {
  if (!view.opening) return null;
  return todayTotal > 0 ? { opening: false } : { opening: false, preset: 'all' };
}

const LISTED_BY = ['search', 'preset', 'customRange', 'includeAll', 'checkIn'] as const;

let current = INITIAL_VIEW;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The next view after `patch`: any change to what is listed starts again at page 1 and ends the opening view. */
export function nextView(view: BookingsView, patch: Partial<BookingsView>): BookingsView {
  const next = { ...view, ...patch };
  const filtersChanged = LISTED_BY.some((key) => key in patch && patch[key] !== view[key]);
  if (filtersChanged && !('page' in patch)) next.page = 1;
  if ((filtersChanged || 'sorting' in patch) && !('opening' in patch)) next.opening = false;
  return next;
}

/** Changes the view (see nextView). */
export function updateView(change: Partial<BookingsView> | ((view: BookingsView) => Partial<BookingsView>)): void {
  const patch = typeof change === 'function' ? change(current) : change;
  current = nextView(current, patch);
  listeners.forEach((listener) => listener());
}

export function useBookingsView(): BookingsView {
  return useSyncExternalStore(subscribe, () => current);
}

export function clearedFilters(): Partial<BookingsView> {
  return { search: '', preset: 'all', customRange: OPEN_RANGE, checkIn: null };
}
