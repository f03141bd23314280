/**
 * Calendar dates as the wire carries them: `YYYY-MM-DD`, no time, no zone, years 0001 to 9999.
 * Year 0000 is refused: ISO 8601 reads it as 1 BC, which no booking names.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FIRST_YEAR = 1;
const MS_PER_DAY = 86_400_000;

/**
 * The UTC midnight that starts a calendar day. Every date the desk reads, shifts or compares goes
 * through here: Date.UTC(50, …) means 1950 (years 0–99 are read as 1900–1999), and a booking
 * dated 0050-05-20 would be taken for another day; setUTCFullYear takes the year as written.
 * Month and day may run over (day 0 is the month's last day before), as with Date.UTC.
 */
export function utcMidnight(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

/** The UTC midnight of a `YYYY-MM-DD` date (which the caller has checked with isIsoDate). */
export function utcDateOf(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return utcMidnight(y, m, d);
}

/** A UTC instant's calendar date as `YYYY-MM-DD`, the year written with four digits (0050, not 50). */
export function isoDateOf(instant: Date): string {
  const year = instant.getUTCFullYear();
  const yyyy = year < 0 ? `-${String(-year).padStart(4, '0')}` : String(year).padStart(4, '0');
  const two = (n: number) => String(n).padStart(2, '0');
  return `${yyyy}-${two(instant.getUTCMonth() + 1)}-${two(instant.getUTCDate())}`;
}

/** How many days a month has (February 0100 has 28, February 0004 has 29). */
export function daysInMonth(year: number, month: number): number {
  return utcMidnight(year, month + 1, 0).getUTCDate();
}

/** True for a real calendar date in `YYYY-MM-DD` form, years 0001–9999 (so 2026-02-30 is false). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= FIRST_YEAR && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

/** Adds whole days to a `YYYY-MM-DD` date. */
export function addDays(isoDate: string, days: number): string {
  const date = utcDateOf(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return isoDateOf(date);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDateOf(to).getTime() - utcDateOf(from).getTime()) / MS_PER_DAY);
}

/**
 * Per time zone, one formatter and the last answer. The booking rules ask for "today" once per
 * batch element, the desk UI at each render of a screen that shows it: building an
 * Intl.DateTimeFormat costs ~100 µs, formatting ~2-5 µs, and within one second the answer cannot
 * change (zone offsets are whole seconds).
 */
const zoneDates = new Map<string, { format: Intl.DateTimeFormat; second: number; date: string }>();

/** The zone's entry, made at first use; throws a RangeError for a zone this runtime does not know. */
function zoneDate(timeZone: string) {
  let cached = zoneDates.get(timeZone);
  if (!cached) {
    // en-CA formats as YYYY-MM-DD.
    const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    cached = { format, second: Number.NaN, date: '' };
    zoneDates.set(timeZone, cached);
  }
  return cached;
}

/** Today's date in an IANA time zone, for the given instant. */
export function dateInZone(instant: Date, timeZone: string): string {
  const second = Math.floor(instant.getTime() / 1000);
  const cached = zoneDate(timeZone);
  if (cached.second !== second) {
    cached.date = cached.format.format(instant);
    cached.second = second;
  }
  return cached.date;
}

/** True when the string names a time zone this runtime knows (a known one is then kept, as dateInZone keeps it). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    zoneDate(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The computer's own calendar date for an instant (Date's local fields), as `YYYY-MM-DD`. */
export function localDateOf(instant: Date): string {
  return isoDateOf(new Date(instant.getTime() - instant.getTimezoneOffset() * 60_000));
}
