import type { DeskBookingExportQuery } from '../../../../../shared/schemas/reception';

/** The list separators the export offers (the server's `delimiter`). */
export type CsvDelimiter = NonNullable<DeskBookingExportQuery['delimiter']>;

export const CSV_DELIMITERS: { value: CsvDelimiter; label: string }[] = [
  { value: ',', label: 'Comma ,' },
  { value: ';', label: 'Semicolon ;' },
  { value: 'tab', label: 'Tab' },
];

const STORAGE_KEY = 'dropzone-desk.export-delimiter';

/**
 * The separator a spreadsheet of this locale expects: where the decimal separator is a comma
 * (de, fr, nl…), Excel splits CSV on semicolons, so `;`; elsewhere `,`.
 */
export function delimiterForLocale(locale: string | undefined): CsvDelimiter {
  let decimal = '.';
  try {
    decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  } catch {
    // An unknown locale tag: the common default serves.
  }
  return decimal === ',' ? ';' : ',';
}

const isDelimiter = (value: unknown): value is CsvDelimiter => CSV_DELIMITERS.some((option) => option.value === value);

/** The separator last chosen on this computer, else the locale's. */
export function loadDelimiter(storage: Pick<Storage, 'getItem'>, locale: string | undefined): CsvDelimiter {
  try {
    const stored = storage.getItem(STORAGE_KEY);
    if (isDelimiter(stored)) return stored;
  } catch {
    // Storage disabled: the locale's default.
  }
  return delimiterForLocale(locale);
}

export function saveDelimiter(storage: Pick<Storage, 'setItem'>, delimiter: CsvDelimiter): void {
  try {
    storage.setItem(STORAGE_KEY, delimiter);
  } catch {
    // Not remembered; the export itself still works.
  }
}
