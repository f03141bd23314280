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
