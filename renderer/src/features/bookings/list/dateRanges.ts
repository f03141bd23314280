import { addDays, daysBetween, utcDateOf } from '../../../../../shared/dates';

/** The jump-date filters the desk offers; `custom` is a range picked on the calendar. */
export type DatePreset = 'all' | 'today' | 'tomorrow' | 'week' | 'custom';

/** An inclusive jump_on range, YYYY-MM-DD; null ends are open. */
export interface DateRange {
  from: string | null;
  to: string | null;
}

export const OPEN_RANGE: DateRange = { from: null, to: null };

export const DATE_PRESETS: { value: Exclude<DatePreset, 'custom'>; label: string }[] = [
  { value: 'all', label: 'All dates' },
  { value: 'today', label: 'Today' },
  { value: 'tomorrow', label: 'Tomorrow' },
  { value: 'week', label: 'This week' },
];

/** Monday to Sunday of the week that holds `isoDate` (ISO weeks, as European dropzones count them). */
export function weekOf(isoDate: string): DateRange {
  const weekday = (utcDateOf(isoDate).getUTCDay() + 6) % 7; // Monday = 0
  const monday = addDays(isoDate, -weekday);
  return { from: monday, to: addDays(monday, 6) };
}

/** The range a preset stands for, given the dropzone's today; `custom` uses the picked range. */
export function rangeOf(preset: DatePreset, today: string, custom: DateRange): DateRange {
  switch (preset) {
    case 'all':
      return OPEN_RANGE;
    case 'today':
      return { from: today, to: today };
    case 'tomorrow': {
      const tomorrow = addDays(today, 1);
      return { from: tomorrow, to: tomorrow };
    }
    case 'week':
      return weekOf(today);
    case 'custom':
      return custom;
  }
}

/** "today", "tomorrow", "in 5 days", "3 days ago": how far a jump date is from the dropzone's today. */
export function relativeDay(isoDate: string, today: string): string {
  const days = daysBetween(today, isoDate);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}

const rangeFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const utc = utcDateOf;

/** A range as short as the locale allows: "16 – 22 Nov 2026", one day as "22 Nov 2026". */
export function formatRange(from: string | null, to: string | null): string {
  if (from && to) return rangeFormat.formatRange(utc(from), utc(to));
  if (from) return `${rangeFormat.format(utc(from))} – …`;
  return '';
}

/** The day a day sheet is for: the one day the list shows (Today, Tomorrow, a one-day range), else the dropzone's today. */
export function daySheetDay(range: DateRange, today: string): string {
  return range.from !== null && range.from === range.to ? range.from : today;
}
