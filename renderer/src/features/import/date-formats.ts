import { isIsoDate } from '../../../../shared/dates';

/** The jump-date formats a person can pick (null in the contract stands for YYYY-MM-DD). */
export const DATE_FORMATS = ['YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY', 'D.M.YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = 'YYYY-MM-DD';

const PATTERNS: Record<DateFormat, { re: RegExp; order: ['y' | 'm' | 'd', 'y' | 'm' | 'd', 'y' | 'm' | 'd'] }> = {
  'YYYY-MM-DD': { re: /^(\d{4})-(\d{2})-(\d{2})$/, order: ['y', 'm', 'd'] },
  'DD.MM.YYYY': { re: /^(\d{2})\.(\d{2})\.(\d{4})$/, order: ['d', 'm', 'y'] },
  'DD/MM/YYYY': { re: /^(\d{2})\/(\d{2})\/(\d{4})$/, order: ['d', 'm', 'y'] },
  'MM/DD/YYYY': { re: /^(\d{2})\/(\d{2})\/(\d{4})$/, order: ['m', 'd', 'y'] },
  'D.M.YYYY': { re: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: ['d', 'm', 'y'] },
};

export function isDateFormat(value: unknown): value is DateFormat {
  return typeof value === 'string' && (DATE_FORMATS as readonly string[]).includes(value);
}

/** A date written in `format` as `YYYY-MM-DD`, or null when it is not such a date (also 31.02.2026). */
export function toIsoDate(value: string, format: DateFormat): string | null {
  const { re, order } = PATTERNS[format];
  const match = re.exec(value.trim());
  if (!match) return null;
  const parts = { y: '', m: '', d: '' };
  order.forEach((part, i) => (parts[part] = match[i + 1] as string));
  const iso = `${parts.y}-${parts.m.padStart(2, '0')}-${parts.d.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/**
 * The format that reads the most of these dates (ties: the list's order, so YYYY-MM-DD first).
 * Only a suggestion for the picker: 03/04/2026 reads both ways, so a sample settles it.
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
