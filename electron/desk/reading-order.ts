/**
 * Names in the order people read them, not as plain text: "Ann 2" before "Ann 10", "élise" beside
 * "Elise", case ignored. The locale is the desk's own (undefined: the computer's), the one its
 * printer's reader has; an explicit one is for tests.
 */
export function byReadingOrder<T extends { id: number; name: string | null }>(
  rows: readonly T[],
  locale?: string,
): T[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  // A booking without a name goes last; two names that read the same keep the desk's id order, so a reprint matches.
  return rows.toSorted(
    (a, b) =>
      (a.name === null ? 1 : 0) - (b.name === null ? 1 : 0) ||
      collator.compare(a.name ?? '', b.name ?? '') ||
      a.id - b.id,
  );
}
