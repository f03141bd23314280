import { z } from 'zod';
import { recordedBy } from './recorded-by';

/**
 * Proxy mode's outbox (docs/offline.md, "Writes while offline"): the writes the desk accepted while
 * the remote could not take them, each waiting to land on the remote exactly once, and what a
 * person has to decide about the ones that cannot land as they are.
 */

/** Which record a write is for: its lane. One record's writes land in the order they came. */
export const OUTBOX_RECORD_KINDS = ['booking', 'filmer'] as const;
export type OutboxRecordKind = (typeof OUTBOX_RECORD_KINDS)[number];

/** What a write does: create-or-update (the Sync API has one call for both), or delete. */
export const OUTBOX_ACTIONS = ['upsert', 'delete'] as const;
export type OutboxAction = (typeof OUTBOX_ACTIONS)[number];

/**
 * - waiting:   to be sent (or being sent); nothing for a person to do.
 * - attention: held for a person: its record's later writes wait behind it, nothing else does.
 * - settled:   done, one way or another (`outcome` says which).
 */
export const OUTBOX_STATES = ['waiting', 'attention', 'settled'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/**
 * Why a write needs a person:
 * - conflict:  the remote changed a field the desk changed too, to another value;
 * - deleted:   the remote deleted the record the desk changed (never re-created unasked);
 * - refused:   the remote refused the write (its status and reason are kept);
 */
export const OUTBOX_ATTENTION = ['conflict', 'deleted', 'refused'] as const;
export type OutboxAttention = (typeof OUTBOX_ATTENTION)[number];

/**
 * How a write was settled:
 * - sent:           the remote took it (fields only the desk changed);
 * - already_there:  the remote already held what it says (an answer lost after the remote applied it);
 * - decided:        sent as a person decided it, field by field;
 * - kept_theirs:    a person kept the remote's values; nothing was sent;
 * - discarded:      a person dropped it; nothing was sent;
 * - combined:       sent with an earlier write of its record that the remote refused, and folded into it;
 * - adopted:        a filmer create whose answer was lost, found on the remote and taken as it is;
 * - not_landed:     a filmer create whose answer was lost, not on the remote (its caller sends it again).
 */
export const OUTBOX_OUTCOMES = [
  'sent',
  'already_there',
  'decided',
  'kept_theirs',
  'discarded',
  'combined',
  'adopted',
  'not_landed',
] as const;
export type OutboxOutcome = (typeof OUTBOX_OUTCOMES)[number];

const fieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type OutboxFieldValue = z.infer<typeof fieldValue>;

/** One field a write changes: as the copy had it when the write was queued, at the desk, at the remote now. */
export const outboxField = z.object({
  name: z.string(),
  /** The copy's value when the write was queued (null for a record the desk created). */
  queued: fieldValue,
  /** The value the desk wants. */
  desk: fieldValue,
  /** The remote's value when last read (absent: not read yet, or the record is gone). */
  remote: fieldValue.optional(),
  /** Both sides changed it, to different values: a person chooses. */
  conflict: z.boolean(),
  /** A refusal that names this field: the remote's words. */
  refused: z.string().optional(),
});
export type OutboxField = z.infer<typeof outboxField>;

/** What a person chose for one field. */
export const FIELD_CHOICES = ['mine', 'theirs', 'edit'] as const;
export const fieldDecision = z.discriminatedUnion('take', [
  z.object({ take: z.literal('mine') }),
  z.object({ take: z.literal('theirs') }),
  z.object({ take: z.literal('edit'), value: fieldValue }),
]);
export type FieldDecision = z.infer<typeof fieldDecision>;

export const outboxDecision = z.object({
  /** keep_mine / keep_theirs: every field one way; fields: per field; discard: drop the write. */
  action: z.enum(['keep_mine', 'keep_theirs', 'fields', 'discard']),
  fields: z.record(z.string(), fieldDecision).optional(),
  by: z.string(),
  at: z.string(),
});
export type OutboxDecisionView = z.infer<typeof outboxDecision>;

export const outboxHistoryEntry = z.object({
  at: z.string(),
  /** Who did it: a person's name, or "desk" for the replay. */
  who: z.string(),
  what: z.string(),
});

/** A field of the record that already landed on the remote while a write of it is held: its value, and the write it came from. */
export const outboxLandedField = z.object({
  name: z.string(),
  value: fieldValue,
  write: z.number().int(),
});
export type OutboxLandedField = z.infer<typeof outboxLandedField>;

export const outboxOp = z.object({
  id: z.number().int(),
  record: z.object({
    kind: z.enum(OUTBOX_RECORD_KINDS),
    /** The booking's external id, or the filmer's id, as the remote knows it. */
    key: z.string(),
    /** A name to show ("Ann Lee"), when the write or the copy has one. */
    label: z.string().nullable(),
    /** The copy's id of the record (for a link to its page), when it has one. */
    copy_id: z.number().int().nullable(),
  }),
  action: z.enum(OUTBOX_ACTIONS),
  /** Who sent it: a booking system's token label, or "desk" for reception's own edits. */
  source: z.string(),
  queued_at: z.string(),
  state: z.enum(OUTBOX_STATES),
  attention: z.enum(OUTBOX_ATTENTION).nullable(),
  /** What the Sync API's rules predicted when it was accepted (the answer the caller got). */
  predicted: z.string(),
  attempts: z.number().int(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  /** The last failure, in words (remote unreachable: connection refused; the remote answered 503…). */
  last_error: z.string().nullable(),
  /** For a refusal: the remote's HTTP status and its body's `error`. */
  remote_status: z.number().int().nullable(),
  remote_error: z.string().nullable(),
  /** The fields it holds (held for a person) or sends; for a conflict, exactly the ones both sides changed. */
  fields: z.array(outboxField),
  /** Held for a person: what of its record already landed meanwhile (its own other fields, the record's other writes). */
  landed: z.array(outboxLandedField),
  decision: outboxDecision.nullable(),
  /** A booking write whose jump day leaves the spec's 14-day window soon: the day it can no longer land. */
  expires_on: z.string().nullable(),
  settled_at: z.string().nullable(),
  outcome: z.enum(OUTBOX_OUTCOMES).nullable(),
});
export type OutboxOpView = z.infer<typeof outboxOp>;

export const outboxOpDetail = outboxOp.extend({ history: z.array(outboxHistoryEntry) });
export type OutboxOpDetail = z.infer<typeof outboxOpDetail>;

/** What the status bar counts: always the outbox's own numbers. */
export const outboxSummary = z.object({
  waiting: z.number().int(),
  attention: z.number().int(),
  /** While a replay runs: how many of the writes it started with have landed. */
  sending: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  /** The remote refused the credentials: every write is held until they are fixed. */
  paused: z.enum(['credentials']).nullable(),
  /** When the outbox last became empty (the last write landed). */
  synced_at: z.string().nullable(),
  /** Writes whose jump day leaves the 14-day window within two days. */
  expiring: z.number().int(),
  /** How many writes the outbox holds at most; beyond, writes are refused (503). */
  capacity: z.number().int(),
});
export type OutboxSummary = z.infer<typeof outboxSummary>;

/**
 * A record's lane: the key its writes wait under, one after another (the list's `lane` filter).
 * Built here only, for the desk's outbox and the page alike. A filmer's id as a path gives it
 * (`05`) is the same filmer as 5.
 */
export const bookingLane = (externalId: string) => `booking:${externalId}`;
export const filmerLane = (id: number | string) =>
  `filmer:${typeof id === 'string' && /^\d+$/.test(id) ? String(Number(id)) : id}`;
/** A filmer create whose answer was lost, by the key that finds it again (outbox-lost-creates.ts). */
export const lostFilmerCreateLane = (key: string) => `filmer-new:${key}`;
export const isLostFilmerCreateLane = (lane: string) => lane.startsWith('filmer-new:');

export const outboxListQuery = z.object({
  state: z.enum(OUTBOX_STATES).optional(),
  /** Only this record's writes: `booking:<external id>` or `filmer:<id>`. */
  lane: z.string().max(300).optional(),
  page: z.coerce.number().int().min(1).optional(),
  per_page: z.coerce.number().int().min(1).max(500).optional(),
});

export const outboxPage = z.object({
  ops: z.array(outboxOp),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  summary: outboxSummary,
});
export type OutboxPage = z.infer<typeof outboxPage>;

/** PUT /api/desk/outbox/:id/decision: a person's decision on a held write. Undoable until sent. */
export const outboxDecisionInput = z.object({
  action: z.enum(['keep_mine', 'keep_theirs', 'fields', 'discard']),
  /** For `fields`: each field's choice; a field left out keeps the remote's value. */
  fields: z.record(z.string(), fieldDecision).optional(),
  by: recordedBy,
});
export type OutboxDecisionInput = z.infer<typeof outboxDecisionInput>;

export const outboxUndoInput = z.object({ by: recordedBy });

/** POST /api/desk/outbox/resolve-all: every held write whose safe choice is known (docs/offline.md). */
export const outboxResolveAllInput = z.object({ by: recordedBy });
export const outboxResolveAllAnswer = z.object({ resolved: z.number().int(), left: z.number().int() });
