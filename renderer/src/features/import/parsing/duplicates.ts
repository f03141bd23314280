import type { ImportKind } from '../../../../../shared/schemas/imports/kinds';
import type { RowCheck } from './row-check';

export interface KeyedRow {
  number: number;
  check: RowCheck;
  leftOut: boolean;
}

/** The identities a row claims: external id for bookings; external id and e-mail, each on its own, for filmers. */
function identities(kind: ImportKind, check: RowCheck): [label: string, value: string][] {
  const { record } = check;
  const found: [string, string][] = [];
  if (typeof record.external_id === 'string') found.push(['External id', record.external_id]);
  if (kind === 'filmers' && typeof record.email === 'string') found.push(['E-mail', record.email.toLowerCase()]);
  return found;
}

const listed = (numbers: number[]) =>
  numbers.length > 3 ? `${numbers.slice(0, 3).join(', ')} and ${numbers.length - 3} more` : numbers.join(', ');

/**
 * Rows (by index) whose key another row of the file also has, with the message to show. Every
 * row of a pair is flagged: which one is right is the person's call (fix one, or leave one out).
 * Left-out rows claim nothing.
 */
export function findDuplicates(kind: ImportKind, rows: readonly KeyedRow[]): Map<number, string> {
  const holders = new Map<string, number[]>();
  rows.forEach((row, index) => {
    if (row.leftOut) return;
    for (const [label, value] of identities(kind, row.check)) {
      const id = `${label}\u0000${value}`;
      const list = holders.get(id);
      if (list) list.push(index);
      else holders.set(id, [index]);
    }
  });
  const messages = new Map<number, string>();
  for (const [id, indices] of holders) {
    if (indices.length < 2) continue;
    const [label, value] = id.split('\u0000') as [string, string];
    for (const index of indices) {
      if (messages.has(index)) continue;
      const others = indices.filter((i) => i !== index).map((i) => (rows[i] as KeyedRow).number);
      messages.set(index, `${label} ${value} is also in row ${listed(others)}`);
    }
  }
  return messages;
}
