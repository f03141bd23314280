import { HTTP_CODE_OF } from '../../shared/outcomes';
import type { OutboxOutcome } from '../../shared/schemas/outbox';
import type { OutboxRow } from '../store/repos/outbox';
import type { Fields, RecordKind } from './outbox-fields';
import type { PendingChange } from './outbox-merge';
import type { RemoteCopy } from './remote-copy';

/** What the outbox keeps of the remote for a held write: its record when last read, and its refusal. */
export interface RemoteSide {
  record: Record<string, unknown> | null;
  refusal?: Record<string, unknown>;
}

export function remoteSideOf(row: OutboxRow): RemoteSide | null {
  return row.remote === null ? null : (JSON.parse(row.remote) as RemoteSide);
}

interface Run {
  kind: RecordKind;
  key: string;
  ops: OutboxRow[];
  change: PendingChange;
}

/**
 * How a replayed write ends, in the outbox and in the copy, one transaction each: settled (and the
 * copy takes the remote's record as it now is), or held for a person (the copy keeps the desk's).
 * The outbox row is settled first, so the copy, which leaves a record with open writes as the desk
 * has it, takes the remote's answer in.
 */
export class OutboxSettler {
  constructor(
    private readonly copy: RemoteCopy,
    private readonly now: () => Date,
  ) {}

  private get outbox() {
    return this.copy.store.outbox;
  }

  settle(ops: readonly OutboxRow[], outcome: OutboxOutcome, note: string): void {
    const at = this.now().toISOString();
    this.copy.store.transaction(() => {
      for (const op of ops) {
        this.outbox.update(op.id, {
          state: 'settled',
          outcome,
          settled_at: at,
          in_flight_at: null,
          next_attempt_at: null,
          attention: null,
        });
        this.outbox.addHistory(op.id, at, 'desk', `settled (${outcome.replace('_', ' ')}): ${note}`);
      }
    });
  }

  /** The remote already holds every value: nothing sent, and the copy takes the remote's record. */
  settleAlreadyThere(run: Run, remote: Record<string, unknown>): void {
    this.copy.store.transaction(() => {
      this.settle(run.ops, 'already_there', 'the remote already held these values');
      this.absorbRecord(run.kind, remote);
    });
  }

  /** The remote took the write: its answer (and the record as read, with what was sent) into the copy. */
  settleSent(run: Run, sent: Fields, remote: Record<string, unknown> | null, answer: Record<string, unknown>): void {
    const ignored = Array.isArray(answer.ignored_attributes) ? (answer.ignored_attributes as string[]) : [];
    const landed: Fields = { ...sent };
    for (const name of ignored) delete landed[name];
    const decided = run.ops.some((op) => op.decision !== null);
    const note =
      ignored.length > 0
        ? `sent; the remote ignored ${ignored.join(', ')} (locked there)`
        : `sent ${Object.keys(sent).join(', ')}`;
    this.copy.store.transaction(() => {
      this.settle(run.ops, decided ? 'decided' : 'sent', note);
      const { status: _status, warning: _warning, ignored_attributes: _ignored, ...record } = answer;
      const merged: Record<string, unknown> = { ...(remote ?? {}), ...landed, ...record };
      if (run.kind === 'booking') merged.external_id = run.key;
      else merged.id = Number(run.key);
      this.absorbRecord(run.kind, merged, remote !== null);
    });
  }

  refused(
    run: Run,
    answer: Record<string, unknown>,
    httpStatus: number | undefined,
    remote: Record<string, unknown> | null,
  ): void {
    const status = typeof answer.status === 'string' ? answer.status : 'unprocessable_content';
    const code = httpStatus ?? HTTP_CODE_OF[status as keyof typeof HTTP_CODE_OF] ?? 422;
    const words =
      typeof answer.error === 'string'
        ? answer.error
        : Array.isArray(answer.errors)
          ? answer.errors.join('; ')
          : `the remote answered ${code}`;
    this.hold(run.ops, run.change, {
      attention: 'refused',
      remote,
      refusal: answer,
      remoteStatus: code,
      error: words,
    });
  }

  /**
   * Held for a person: the run's writes fold into its first (one decision per record, with the
   * first write's base and the last one's values); the others settle as combined into it.
   */
  hold(
    ops: readonly OutboxRow[],
    change: PendingChange,
    why: {
      attention: 'conflict' | 'deleted' | 'refused';
      remote: Record<string, unknown> | null;
      refusal?: Record<string, unknown>;
      remoteStatus?: number;
      error: string;
    },
  ): void {
    const [head, ...rest] = ops;
    if (!head) return;
    const at = this.now().toISOString();
    const side: RemoteSide = { record: why.remote, ...(why.refusal ? { refusal: why.refusal } : {}) };
    this.copy.store.transaction(() => {
      this.outbox.update(head.id, {
        state: 'attention',
        attention: why.attention,
        before: change.base === null ? null : JSON.stringify(change.base),
        after: JSON.stringify(change.desk),
        remote: JSON.stringify(side),
        remote_status: why.remoteStatus ?? null,
        remote_error: why.attention === 'refused' ? why.error : null,
        last_error: why.error,
        last_attempt_at: at,
        attempts: head.attempts + 1,
        in_flight_at: null,
        next_attempt_at: null,
        decision: null,
      });
      this.outbox.addHistory(head.id, at, 'desk', `needs a person (${why.attention}): ${why.error}`);
      for (const op of rest) {
        this.outbox.update(op.id, {
          state: 'settled',
          outcome: 'combined',
          settled_at: at,
          in_flight_at: null,
          next_attempt_at: null,
        });
        this.outbox.addHistory(op.id, at, 'desk', `combined into write ${head.id}, which needs a person`);
      }
    });
  }

  /** A decision that sends nothing (keep theirs, discard): settled now, and the copy back to the remote's record. */
  applyDecisionWithoutSend(head: OutboxRow, counted: () => void): boolean {
    if (head.decision === null) return false;
    const decision = JSON.parse(head.decision) as { action: string; by: string };
    if (decision.action !== 'keep_theirs' && decision.action !== 'discard') return false;
    const outcome: OutboxOutcome = decision.action === 'discard' ? 'discarded' : 'kept_theirs';
    const side = remoteSideOf(head);
    this.copy.store.transaction(() => {
      this.settle([head], outcome, `as ${decision.by} decided`);
      if (side?.record) this.absorbRecord(head.record_kind, side.record);
      else if (head.attention === 'deleted' || head.before === null) this.absorbGone(head.record_kind, head.record_key);
    });
    counted();
    return true;
  }

  absorbGone(kind: RecordKind, key: string): void {
    if (kind === 'booking') this.copy.dropBooking(key);
    else this.copy.dropFilmer(Number(key));
  }

  /**
   * A record as the remote holds it, into the copy. A booking made here offline (a provisional id
   * below zero) gives way to the remote's row; its check-ins move with it.
   */
  private absorbRecord(kind: RecordKind, record: Record<string, unknown>, whole = true): void {
    if (kind === 'filmer') {
      if (whole) this.copy.absorbFilmerShow(record);
      else this.copy.absorbFilmerWrite(record);
      return;
    }
    const externalId = typeof record.external_id === 'string' ? record.external_id : undefined;
    const held = externalId ? this.copy.store.bookings.byExternalId(this.copy.dropzone.id, externalId) : undefined;
    const movedCheckIns =
      held && held.id < 0 && typeof record.id === 'number' ? this.copy.store.checkIns.forBooking(held.id) : [];
    if (whole) this.copy.absorbBookingShow(record);
    else this.copy.absorbBookingWrite(record);
    for (const checkIn of movedCheckIns) this.copy.store.checkIns.put({ ...checkIn, booking_id: record.id as number });
  }
}
