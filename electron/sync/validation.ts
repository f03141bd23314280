import type { z } from 'zod';

export interface FieldProblems {
  /** Field name → message, e.g. { jump_on: 'must be a date in the form YYYY-MM-DD' }. */
  fields: Record<string, string>;
  /** The same, as sentences naming the field: "jump_on must be a date in the form YYYY-MM-DD". */
  messages: string[];
}

/**
 * Turns a schema failure into messages that name each field. Keys the schema does not know are
 * reported, never dropped: `what` names the record ("booking") for that message.
 */
export function describeIssues(error: z.ZodError, what: string): FieldProblems {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] = `is not a writable ${what} attribute`;
      continue;
    }
    const field = issue.path.map(String).join('.');
    if (field === '') {
      fields[what] = issue.message;
    } else {
      fields[field] ??= issue.message;
    }
  }
  const messages = Object.entries(fields).map(([field, message]) => (field === what ? `${what} ${message}` : `${field} ${message}`));
  return { fields, messages };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Path ids are digits only; anything else cannot name a record (and gets the record's 404). */
export function parseRecordId(raw: string): number | undefined {
  return /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}
