import type { Filmer, FilmerWrite } from '../../../../shared/schemas/filmer';
import type { WriteOutcome } from '../../api/sync-api';

/** What the filmer form holds: text as typed, flags as ticked. */
export interface FilmerFormValues {
  name: string;
  email: string;
  external_id: string;
  external_service: string;
  tandem_instructor: boolean;
  videographer: boolean;
  active: boolean;
}

export type FilmerField = keyof FilmerFormValues;

/** The server's defaults for a new filmer (docs/spec-decisions.md). */
export const NEW_FILMER: FilmerFormValues = {
  name: '',
  email: '',
  external_id: '',
  external_service: '',
  tandem_instructor: false,
  videographer: false,
  active: true,
};

export function formValuesOf(filmer: Filmer): FilmerFormValues {
  return {
    name: filmer.name,
    email: filmer.email,
    external_id: filmer.external_id ?? '',
    external_service: filmer.external_service ?? '',
    tandem_instructor: filmer.tandem_instructor,
    videographer: filmer.videographer,
    active: filmer.active,
  };
}

/** Trimmed; blank optional text is sent as null (no external id), blank name/e-mail as "" so the server names the problem. */
function normalized(values: FilmerFormValues): Required<Omit<FilmerWrite, 'id'>> {
  const optional = (text: string) => text.trim() || null;
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    external_id: optional(values.external_id),
    external_service: optional(values.external_service),
    tandem_instructor: values.tandem_instructor,
    videographer: values.videographer,
    active: values.active,
  };
}

/**
 * The POST body: every field for a new filmer; for an edit, the id and only the fields that
 * changed, so a sync that touched other fields meanwhile is not overwritten. Null when an edit
 * changes nothing.
 */
export function filmerWriteOf(values: FilmerFormValues, original?: Filmer): FilmerWrite | null {
  const next = normalized(values);
  if (!original) return next;
  const before = normalized(formValuesOf(original));
  const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => next[key] !== before[key]);
  if (changed.length === 0) return null;
  return Object.fromEntries([['id', original.id], ...changed.map((key) => [key, next[key]])]) as FilmerWrite;
}

const FIELD_BY_MESSAGE: [RegExp, FilmerField][] = [
  [/^email\b/i, 'email'],
  [/^name\b/i, 'name'],
  [/^external[ _]id\b/i, 'external_id'],
  [/^external[ _]service\b/i, 'external_service'],
];

export interface FormProblems {
  fields: Partial<Record<FilmerField, string>>;
  /** Messages that belong to no single field. */
  general: string[];
}

/**
 * The server's refusal, sorted for the form: its `fields` map first; messages without a field
 * (`email is required` comes as a bare `error`) are placed by the field they name, else shown above the form.
 */
export function problemsOf(outcome: WriteOutcome): FormProblems {
  const { body } = outcome;
  const fields: FormProblems['fields'] = {};
  for (const [key, message] of Object.entries(body.fields ?? {})) {
    if (key in NEW_FILMER) fields[key as FilmerField] = message;
  }
  const placed = new Set(Object.values(fields));
  const general: string[] = [];
  for (const message of [...(body.errors ?? []), ...(body.error ? [body.error] : [])]) {
    if (placed.has(message)) continue;
    const field = FIELD_BY_MESSAGE.find(([pattern]) => pattern.test(message))?.[1];
    if (field && !fields[field]) fields[field] = message;
    else general.push(message);
  }
  for (const [key, message] of Object.entries(body.fields ?? {})) {
    if (!(key in NEW_FILMER)) general.push(`${key}: ${message}`);
  }
  return { fields, general };
}
