import { dateInZone, daysBetween } from '../../../../../shared/dates';

/**
 * Times on this screen are shown in the dropzone's own zone (the desk may be a laptop elsewhere,
 * or proxying a remote service); `timeZone` undefined falls back to the computer's zone.
 */

export function formatInstant(iso: string, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      new Date(iso),
    );
  } catch {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  }
}

export function formatShortDay(iso: string, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' }).format(new Date(iso));
  }
}

/** True when the computer's clock shows another zone than the dropzone's (then say which zone times are in). */
export function isForeignZone(timeZone: string | undefined): boolean {
  return !!timeZone && Intl.DateTimeFormat().resolvedOptions().timeZone !== timeZone;
}

/** "Today", "Tomorrow", "in 5 days", "106 days ago", counted from the dropzone's today. */
export function relativeDay(isoDate: string, timeZone: string | undefined): string {
  let today: string;
  try {
    today = dateInZone(new Date(), timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return '';
  }
  const days = daysBetween(today, isoDate);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}
