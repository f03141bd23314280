/**
 * Amounts as people type them, and as the desk API takes them: prices in the dropzone's currency
 * (two decimals, minor units on the wire), credits with two decimals (centi-credits on the wire).
 * Pure, so the forms and their unit tests read them the same way.
 */

/** "99", "99.9", "99,90", " 1 234.50" → minor units; undefined when it is no amount of at most two decimals. */
export function parseHundredths(text: string): number | undefined {
  const compact = text
    .trim()
    .replace(/[\s\u00a0']/g, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(compact)) return undefined;
  const [whole, fraction = ''] = compact.split('.') as [string, string?];
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Minor units as the form shows them: 9900 → "99.00". */
export function formatHundredths(value: number): string {
  return (value / 100).toFixed(2);
}
