/**
 * Deliberately loose, like the service's own check: something@domain.tld, no spaces. The Sync
 * API's filmer rules, the import check and the desk's forms all ask this one function.
 */
const EMAIL = /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email);
}

/** The spec's wording (section 7) for an e-mail that is not one. */
export const EMAIL_INVALID = 'Email is invalid';

/**
 * A booking's e-mail, when one is given: the problem with it, or null. The Sync API takes any
 * text there (spec 4.1 sets no rule); the desk's own ways in (the import check, the booking form,
 * a walk-in or a hand edit at the desk) all ask this one function, so a typo is caught before
 * the customer never gets the video link. Empty or absent: no e-mail, no problem.
 */
export function bookingEmailProblem(email: string | null | undefined): string | null {
  if (email === undefined || email === null || email === '') return null;
  return isValidEmail(email) ? null : EMAIL_INVALID;
}
