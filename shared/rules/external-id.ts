/** The spec's message (section 7) for a booking sent without an external id. */
export const REQUIRES_EXTERNAL_ID = 'requires external id';

/**
 * No external id, as the spec counts it: missing, `null`, or only blanks. Any other string is an
 * id used exactly as sent (not trimmed; docs/spec-decisions.md), so a blank one cannot slip
 * through to be stored as "   ".
 */
export function isBlankExternalId(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * An optional external id (a filmer's) as stored: a blank one is none (`null`), as a booking's
 * blank id is "no external id"; any other string exactly as sent. Without this, "" would be stored
 * as an id, and a second filmer sent with "" would be refused as a duplicate of the first.
 */
export function externalIdOrNone(value: string | null): string | null {
  return isBlankExternalId(value) ? null : value;
}

/**
 * The external id reception gives a walk-in once the booking system knows the customer: the
 * same rule as any booking's id (not blank; used exactly as typed), so the booking system's next
 * sync finds the walk-in by it. Null: no problem. Unique within the dropzone is the store's to say.
 */
export function givenExternalIdProblem(value: string): string | null {
  return isBlankExternalId(value) ? 'must not be blank: the id the booking system knows this customer by' : null;
}
