import type { FieldDecision, OutboxDecisionInput } from '../../shared/schemas/outbox';
import type { BookingChanges } from '../store/repos/bookings';
import type { OutboxRow } from '../store/repos/outbox';
import type { FilmerRecord } from '../store/records';
import { restateBookingBodies, restateFilmerBodies } from './copy-restate';
import { fieldsOf, parseFields, type Fields } from './outbox-fields';
import { remoteSideOf } from './outbox-settle';
import type { RemoteCopy } from './remote-copy';

export type DecisionResult = { ok: true; row: OutboxRow } | { ok: false; status: 404 | 409; error: string };

/** What a decision replaced, so that it can be undone until the write is sent. */
interface Prior {
  before: string | null;
  after: string;
  attention: OutboxRow['attention'];
}

interface StoredDecision {
  action: OutboxDecisionInput['action'];
  fields?: Record<string, FieldDecision>;
  by: string;
  at: string;
  prior: Prior;
}

/**
 * A person's decisions on held writes (docs/offline.md, "Conflicts"). A decision rebases the write
 * on the remote's record as it was read: a field kept as mine is sent over the remote's value it
 * was decided against (if the remote changes it again before the send, that is a new conflict),
 * a field kept as theirs leaves the write. It waits `graceMs` before the replay acts on it, and
 * until then (or as long as the remote cannot be reached) it can be undone.
 */
export class OutboxDecisions {
  constructor(
    private readonly copy: RemoteCopy,
    private readonly now: () => Date,
    private readonly graceMs: number,
  ) {}

  private get outbox() {
    return this.copy.store.outbox;
  }

  decide(id: number, input: OutboxDecisionInput): DecisionResult {
    return this.copy.store.transaction(() => {
      const row = this.outbox.byId(id);
      if (!row) return { ok: false, status: 404, error: `no write ${id} in the outbox` };
      if (row.state !== 'attention')
        return {
          ok: false,
          status: 409,
          error: `write ${id} does not need a decision: it is ${row.state === 'settled' ? 'settled' : 'waiting to be sent'}`,
        };
      const at = this.now().toISOString();
      const prior: Prior = { before: row.before, after: row.after, attention: row.attention };
      const remote = remoteSideOf(row)?.record ?? null;
      const remoteFields: Fields | null = remote ? fieldsOf(row.record_kind, remote) : null;
      const desk = parseFields(row.after) ?? {};
      let before = parseFields(row.before);
      let after: Fields = desk;
      if (input.action === 'keep_mine') {
        if (row.attention === 'deleted') {
          // Made again, whole, as the desk holds it.
          before = null;
          after = this.deskRecordFields(row) ?? desk;
        } else if (remoteFields) before = { ...(before ?? {}), ...pick(remoteFields, Object.keys(desk)) };
      } else if (input.action === 'fields') {
        after = {};
        const base: Fields = { ...(before ?? {}) };
        for (const [name, value] of Object.entries(desk)) {
          const choice = input.fields?.[name] ?? { take: 'theirs' };
          if (choice.take === 'theirs') continue;
          after[name] = choice.take === 'edit' ? choice.value : value;
          if (remoteFields) base[name] = remoteFields[name] ?? null;
        }
        if (before !== null) before = base;
        this.setCopyFields(row, { ...(remoteFields ? pick(remoteFields, Object.keys(desk)) : {}), ...after });
      }
      const decision: StoredDecision = {
        action: input.action === 'fields' && Object.keys(after).length === 0 ? 'keep_theirs' : input.action,
        ...(input.fields ? { fields: input.fields } : {}),
        by: input.by,
        at,
        prior,
      };
      this.outbox.update(id, {
        state: 'waiting',
        before: before === null ? null : JSON.stringify(before),
        after: JSON.stringify(after),
        decision: JSON.stringify(decision),
        attempts: 0,
        next_attempt_at: new Date(this.now().getTime() + this.graceMs).toISOString(),
      });
      this.outbox.addHistory(id, at, input.by, `decided: ${describe(input)}`);
      return { ok: true, row: this.outbox.byId(id)! };
    });
  }

  undo(id: number, by: string): DecisionResult {
    return this.copy.store.transaction(() => {
      const row = this.outbox.byId(id);
      if (!row) return { ok: false, status: 404, error: `no write ${id} in the outbox` };
      if (row.decision === null || row.state !== 'waiting' || row.in_flight_at !== null)
        return {
          ok: false,
          status: 409,
          error:
            row.state === 'settled'
              ? `write ${id} was already settled as decided: a decision can be undone only until it is sent`
              : row.in_flight_at !== null
                ? `write ${id} is being sent: a decision can be undone only until it is sent`
                : `write ${id} has no decision to undo`,
        };
      const decision = JSON.parse(row.decision) as StoredDecision;
      this.outbox.update(id, {
        state: 'attention',
        attention: decision.prior.attention,
        before: decision.prior.before,
        after: decision.prior.after,
        decision: null,
        next_attempt_at: null,
      });
      this.setCopyFields(row, parseFields(decision.prior.after) ?? {});
      this.outbox.addHistory(
        id,
        this.now().toISOString(),
        by,
        `undid the decision of ${decision.by} (${decision.action.replace('_', ' ')})`,
      );
      return { ok: true, row: this.outbox.byId(id)! };
    });
  }

  /**
   * "Resolve all where it is safe": a booking system's write that met a newer change at the remote
   * keeps the remote's values (the booking system sends its records again on its next sync), and a
   * write the remote refused for good (too old, closed) is dropped. Reception's own edits and every
   * other refusal are left for a person.
   */
  resolveAll(by: string): { resolved: number; left: number } {
    let resolved = 0;
    let left = 0;
    for (const row of this.outbox.list('attention', 100_000, 0)) {
      const safe =
        (row.attention === 'conflict' && !isReceptionSource(row.source)) ||
        (row.attention === 'refused' && (row.remote_status === 406 || row.remote_status === 409));
      if (!safe) {
        left += 1;
        continue;
      }
      const result = this.decide(row.id, { action: row.attention === 'refused' ? 'discard' : 'keep_theirs', by });
      if (result.ok) resolved += 1;
    }
    return { resolved, left };
  }

  private deskRecordFields(row: OutboxRow): Fields | undefined {
    const dz = this.copy.dropzone.id;
    const record =
      row.record_kind === 'booking'
        ? this.copy.store.bookings.byExternalId(dz, row.record_key)
        : this.copy.store.filmers.byId(dz, Number(row.record_key));
    return record ? fieldsOf(row.record_kind, record) : undefined;
  }

  /** The copy shows the values the write will now send (and the remote's for the fields left to it). */
  private setCopyFields(row: OutboxRow, fields: Fields): void {
    const dz = this.copy.dropzone.id;
    if (row.record_kind === 'booking') {
      const held = this.copy.store.bookings.byExternalId(dz, row.record_key);
      if (!held) return;
      this.copy.store.bookings.update(held.id, fields as BookingChanges);
      restateBookingBodies(this.copy, this.copy.store.bookings.byId(dz, held.id)!);
    } else {
      const held = this.copy.store.filmers.byId(dz, Number(row.record_key));
      if (!held) return;
      this.copy.store.filmers.update(held.id, fields as Partial<FilmerRecord>);
      restateFilmerBodies(this.copy, this.copy.store.filmers.byId(dz, held.id)!);
    }
  }
}

/** The source of reception's own edits (the desk's session token). */
export const DESK_SOURCE = 'desk';

/** How the source of reception's edits made at a paired desk begins; its name follows, quoted. */
const PAIRED_DESK_SOURCE = 'reception at ';

/** The source of reception's edits made at a desk paired with this one (its credential names it). */
export const pairedDeskSource = (name: string) => `${PAIRED_DESK_SOURCE}${JSON.stringify(name)}`;

/** Reception's edits, at this desk or at a paired one: a person's work, never decided in bulk. */
export const isReceptionSource = (source: string) =>
  source === DESK_SOURCE || source.startsWith(`${PAIRED_DESK_SOURCE}"`);

function pick(fields: Fields, names: readonly string[]): Fields {
  const out: Fields = {};
  for (const name of names) out[name] = fields[name] ?? null;
  return out;
}

function describe(input: OutboxDecisionInput): string {
  if (input.action !== 'fields') return input.action.replace('_', ' ');
  const parts = Object.entries(input.fields ?? {}).map(
    ([name, choice]) =>
      `${name}: ${choice.take === 'edit' ? `edited to ${JSON.stringify(choice.value)}` : choice.take}`,
  );
  return `field by field (${parts.join(', ') || 'every field theirs'})`;
}
