import type { z } from 'zod';
import { showUnpairedSurrogates } from '../../shared/schemas/text';

export interface FieldProblems {
  /** Field name → message, e.g. { jump_on: 'must be a date in the form YYYY-MM-DD' }. */
  fields: Record<string, string>;
  /** The same, as sentences naming the field: "jump_on must be a date in the form YYYY-MM-DD". */
  messages: string[];
}

/**
 * Notes a problem with `name` unless one is noted already (the first says most). Defined, not
 * assigned: `fields.__proto__ = …` would set the prototype and drop the problem, and a name such as
 * `toString` would read as noted already.
 */
export function addField(fields: Record<string, string>, name: string, message: string): void {
  if (!Object.hasOwn(fields, name))
    Object.defineProperty(fields, name, { value: message, enumerable: true, writable: true, configurable: true });
}

/**
 * Turns a schema failure into messages that name each field. Keys the schema does not know are
 * reported, never dropped: `what` names the record ("booking") for that message.
 */
export function describeIssues(error: z.ZodError, what: string): FieldProblems {
  const fields: Record<string, string> = {};
  // A key may itself hold an unpaired surrogate: named by its escape, so the answer is well-formed.
  const nameOf = (path: readonly PropertyKey[]) => path.map((part) => showUnpairedSurrogates(String(part))).join('.');
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      // Nested objects (e.g. rows.3 of an import) name the key with its place.
      for (const key of issue.keys)
        addField(fields, nameOf([...issue.path, key]), `is not a writable ${what} attribute`);
      continue;
    }
    const field = nameOf(issue.path);
    if (issue.code === 'invalid_key') {
      // A record's key (an import's header) that failed its own check: that check's words.
      addField(fields, field, `(the key itself) ${issue.issues[0]?.message ?? issue.message}`);
      continue;
    }
    addField(fields, field === '' ? what : field, issue.message);
  }
  const messages = Object.entries(fields).map(([field, message]) =>
    field === what ? `${what} ${message}` : `${field} ${message}`,
  );
  return { fields, messages };
}

/** Path ids are digits only; anything else cannot name a record (and gets the record's 404). */
export function parseRecordId(raw: string): number | undefined {
  return /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}

export type QueryValue = string | string[] | undefined;

/**
 * Checks a query string against the parameters an endpoint knows: an unknown or repeated one is
 * reported in `fields`, never ignored (a misspelt filter must not silently return everything).
 */
export function singleQueryValues(
  raw: Record<string, QueryValue>,
  known: ReadonlySet<string>,
  fields: Record<string, string>,
): Record<string, string> {
  const single: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (!known.has(key)) addField(fields, key, 'is not a known parameter');
    else if (Array.isArray(value)) addField(fields, key, 'is given more than once');
    else single[key] = value;
  }
  return single;
}

/** Query-string booleans: `true`/`1` and `false`/`0`; anything else is reported in `fields`. */
export function queryBoolean(value: string | undefined, name: string, fields: Record<string, string>): boolean {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  fields[name] = 'must be true or false';
  return false;
}

/** The 422 for bad query parameters, in the same shape as a bad body. */
export function invalidQuery(fields: Record<string, string>) {
  const messages = Object.entries(fields).map(([k, m]) => `${k} ${m}`);
  return {
    status: 'unprocessable_content' as const,
    body: { error: messages.join('; '), fields, status: 'unprocessable_content' },
  };
}
