import { bookingEmailProblem } from '../../../../../shared/rules/email';
import { givenExternalIdProblem, isBlankExternalId } from '../../../../../shared/rules/external-id';
import { walkInNameProblem } from '../../../../../shared/rules/walk-in';
import type { BookingFormValues } from './formValues';

/** The form's words for the spec's "requires external id", shown on the field before anything is sent. */
export const EXTERNAL_ID_REQUIRED = 'an external id is required';

export interface FormRuleOptions {
  editing: boolean;
  /** Local mode: a booking without an external id is a walk-in the desk keeps (proxy mode: the remote wants an id). */
  walkIns: boolean;
  /** Editing a walk-in in local mode: reception may give it the booking system's id (empty: it stays a walk-in). */
  givingId?: boolean;
  /** The e-mail the booking has: an edit that leaves it as it is sends none, so it is not checked (the server would not either). */
  storedEmail?: string;
}

/**
 * What the form checks itself: the shared rules (shared/rules/), the very functions the server
 * and the import check call, for @mantine/form; everything else is the server's to decide and
 * say (too old, a closed id, lengths), and the form shows its answer.
 */
export function bookingFormRules({ editing, walkIns, givingId = false, storedEmail }: FormRuleOptions) {
  return {
    // An edit addresses the booking by its stored id, which the form does not let change.
    // A walk-in's edit may give it one: then the rule of any given id (not blank), the server's too.
    external_id: (value: BookingFormValues['external_id']) => {
      if (givingId) return value === '' ? null : givenExternalIdProblem(value);
      return !editing && !walkIns && isBlankExternalId(value) ? EXTERNAL_ID_REQUIRED : null;
    },
    // A walk-in is found by its name: it needs one (the desk's create and edit refuse it too).
    name: (value: BookingFormValues['name'], values: BookingFormValues) =>
      walkIns && isBlankExternalId(values.external_id) ? walkInNameProblem(value) : null,
    email: (value: BookingFormValues['email']) =>
      editing && value === storedEmail ? null : bookingEmailProblem(value),
  };
}
