import type { OutboxAttention, OutboxFieldValue, OutboxOpView, OutboxOutcome } from '../../../shared/schemas/outbox';
import { fieldLabel } from './booking-field-labels';
import { utcDateOf } from '../../../shared/dates';

/**
 * One write of proxy mode's outbox in words, for the Sync screen and a booking's page: what it
 * does, to which record, who made it, why it waits or needs a person, how it ended.
 */

/** "Create", "Update" or "Delete": the Sync API has one call for create and update; the desk's prediction says which. */
export function actionWords(op: Pick<OutboxOpView, 'action' | 'predicted'>): 'Create' | 'Update' | 'Delete' {
  if (op.action === 'delete') return 'Delete';
  return op.predicted === 'created' ? 'Create' : 'Update';
}

/** "Booking B-17 (Ann Lee)", "Filmer 12 (Jo Cam)". */
export function recordWords(record: OutboxOpView['record']): string {
  const kind = record.kind === 'booking' ? 'Booking' : 'Filmer';
  return `${kind} ${record.key}${record.label ? ` (${record.label})` : ''}`;
}

/** Who made the write: reception at this desk, or a booking system by its token's label. */
export function sourceWords(source: string): string {
  return source === 'desk' ? 'Reception (this desk)' : source;
}

/** A field's name as the desk shows it elsewhere (filmer fields have no labels of their own: their API names). */
export function outboxFieldLabel(kind: OutboxOpView['record']['kind'], name: string): string {
  return kind === 'booking' ? fieldLabel(name) : name;
}

/** A value as a person reads it; "(empty)" for nothing, so an empty cell is never ambiguous. */
export function valueWords(value: OutboxFieldValue | undefined): string {
  if (value === undefined) return '—';
  if (value === null || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** "5 s ago", "12 min ago", "3 h ago", "2 days ago"; "in 30 s", "in 4 min" for what is still to come. */
export function relativeWords(iso: string, now: Date = new Date()): string {
  const ms = new Date(iso).getTime() - now.getTime();
  const future = ms > 0;
  const seconds = Math.round(Math.abs(ms) / 1000);
  let span: string;
  if (seconds < 5) return future ? 'in a moment' : 'just now';
  if (seconds < 60) span = `${seconds} s`;
  else if (seconds < 3600) span = `${Math.floor(seconds / 60)} min`;
  else if (seconds < 48 * 3600) span = `${Math.floor(seconds / 3600)} h`;
  else span = `${Math.floor(seconds / 86400)} days`;
  return future ? `in ${span}` : `${span} ago`;
}

/** "Can no longer land after 3 Dec": the spec's 14-day window closes on this day for the write's jump day. */
export function expiryWords(expiresOn: string): string {
  const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return `Can no longer land after ${day.format(utcDateOf(expiresOn))}`;
}

const ATTENTION_TITLES: Record<OutboxAttention, string> = {
  conflict: 'Conflict',
  deleted: 'Deleted at the remote',
  refused: 'Refused by the remote',
};

export function attentionTitle(attention: OutboxAttention): string {
  return ATTENTION_TITLES[attention];
}

/** Why a write is held, in one line: "The remote changed E-mail too", "The remote refused it (HTTP 422): …". */
export function attentionWords(op: OutboxOpView): string {
  switch (op.attention) {
    case 'conflict': {
      const names = op.fields.filter((f) => f.conflict).map((f) => outboxFieldLabel(op.record.kind, f.name));
      return names.length > 0 ? `The remote changed ${listWords(names)} too` : 'The remote changed the same fields';
    }
    case 'deleted':
      return 'The remote deleted the record this write changes';
    case 'refused':
      return `The remote refused it${op.remote_status ? ` (HTTP ${op.remote_status})` : ''}${op.remote_error ? `: ${op.remote_error}` : ''}`;
    default:
      return '';
  }
}

/** "E-mail", "E-mail and Mobile", "Name, E-mail and Mobile". */
export function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const OUTCOMES: Record<OutboxOutcome, string> = {
  sent: 'Sent',
  already_there: 'Already at the remote',
  decided: 'Sent as decided',
  kept_theirs: "Kept the remote's values",
  discarded: 'Discarded',
  combined: 'Folded into an earlier write of the record',
  adopted: 'Found at the remote and taken',
  not_landed: 'Not at the remote: to be sent again by its booking system',
};

export function outcomeWords(outcome: OutboxOutcome | null): string {
  return outcome ? OUTCOMES[outcome] : '—';
}

const DECISIONS: Record<NonNullable<OutboxOpView['decision']>['action'], string> = {
  keep_mine: 'keep mine',
  keep_theirs: 'keep theirs',
  fields: 'field by field',
  discard: 'discard',
};

export function decisionWords(decision: Pick<NonNullable<OutboxOpView['decision']>, 'action'>): string {
  return DECISIONS[decision.action];
}

/** A decision as the person chose it: for a record the remote deleted, "create it again" or "let it go". */
export function choiceWords(
  action: NonNullable<OutboxOpView['decision']>['action'],
  attention: OutboxOpView['attention'],
): string {
  if (attention === 'deleted' && action === 'keep_mine') return 'create it again';
  if (attention === 'deleted' && action === 'keep_theirs') return 'let it go';
  return DECISIONS[action];
}
