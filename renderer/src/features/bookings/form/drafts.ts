import type { BookingFormValues } from './formValues';

/**
 * Unsaved form input, kept for the session when a form is closed without saving (an Escape too
 * many must not cost the typing). An edit draft only comes back while the booking is unchanged.
 */
interface Draft {
  base: BookingFormValues;
  values: BookingFormValues;
}

const drafts = new Map<string, Draft>();

const sameValues = (a: BookingFormValues, b: BookingFormValues) => JSON.stringify(a) === JSON.stringify(b);

export const draftKey = (externalId: string | undefined) => (externalId === undefined ? 'new' : `edit:${externalId}`);

export function takeDraft(key: string, base: BookingFormValues): BookingFormValues | null {
  const draft = drafts.get(key);
  if (!draft) return null;
  if (!sameValues(draft.base, base)) {
    drafts.delete(key);
    return null;
  }
  return draft.values;
}

export function keepDraft(key: string, base: BookingFormValues, values: BookingFormValues): void {
  if (sameValues(base, values)) drafts.delete(key);
  else drafts.set(key, { base, values });
}

export function dropDraft(key: string): void {
  drafts.delete(key);
}
