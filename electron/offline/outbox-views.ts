import Papa from 'papaparse';
import { addDays } from '../../shared/dates';
import type { OutboxField, OutboxLandedField, OutboxOpDetail, OutboxOpView } from '../../shared/schemas/outbox';
import { LIMITS } from '../../shared/limits';
import type { OutboxRow } from '../store/repos/outbox';
import { fieldsOf, parseFields, sameValue } from './outbox-fields';
import { remoteSideOf } from './outbox-settle';
import type { RemoteCopy } from './remote-copy';

/** How many days before a write's jump day leaves the spec's edit window it is flagged. */
export const EXPIRY_WARNING_DAYS = 2;

/** The last day a write that sets this jump day can land (the spec's rule: a booking 14 days past is still allowed). */
export function lastDayToLand(jumpOn: string): string {
  return addDays(jumpOn, LIMITS.maxBookingAgeDays);
}

function refusalFields(refusal: Record<string, unknown> | undefined): Record<string, string> {
  const fields = refusal?.fields;
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return {};
  return Object.fromEntries(Object.entries(fields as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}

/** Settled writes that reached the remote (sent, found there, sent as decided). */
const LANDED_OUTCOMES = new Set(['sent', 'already_there', 'decided']);
/** How far back in a record's writes "already landed" looks. */
const LANDED_LOOKBACK = 50;

/**
 * What of a held write's record already landed: the write's own fields the remote took while the
 * others were held, and the fields of the record's writes that landed since this one was queued
 * (the ones before it that went while it was held, and the ones after it that touched other fields).
 */
function landedFor(row: OutboxRow, copy: RemoteCopy): OutboxLandedField[] {
  if (row.state !== 'attention') return [];
  const out = new Map<string, OutboxLandedField>();
  const add = (write: number, fields: Record<string, OutboxField['desk']> | null | undefined) => {
    for (const [name, value] of Object.entries(fields ?? {})) out.set(name, { name, value, write });
  };
  const settled = copy.store.outbox
    .listLane(row.lane, LANDED_LOOKBACK, 0)
    .rows.filter(
      (op) =>
        op.id !== row.id &&
        op.state === 'settled' &&
        LANDED_OUTCOMES.has(op.outcome ?? '') &&
        op.settled_at !== null &&
        op.settled_at >= row.queued_at,
    )
    .reverse();
  for (const op of settled) {
    add(op.id, remoteSideOf(op)?.landed);
    add(op.id, parseFields(op.after));
  }
  add(row.id, remoteSideOf(row)?.landed);
  return [...out.values()];
}

export function outboxOpView(row: OutboxRow, copy: RemoteCopy, today: string): OutboxOpView {
  const before = parseFields(row.before);
  const after = parseFields(row.after) ?? {};
  const side = remoteSideOf(row);
  const remote = side?.record ? fieldsOf(row.record_kind, side.record) : null;
  const refused = refusalFields(side?.refusal);
  const names = row.action === 'delete' ? [] : Object.keys(after);
  const fields: OutboxField[] = names.map((name) => {
    const queued = before?.[name] ?? null;
    const desk = after[name] ?? null;
    const there = remote ? (remote[name] ?? null) : undefined;
    return {
      name,
      queued,
      desk,
      ...(there === undefined ? {} : { remote: there }),
      conflict:
        row.state === 'attention' &&
        row.attention === 'conflict' &&
        there !== undefined &&
        !sameValue(desk, there) &&
        !sameValue(there, queued),
      ...(refused[name] ? { refused: refused[name] } : {}),
    };
  });
  const dz = copy.dropzone.id;
  const copyId =
    row.record_kind === 'booking'
      ? (copy.store.bookings.byExternalId(dz, row.record_key)?.id ?? null)
      : Number.isSafeInteger(Number(row.record_key))
        ? Number(row.record_key)
        : null;
  const lastDay = row.jump_on && row.state !== 'settled' ? lastDayToLand(row.jump_on) : null;
  return {
    id: row.id,
    record: { kind: row.record_kind, key: row.record_key, label: row.label, copy_id: copyId },
    action: row.action,
    source: row.source,
    queued_at: row.queued_at,
    state: row.state,
    attention: row.attention,
    predicted: row.predicted,
    attempts: row.attempts,
    last_attempt_at: row.last_attempt_at,
    next_attempt_at: row.next_attempt_at,
    last_error: row.last_error,
    remote_status: row.remote_status,
    remote_error: row.remote_error,
    fields,
    landed: landedFor(row, copy),
    decision: row.decision
      ? (({ action, fields: chosen, by, at }) => ({ action, ...(chosen ? { fields: chosen } : {}), by, at }))(
          JSON.parse(row.decision),
        )
      : null,
    expires_on: lastDay && lastDay <= addDays(today, EXPIRY_WARNING_DAYS) ? lastDay : null,
    settled_at: row.settled_at,
    outcome: row.outcome as OutboxOpView['outcome'],
  };
}

export function outboxOpDetail(row: OutboxRow, copy: RemoteCopy, today: string): OutboxOpDetail {
  return { ...outboxOpView(row, copy, today), history: copy.store.outbox.history(row.id) };
}

/** The writes that need a person, one line per field (a delete or a field-less refusal: one line). */
export function attentionCsv(rows: readonly OutboxRow[], copy: RemoteCopy, today: string): string {
  const lines: Record<string, unknown>[] = [];
  for (const row of rows) {
    const view = outboxOpView(row, copy, today);
    const base = {
      write: view.id,
      record: view.record.kind,
      key: view.record.key,
      name: view.record.label ?? '',
      action: view.action,
      from: view.source,
      queued_at: view.queued_at,
      why: view.attention ?? '',
      remote_status: view.remote_status ?? '',
      remote_error: view.remote_error ?? view.last_error ?? '',
    };
    if (view.fields.length === 0) lines.push({ ...base, field: '', as_queued: '', at_desk: '', at_remote: '' });
    for (const field of view.fields)
      lines.push({
        ...base,
        field: field.name,
        as_queued: field.queued ?? '',
        at_desk: field.desk ?? '',
        at_remote: field.remote ?? '',
        conflict: field.conflict ? 'yes' : '',
        refused: field.refused ?? '',
      });
  }
  return Papa.unparse(lines, {
    columns: [
      'write',
      'record',
      'key',
      'name',
      'action',
      'from',
      'queued_at',
      'why',
      'field',
      'as_queued',
      'at_desk',
      'at_remote',
      'conflict',
      'refused',
      'remote_status',
      'remote_error',
    ],
    escapeFormulae: true,
  });
}
