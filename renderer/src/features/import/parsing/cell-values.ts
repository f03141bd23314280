/** Cell texts that mean yes or no in spreadsheets people make ("x" marks a box; an empty cell says nothing). */
const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'x', 'ja', 'oui', 'on']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'nee', 'nein', 'non', 'off']);

/** true, false, or undefined when the text is no yes/no word. */
export function toBoolean(value: string): boolean | undefined {
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return undefined;
}

export const BOOLEAN_HINT = 'must be yes or no (true/false, 1/0, x)';
