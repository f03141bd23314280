import type {
  FieldDecision,
  OutboxDecisionInput,
  OutboxField,
  OutboxFieldValue,
} from '../../../../shared/schemas/outbox';

/**
 * A person's choice per field of a held write, as the Sync screen's radios keep it (an edit as the
 * text typed), and the decision the desk takes from them (PUT /api/desk/outbox/:id/decision).
 */

export type FieldChoice = { take: 'mine' } | { take: 'theirs' } | { take: 'edit'; text: string };
export type FieldChoices = Record<string, FieldChoice | undefined>;

/** What kind of value a field holds, from any value it has on the three sides (text when none says). */
export type FieldKind = 'number' | 'boolean' | 'text';

export function fieldKindOf(field: OutboxField): FieldKind {
  for (const value of [field.desk, field.remote, field.queued]) {
    if (typeof value === 'number') return 'number';
    if (typeof value === 'boolean') return 'boolean';
  }
  return 'text';
}

/** A value as the edit box starts with it. */
export function editTextOf(value: OutboxFieldValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/**
 * Where the choices start: a field only the desk changed is sent as the desk has it (mine); a
 * field the remote refused starts as an edit of the desk's value; a conflict waits for a person.
 */
export function initialChoices(fields: OutboxField[]): FieldChoices {
  const choices: FieldChoices = {};
  for (const field of fields) {
    if (field.refused !== undefined) choices[field.name] = { take: 'edit', text: editTextOf(field.desk) };
    else if (!field.conflict) choices[field.name] = { take: 'mine' };
  }
  return choices;
}

/** Every field as an edit of the desk's value: "Edit and send again". */
export function editAll(fields: OutboxField[]): FieldChoices {
  return Object.fromEntries(fields.map((f) => [f.name, { take: 'edit', text: editTextOf(f.desk) } as FieldChoice]));
}

export type ParsedEdit = { ok: true; value: OutboxFieldValue } | { ok: false; problem: string };

/** The typed text as the field's kind of value; an empty box clears the field (null). */
export function parseEdit(text: string, kind: FieldKind): ParsedEdit {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (kind === 'number') {
    const value = Number(trimmed);
    return Number.isFinite(value) ? { ok: true, value } : { ok: false, problem: 'must be a number' };
  }
  if (kind === 'boolean') {
    if (/^(yes|true)$/i.test(trimmed)) return { ok: true, value: true };
    if (/^(no|false)$/i.test(trimmed)) return { ok: true, value: false };
    return { ok: false, problem: 'must be yes or no' };
  }
  // Text keeps what was typed, spaces inside included; only an all-blank box means "empty".
  return { ok: true, value: text };
}

/** What stops "Apply my choices": each problem names its field (by its API name). */
export function choiceProblems(fields: OutboxField[], choices: FieldChoices): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const choice = choices[field.name];
    if (choice === undefined) {
      if (field.conflict) problems[field.name] = 'choose mine, theirs or an edit';
    } else if (choice.take === 'theirs' && field.remote === undefined) {
      problems[field.name] = 'the remote has no value to keep';
    } else if (choice.take === 'edit') {
      const parsed = parseEdit(choice.text, fieldKindOf(field));
      if (!parsed.ok) problems[field.name] = parsed.problem;
    }
  }
  return problems;
}

/** The decision for "Apply my choices": every field's choice (a field left out would keep the remote's value). */
export function fieldsDecision(fields: OutboxField[], choices: FieldChoices, by: string): OutboxDecisionInput {
  const decided: Record<string, FieldDecision> = {};
  for (const field of fields) {
    const choice = choices[field.name];
    if (choice === undefined) continue;
    if (choice.take === 'edit') {
      const parsed = parseEdit(choice.text, fieldKindOf(field));
      if (!parsed.ok) throw new Error(`${field.name} ${parsed.problem}`);
      decided[field.name] = { take: 'edit', value: parsed.value };
    } else decided[field.name] = { take: choice.take };
  }
  return { action: 'fields', fields: decided, by: by.trim() };
}

/** A decision already taken, as the radios show it (read-only until undone). */
export function choicesOfDecision(
  fields: OutboxField[],
  decision: { action: OutboxDecisionInput['action']; fields?: Record<string, FieldDecision> },
): FieldChoices {
  const choices: FieldChoices = {};
  for (const field of fields) {
    if (decision.action === 'keep_mine') choices[field.name] = { take: 'mine' };
    else if (decision.action === 'keep_theirs') choices[field.name] = { take: 'theirs' };
    else if (decision.action === 'fields') {
      const taken = decision.fields?.[field.name];
      // A field the decision left out keeps the remote's value (the contract's rule).
      if (taken === undefined) choices[field.name] = { take: 'theirs' };
      else choices[field.name] = taken.take === 'edit' ? { take: 'edit', text: editTextOf(taken.value) } : taken;
    }
  }
  return choices;
}
