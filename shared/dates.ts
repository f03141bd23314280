/** Calendar dates as the wire carries them: `YYYY-MM-DD`, no time, no zone. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date in `YYYY-MM-DD` form (so 2026-02-30 is false). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Adds whole days to a `YYYY-MM-DD` date. */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/**
 * Per time zone, one formatter and the last answer. The booking rules ask for "today" once per
 * batch element: building an Intl.DateTimeFormat costs ~100 µs, formatting ~2-5 µs, and within
 * one second the answer cannot change (zone offsets are whole seconds).
 */
const zoneDates = new Map<string, { format: Intl.DateTimeFormat; second: number; date: string }>();

/** Today's date in an IANA time zone, for the given instant. */
export function dateInZone(instant: Date, timeZone: string): string {
  const second = Math.floor(instant.getTime() / 1000);
  let cached = zoneDates.get(timeZone);
  if (!cached) {
    // en-CA formats as YYYY-MM-DD.
    const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    cached = { format, second: Number.NaN, date: '' };
    zoneDates.set(timeZone, cached);
  }
  if (cached.second !== second) {
    cached.date = cached.format.format(instant);
    cached.second = second;
  }
  return cached.date;
}

/** True when the string names a time zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return true;
  } catch {
    return false;
  }
}
