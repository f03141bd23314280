import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addDays } from '../../shared/dates';

export const IMPORT_FIXTURES = fileURLToPath(new URL('../fixtures/import/', import.meta.url));

/** `YYYY-MM-DD` → `DD.MM.YYYY`, the fixture's spreadsheet style. */
export function dottedDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

/** A fixture's bytes with its `{{+N}}` / `{{-N}}` placeholders as dates N days from `today`. */
export function renderImportFixture(name: string, today: string): Buffer {
  const text = readFileSync(`${IMPORT_FIXTURES}${name}`, 'utf8');
  return Buffer.from(
    text.replace(/\{\{([+-]\d+)\}\}/g, (_, days: string) => dottedDate(addDays(today, Number(days)))),
    'utf8',
  );
}
