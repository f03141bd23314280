import type { FilmerWrite } from '../schemas/filmer';
import { EMAIL_INVALID, isValidEmail } from './email';

/** The spec's wording for a filmer's problems (section 7, `errors`). */
export const FILMER_PROBLEMS = {
  nameBlank: "Name can't be blank",
  emailBlank: "Email can't be blank",
  emailInvalid: EMAIL_INVALID,
} as const;

function blank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

/**
 * What is wrong with a filmer as it would be after the write, by field: the Sync API's model
 * validation, the import check and the filmer form alike. `creating`: absent fields count as
 * blank (an update leaves them as they are).
 */
export function filmerProblems(
  input: Pick<FilmerWrite, 'name' | 'email'>,
  creating: boolean,
): Partial<Record<'name' | 'email', string>> {
  const problems: Partial<Record<'name' | 'email', string>> = {};
  if ((creating || 'name' in input) && blank(input.name)) problems.name = FILMER_PROBLEMS.nameBlank;
  if (creating || 'email' in input) {
    if (blank(input.email)) problems.email = FILMER_PROBLEMS.emailBlank;
    else if (!isValidEmail(input.email as string)) problems.email = FILMER_PROBLEMS.emailInvalid;
  }
  return problems;
}

/**
 * What holds a filmer the Sync API refused to delete: the jumps they filmed (either camera of a
 * `both` jump counts), in the desk's words. The desk's screen adds it to the spec's message.
 */
export function filmerJumpsHeld(count: number): string {
  return `the filmer is on ${count} recorded ${count === 1 ? 'jump' : 'jumps'}: make them inactive (active: false) instead of deleting them`;
}
