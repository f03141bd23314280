import { z } from 'zod';
import { LIMITS } from '../limits';

/**
 * Every string a request body may carry, in the Sync API and the desk API alike. JSON can escape
 * half of a UTF-16 surrogate pair on its own (`"\ud800"`); that is no character, SQLite stores it
 * as bytes that are no UTF-8, and a booking whose external_id holds one can then neither be shown
 * nor deleted. So such text is refused (422 naming the field), never stored or repaired.
 */

/** With the `u` flag, a surrogate matches only when it is not half of a pair. */
const UNPAIRED_SURROGATE = /\p{Surrogate}/u;

export function isWellFormedText(value: string): boolean {
  return !UNPAIRED_SURROGATE.test(value);
}

const escaped = (surrogate: string) => `\\u${surrogate.charCodeAt(0).toString(16)}`;

/** The text with each unpaired surrogate written as its escape, so a message naming it is well-formed itself. */
export function showUnpairedSurrogates(value: string): string {
  return value.replace(new RegExp(UNPAIRED_SURROGATE, 'gu'), escaped);
}

function unpairedSurrogateMessage(value: unknown): string {
  const found = typeof value === 'string' ? UNPAIRED_SURROGATE.exec(value) : null;
  return `contains an unpaired UTF-16 surrogate (${found ? escaped(found[0]) : 'a lone half of a pair'}), which is no character: send well-formed Unicode text`;
}

/**
 * A string that is well-formed Unicode; `params` as z.string's (the message when it is no string
 * at all). Chain further checks (`.max()`, `.regex()`…) after it: the surrogate is reported first
 * and alone.
 */
export const wellFormedString = (params: Parameters<typeof z.string>[0] = { error: 'must be a string' }) =>
  z.string(params).refine(isWellFormedText, { error: (issue) => unpairedSurrogateMessage(issue.input), abort: true });

/** Text of at most `max` characters (the ordinary text limit unless given). */
export const text = (max: number = LIMITS.textMaxLength) =>
  wellFormedString().max(max, { error: `must be at most ${max} characters` });
