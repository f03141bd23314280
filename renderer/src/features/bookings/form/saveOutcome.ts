import { LIMITS } from '../../../../../shared/limits';
import { ApiError, OfflineError } from '../../../api/client';
import type { WriteOutcome } from '../../../api/sync-api';
import { EMPTY_FORM, type BookingFormValues } from './formValues';

export type FieldErrors = Partial<Record<keyof BookingFormValues, string>>;

/** What a save came to, in the form's terms. */
export type SaveResult =
  | { kind: 'saved'; created: boolean; externalId: string; id: number | null }
  | { kind: 'partial'; externalId: string; warning: string; ignored: string[] }
  | { kind: 'refused'; title: string; message: string; fieldErrors: FieldErrors };

const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_FORM));

function refused(title: string, message: string, fieldErrors: FieldErrors = {}): SaveResult {
  return { kind: 'refused', title, message, fieldErrors };
}

/** Reads the Sync API's answer (spec 7): outcomes the form shows, never exceptions. */
export function readOutcome(outcome: WriteOutcome, externalId: string, creating: boolean): SaveResult {
  const { body } = outcome;
  const error = body.error ?? body.errors?.join('; ') ?? `the server answered ${outcome.httpStatus}`;
  switch (body.status) {
    case 'created':
    case 'ok':
      return {
        kind: 'saved',
        created: body.status === 'created',
        externalId,
        id: typeof body.id === 'number' ? body.id : null,
      };
    case 'partial_update':
      return {
        kind: 'partial',
        externalId,
        warning: body.warning ?? 'some changes were ignored',
        ignored: body.ignored_attributes ?? [],
      };
    case 'not_acceptable':
      return refused(
        'Not saved: the jump date is too far in the past',
        `The server says “${error}”: a jump date may be at most ${LIMITS.maxBookingAgeDays} days before the dropzone's today. Nothing was changed; pick a later date.`,
        { jump_on: error },
      );
    case 'conflict':
      // The id a walk-in is given may be taken or refused: the desk names the field, the form marks it.
      if (body.fields?.external_id)
        return refused('Not saved: check the external id', `${error}. Nothing was changed.`, {
          external_id: body.fields.external_id,
        });
      return refused(
        'Not saved: this external id is closed',
        `${error}. Nothing was changed.${creating ? ' Use a new external id.' : ''}`,
        creating ? { external_id: 'already used by a delivered booking; use a new external id' } : {},
      );
    case 'unprocessable_content': {
      // The answer names its fields (a missing external id too); its message is for people, never parsed.
      const fieldErrors: FieldErrors = {};
      const others: string[] = [];
      for (const [field, message] of Object.entries(body.fields ?? {})) {
        if (FORM_FIELDS.has(field)) fieldErrors[field as keyof BookingFormValues] = message;
        else others.push(`${field}: ${message}`);
      }
      const marked = Object.keys(fieldErrors).length > 0;
      const message =
        marked && others.length === 0 ? 'Nothing was changed. Fix the fields marked in red, then save again.' : error;
      return refused('Not saved: check the marked fields', message, fieldErrors);
    }
    case 'not_found':
      return refused(
        'Not saved: booking not found',
        `${error}. It may have been deleted meanwhile; close this form and look again.`,
      );
    default:
      return refused('Not saved', error);
  }
}

/** A save that did not get an answer to read (server gone, unexpected error). */
export function readFailure(error: unknown): SaveResult {
  if (error instanceof OfflineError) {
    return refused(
      'Not saved: the desk server does not answer',
      'Your input is still here. Check that the server is running, then save again.',
    );
  }
  if (error instanceof ApiError)
    return refused('Not saved', `${error.message} (HTTP ${error.httpStatus}). Your input is still here.`);
  return refused('Not saved', error instanceof Error ? error.message : String(error));
}
