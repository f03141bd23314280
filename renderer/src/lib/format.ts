/** Display formats used across screens: one place, so money and credits look the same everywhere. */
import { dateInZone, isKnownTimeZone, utcDateOf } from '../../../shared/dates';

export function formatMoney(minorUnits: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(minorUnits / 100);
  } catch {
    return `${(minorUnits / 100).toFixed(2)} ${currency}`;
  }
}

/** Centi-credits as credits: 150 → "1.5", with a sign when asked (+1.5 / −0.25). */
export function formatCredits(centiCredits: number, signed = false): string {
  const credits = centiCredits / 100;
  const text = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(Math.abs(credits));
  if (!signed) return credits < 0 ? `−${text}` : text;
  return credits > 0 ? `+${text}` : credits < 0 ? `−${text}` : '±0';
}

/** A YYYY-MM-DD date as a short local date with the weekday: "Sat 22 Nov 2026". */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '—';
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcDateOf(isoDate));
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * An instant's time of day in the dropzone's zone, as reception reads a clock: "14:01"; with the
 * day when that is not today there ("26 Nov, 14:01"). The desk may be a laptop set to another zone.
 */
export function formatClockTime(iso: string, timeZone: string | undefined, now: Date = new Date()): string {
  const zone = timeZone && isKnownTimeZone(timeZone) ? timeZone : Intl.DateTimeFormat().resolvedOptions().timeZone;
  const instant = new Date(iso);
  const sameDay = dateInZone(instant, zone) === dateInZone(now, zone);
  return new Intl.DateTimeFormat(undefined, {
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(instant);
}

/** A size in bytes as people read it: 512 B, 1.5 kB, 2.0 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
