import { HTTP_CODE_OF } from '../../shared/outcomes';
import type { OutboxOutcome } from '../../shared/schemas/outbox';
import type { OutboxRow } from '../store/repos/outbox';
import { fieldsOf, parseFields, type Fields, type RecordKind } from './outbox-fields';
import type { MergedField } from './outbox-merge';
import type { RemoteCopy } from './remote-copy';

/** What the outbox keeps of the remote for a held write: its record when last read, and its refusal. */
export interface RemoteSide {
  record: Record<string, unknown> | null;
  refusal?: Record<string, unknown>;
  /** The write's fields the remote took while the others were held (sent, or there already). */
  landed?: Fields;
}

export function remoteSideOf(row: OutboxRow): RemoteSide | null {
  return row.remote === null ? null : (JSON.parse(row.remote) as RemoteSide);
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

  /** The remote already holds every value of these writes: nothing sent, and the copy takes the remote's record. */
  settleAlreadyThere(kind: RecordKind, ops: readonly OutboxRow[], remote: Record<string, unknown>): void {
    this.copy.store.transaction(() => {
      this.settle(ops, 'already_there', 'the remote already held these values');
      this.absorbRecord(kind, remote);
    });
  }

  /**
   * The remote took a record's send: each write whose part it was settles (a write with fields held
   * for a person stays, holding those), and the copy takes the record as it now is.
   */
  settleSent(
    send: { kind: RecordKind; key: string; fields: Fields; remote: Record<string, unknown> | null },
    parts: readonly { op: OutboxRow; send: Fields; there: Fields; held: MergedField[] }[],
    answer: Record<string, unknown>,
  ): void {
    const ignored = Array.isArray(answer.ignored_attributes) ? (answer.ignored_attributes as string[]) : [];
    const landed: Fields = { ...send.fields };
    for (const name of ignored) delete landed[name];
    const status = typeof answer.status === 'string' ? answer.status : 'ok';
    const { status: _status, warning, ignored_attributes: _ignored, ...record } = answer;
    const merged: Record<string, unknown> = { ...(send.remote ?? {}), ...landed, ...record };
    if (send.kind === 'booking') merged.external_id = send.key;
    else merged.id = Number(send.key);
    this.copy.store.transaction(() => {
      for (const part of parts) {
        const mine = Object.keys(part.send);
        const lost = mine.filter((name) => ignored.includes(name));
        const note =
          lost.length > 0
            ? `sent ${mine.join(', ')}; the remote ignored ${lost.join(', ')} (locked there)`
            : `sent ${mine.join(', ')}`;
        if (part.held.length > 0) {
          this.holdConflict(part.op, part.held, merged, { ...part.there, ...part.send }, note);
          continue;
        }
        this.settle([part.op], part.op.decision !== null ? 'decided' : 'sent', note);
        if (answerDiffers(part.op.predicted, status))
          this.outbox.update(part.op.id, {
            remote_status: HTTP_CODE_OF[status as keyof typeof HTTP_CODE_OF] ?? 200,
            remote_error: `${status}${typeof warning === 'string' ? `: ${warning}` : ''}${lost.length > 0 ? ` (${lost.join(', ')} kept by the remote)` : ''}`,
          });
      }
      this.absorbRecord(send.kind, merged, send.remote !== null);
    });
  }

  /**
   * The remote refused a record's send as a whole: the first write of it holds the record for a
   * person with every field that was sent (the others that took part fold into it); a write's
   * fields held for a conflict stay held on their own.
   */
  refused(
    send: { kind: RecordKind; fields: Fields; remote: Record<string, unknown> | null; create: boolean },
    parts: readonly { op: OutboxRow; send: Fields; there: Fields; held: MergedField[] }[],
    answer: Record<string, unknown>,
    httpStatus: number | undefined,
  ): void {
    const status = typeof answer.status === 'string' ? answer.status : 'unprocessable_content';
    const code = httpStatus ?? HTTP_CODE_OF[status as keyof typeof HTTP_CODE_OF] ?? 422;
    const words =
      typeof answer.error === 'string'
        ? answer.error
        : Array.isArray(answer.errors)
          ? answer.errors.join('; ')
          : `the remote answered ${code}`;
    const sending = parts.filter((part) => Object.keys(part.send).length > 0);
    const first = sending[0];
    if (!first) return;
    const remoteFields = send.remote === null ? {} : fieldsOf(send.kind, send.remote);
    const base: Fields | null = send.create
      ? null
      : Object.fromEntries(Object.keys(send.fields).map((name) => [name, remoteFields[name] ?? null]));
    this.copy.store.transaction(() => {
      this.holdOne(
        first.op,
        { before: base, after: send.fields },
        { attention: 'refused', remote: send.remote, refusal: answer, remoteStatus: code, error: words },
      );
      for (const part of parts) {
        if (part.op.id === first.op.id) continue;
        if (part.held.length > 0) this.holdConflict(part.op, part.held, send.remote, part.there, null);
        else if (sending.includes(part)) this.foldInto(part.op, first.op.id);
      }
    });
  }

  /** A write whose fields the remote changed too: those alone are held; what landed of it is kept beside them. */
  holdConflict(
    op: OutboxRow,
    held: readonly MergedField[],
    remote: Record<string, unknown> | null,
    landed: Fields,
    note: string | null,
  ): void {
    const before: Fields = {};
    const after: Fields = {};
    for (const field of held) {
      before[field.name] = field.base;
      after[field.name] = field.desk;
    }
    const names = held.map((field) => field.name).join(', ');
    this.holdOne(
      op,
      { before: parseFields(op.before) === null ? null : before, after },
      {
        attention: 'conflict',
        remote,
        landed,
        error: `the remote changed ${names} too${note ? `; ${note}` : ''}`,
      },
    );
  }

  /** Held for a person: this write, with the fields it now holds (its record's later writes that touch them wait). */
  holdOne(
    op: OutboxRow,
    change: { before: Fields | null; after: Fields },
    why: {
      attention: 'conflict' | 'deleted' | 'refused';
      remote: Record<string, unknown> | null;
      refusal?: Record<string, unknown>;
      remoteStatus?: number;
      landed?: Fields;
      error: string;
    },
  ): void {
    const at = this.now().toISOString();
    const side: RemoteSide = {
      record: why.remote,
      ...(why.refusal ? { refusal: why.refusal } : {}),
      ...(why.landed && Object.keys(why.landed).length > 0 ? { landed: why.landed } : {}),
    };
    this.copy.store.transaction(() => {
      this.outbox.update(op.id, {
        state: 'attention',
        attention: why.attention,
        before: change.before === null ? null : JSON.stringify(change.before),
        after: JSON.stringify(change.after),
        remote: JSON.stringify(side),
        remote_status: why.remoteStatus ?? null,
        remote_error: why.attention === 'refused' ? why.error : null,
        last_error: why.error,
        last_attempt_at: at,
        attempts: op.attempts + 1,
        in_flight_at: null,
        next_attempt_at: null,
        decision: null,
      });
      this.outbox.addHistory(op.id, at, 'desk', `needs a person (${why.attention}): ${why.error}`);
    });
  }

  /** A write whose fields went up with an earlier one the remote refused: settled into it. */
  private foldInto(op: OutboxRow, headId: number): void {
    const at = this.now().toISOString();
    this.outbox.update(op.id, {
      state: 'settled',
      outcome: 'combined',
      settled_at: at,
      in_flight_at: null,
      next_attempt_at: null,
    });
    this.outbox.addHistory(op.id, at, 'desk', `combined into write ${headId}, which needs a person`);
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
      if (side?.record) this.absorbRecord(head.record_kind, { ...side.record, ...(side.landed ?? {}) });
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

/** The remote answered otherwise than the desk did offline (`ok` then `partial_update`): both are kept for the Sync screen. */
function answerDiffers(predicted: string, status: string): boolean {
  return (predicted === 'ok' || predicted === 'created') && status === 'partial_update';
}
