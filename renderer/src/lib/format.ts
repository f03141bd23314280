/** Display formats used across screens: one place, so money and credits look the same everywhere. */
import { dateInZone, isKnownTimeZone, utcDateOf } from '../../../shared/dates';

/**
 * One formatter per set of options, made at first use: building an Intl formatter costs ~0.1 ms
 * (it resolves the locale's data), formatting a few µs, and the grids format a value per row. The
 * locale is the browser's default, which does not change while the page is open.
 */
function cachedFormatter<T>(make: (key: string) => T): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    let formatter = made.get(key);
    if (formatter === undefined) {
      formatter = make(key);
      made.set(key, formatter);
    }
    return formatter;
  };
}

const moneyFormat = cachedFormatter((currency) => new Intl.NumberFormat(undefined, { style: 'currency', currency }));
const creditsFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const dateFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** A clock time in a zone, per zone: with the day and month (another day than now) or without. */
const clockFormat = (withDay: boolean) =>
  cachedFormatter(
    (timeZone) =>
      new Intl.DateTimeFormat(undefined, {
        ...(withDay ? { day: 'numeric', month: 'short' } : {}),
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      }),
  );
const clockTimeFormat = clockFormat(false);
const clockDayTimeFormat = clockFormat(true);

export function formatMoney(minorUnits: number, currency: string): string {
  try {
    return moneyFormat(currency).format(minorUnits / 100);
  } catch {
    // An unknown currency code: the constructor throws (and nothing is cached for it).
    return `${(minorUnits / 100).toFixed(2)} ${currency}`;
  }
}

/** Centi-credits as credits: 150 → "1.5", with a sign when asked (+1.5 / −0.25). */
export function formatCredits(centiCredits: number, signed = false): string {
  const credits = centiCredits / 100;
  const text = creditsFormat.format(Math.abs(credits));
  if (!signed) return credits < 0 ? `−${text}` : text;
  return credits > 0 ? `+${text}` : credits < 0 ? `−${text}` : '±0';
}

/** A YYYY-MM-DD date as a short local date with the weekday: "Sat 22 Nov 2026". */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '—';
  return dateFormat.format(utcDateOf(isoDate));
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return dateTimeFormat.format(new Date(iso));
}

/**
 * An instant's time of day in the dropzone's zone, as reception reads a clock: "14:01"; with the
 * day when that is not today there ("26 Nov, 14:01"). The desk may be a laptop set to another zone.
 */
export function formatClockTime(iso: string, timeZone: string | undefined, now: Date = new Date()): string {
  const zone = timeZone && isKnownTimeZone(timeZone) ? timeZone : Intl.DateTimeFormat().resolvedOptions().timeZone;
  const instant = new Date(iso);
  const sameDay = dateInZone(instant, zone) === dateInZone(now, zone);
  return (sameDay ? clockTimeFormat : clockDayTimeFormat)(zone).format(instant);
}

/** A size in bytes as people read it: 512 B, 1.5 kB, 2.0 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
