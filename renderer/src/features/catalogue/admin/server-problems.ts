import { ApiError } from '../../../api/client';

/**
 * A refusal as form errors: each field the server named beside the form's own field (its message
 * prefixed with the field's words), the rest in one line above the buttons.
 */
export function serverProblems<F extends string>(
  error: unknown,
  fieldOf: Record<string, F>,
): { fields: Partial<Record<F, string>>; general: string | undefined } {
  if (!(error instanceof ApiError))
    return { fields: {}, general: error instanceof Error ? error.message : String(error) };
  const fields: Partial<Record<F, string>> = {};
  const rest: string[] = [];
  for (const [name, message] of Object.entries(error.fields)) {
    const field = fieldOf[name];
    if (field) fields[field] = `${name.replaceAll('_', ' ')} ${message}`;
    else rest.push(`${name} ${message}`);
  }
  const general = rest.length > 0 ? rest.join('; ') : Object.keys(fields).length === 0 ? error.message : undefined;
  return { fields, general };
}
