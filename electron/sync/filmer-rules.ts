import type { FilmerWrite } from '../../shared/schemas/filmer';

/** Deliberately loose, like the service's own check: something@domain.tld, no spaces. */
const EMAIL = /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email);
}

function blank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/**
 * Model-level validation messages (the spec's `errors` wording) for a filmer as it would be after
 * the write. `creating` decides whether absent fields count as blank.
 */
export function filmerValidationErrors(input: FilmerWrite, creating: boolean): Record<string, string> {
  const problems: Record<string, string> = {};
  if ((creating || 'name' in input) && blank(input.name)) problems.name = "Name can't be blank";
  if (creating || 'email' in input) {
    if (blank(input.email)) problems.email = "Email can't be blank";
    else if (!isValidEmail(input.email as string)) problems.email = 'Email is invalid';
  }
  return problems;
}
