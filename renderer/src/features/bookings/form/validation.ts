import { isBlankExternalId } from '../../../../../shared/rules/external-id';
import type { BookingFormValues } from './formValues';

/** The form's words for the spec's "requires external id", shown on the field before anything is sent. */
export const EXTERNAL_ID_REQUIRED = 'an external id is required';

/**
 * What the form checks itself (the shared rules, for @mantine/form); everything else is the
 * server's to decide and say (too old, a closed id, lengths), and the form shows its answer.
 */
export function bookingFormRules(editing: boolean) {
  return {
    // An edit addresses the booking by its stored id, which the form does not let change.
    external_id: (value: BookingFormValues['external_id']) => (!editing && isBlankExternalId(value) ? EXTERNAL_ID_REQUIRED : null),
  };
}
