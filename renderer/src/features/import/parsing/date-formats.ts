import { isIsoDate } from '../../../../../shared/dates';
import { DATE_FORMATS, DEFAULT_DATE_FORMAT, type DateFormat } from '../../../../../shared/import-date-formats';

// The list lives in shared/: the server refuses a date_format that is not in it.
export { DATE_FORMATS, DEFAULT_DATE_FORMAT, type DateFormat };

/** What each format looks like, for the picker. */
export const DATE_FORMAT_EXAMPLES: Record<DateFormat, string> = {
  'YYYY-MM-DD': '2026-12-31, also with a time',
  'YYYY/MM/DD': '2026/12/31',
  'DD.MM.YYYY': '31.12.2026, 1.6.2026',
  'DD-MM-YYYY': '31-12-2026, 1-6-2026',
  'DD/MM/YYYY': '31/12/2026, 1/6/2026',
  'MM/DD/YYYY': '12/31/2026, 6/1/2026',
};

type Part = 'y' | 'm' | 'd';

/**
 * A time after the date (`2026-12-01 00:00:00`, `2026-12-01T10:30:00Z`, `6/1/2026 9:30 AM`) is
 * what spreadsheets and exports add to a date cell; the jump is on the date, so the time is dropped
 * (a zone or `Z` included: the date as written is the date meant).
 */
const TIME = String.raw`(?:[ T]\s*\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:\s*[AaPp]\.?[Mm]\.?)?(?:\s*(?:Z|[+-]\d{2}(?::?\d{2})?))?)?`;
const D = String.raw`(\d{1,2})`;
const Y = String.raw`(\d{4})`;

const pattern = (body: string) => new RegExp(`^${body}${TIME}$`);

const PATTERNS: Record<DateFormat, { re: RegExp; order: [Part, Part, Part] }> = {
  'YYYY-MM-DD': { re: pattern(String.raw`(\d{4})-(\d{2})-(\d{2})`), order: ['y', 'm', 'd'] },
  'YYYY/MM/DD': { re: pattern(`${Y}/${D}/${D}`), order: ['y', 'm', 'd'] },
  'DD.MM.YYYY': { re: pattern(`${D}\\.${D}\\.${Y}`), order: ['d', 'm', 'y'] },
  'DD-MM-YYYY': { re: pattern(`${D}-${D}-${Y}`), order: ['d', 'm', 'y'] },
  'DD/MM/YYYY': { re: pattern(`${D}/${D}/${Y}`), order: ['d', 'm', 'y'] },
  'MM/DD/YYYY': { re: pattern(`${D}/${D}/${Y}`), order: ['m', 'd', 'y'] },
};

export function isDateFormat(value: unknown): value is DateFormat {
  return typeof value === 'string' && (DATE_FORMATS as readonly string[]).includes(value);
}

/** A date cell read: the date as `YYYY-MM-DD`, or why it is none. */
export type DateReading = { ok: true; iso: string } | { ok: false; reason: string };

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Why day/month/year, in the right form, still name no day: the person sees which part is off. */
function calendarReason(y: number, m: number, d: number): string {
  if (m < 1 || m > 12) return `there is no month ${m}`;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d < 1 ? 'there is no day 0' : `${MONTHS[m - 1]} ${y} has ${days} days`;
}

/** Reads a date written in `format` (31.02.2026 is refused with the reason: February has 28 days). */
export function readDate(value: string, format: DateFormat): DateReading {
  const { re, order } = PATTERNS[format];
  const match = re.exec(value.trim());
  if (!match) return { ok: false, reason: `is not a date in the form ${format}` };
  const parts = { y: '', m: '', d: '' };
  order.forEach((part, i) => (parts[part] = match[i + 1] as string));
  const iso = `${parts.y}-${parts.m.padStart(2, '0')}-${parts.d.padStart(2, '0')}`;
  if (isIsoDate(iso)) return { ok: true, iso };
  return {
    ok: false,
    reason: `is not a real date: ${calendarReason(Number(parts.y), Number(parts.m), Number(parts.d))}`,
  };
}

/** A date written in `format` as `YYYY-MM-DD`, or null when it is not such a date (also 31.02.2026). */
export function toIsoDate(value: string, format: DateFormat): string | null {
  const reading = readDate(value, format);
  return reading.ok ? reading.iso : null;
}

/**
 * The format that reads the most of these dates (ties: the list's order, so YYYY-MM-DD first,
 * and day-first before month-first). Only a suggestion for the picker: 03/04/2026 reads both
 * ways, so a sample settles it.
 */
export function guessDateFormat(values: readonly string[], sample = 500): DateFormat {
  const filled = values.filter((v) => v.trim() !== '').slice(0, sample);
  let best: DateFormat = DEFAULT_DATE_FORMAT;
  let bestCount = 0;
  for (const format of DATE_FORMATS) {
    const count = filled.reduce((n, v) => n + (toIsoDate(v, format) ? 1 : 0), 0);
    if (count > bestCount) [best, bestCount] = [format, count];
  }
  return best;
}
