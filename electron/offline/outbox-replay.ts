import { backoffDelay } from '../../shared/backoff';
import { isLostFilmerCreateLane } from '../../shared/schemas/outbox';
import type { RemoteResult } from '../proxy/remote-client';
import type { OutboxRow, OutboxRowChanges } from '../store/repos/outbox';
import { describeFailure, retryAfterMs } from './outbox-answers';
import { fieldsOf, parseFields, type Fields, type RecordKind } from './outbox-fields';
import { mergeWrite, withLanded, type MergedField } from './outbox-merge';
import { decidedWithoutSend, laneTurn } from './outbox-lane';
import { OutboxSettler } from './outbox-settle';
import { LostFilmerCreates } from './outbox-lost-creates';
import type { RemoteCall } from './remote-call';
import type { RemoteCopy } from './remote-copy';
import { DEFAULT_OUTBOX_TIMING, jittered, type OutboxTiming } from './outbox-timing';

/** How a record's wait after the remote's own 5xx or 429 begins its last error (retryNow keeps those waits). */
const REMOTE_ANSWERED = 'the remote answered';

/** A record's writes that go this round (laneTurn), oldest first. */
interface LaneRun {
  kind: RecordKind;
  key: string;
  ops: OutboxRow[];
}

/** One write's part in its record's send: what it sends, what the remote holds already, what it holds for a person. */
interface WritePart {
  op: OutboxRow;
  send: Fields;
  there: Fields;
  held: MergedField[];
}

/** A record's send this round: the fields of its writes that only the desk changed, as one upsert. */
interface RecordSend {
  run: LaneRun;
  kind: RecordKind;
  key: string;
  /** The writes with fields in the send (a write with nothing to send was settled or held already). */
  parts: WritePart[];
  fields: Fields;
  create: boolean;
  remote: Record<string, unknown> | null;
}

type RoundEnd = 'idle' | 'progress' | 'unreachable' | 'paused';

class Unreachable extends Error {}
class CredentialsRefused extends Error {}

const showPath = (run: { kind: RecordKind; key: string }) =>
  run.kind === 'booking' ? `/bookings/${encodeURIComponent(run.key)}` : `/filmers/${encodeURIComponent(run.key)}`;

/**
 * Sends the outbox to the remote (docs/offline.md, "Replay"): per record in order, records side by
 * side, booking upserts in batches. Before anything is sent, the record is read from the remote
 * and merged field by field (outbox-merge.ts), which also settles a write whose answer was lost.
 * A refusal, a conflict or a deletion holds its own record's writes for a person, nothing else.
 * The remote giving no answer (refused, reset, timeout) ends the round and waits, doubling, with
 * jitter; a 5xx or 429 waits on its record alone, at least as long as its Retry-After says; a
 * 401/403 pauses everything and drops nothing.
 */
export class OutboxReplay {
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private wake: (() => void) | null = null;
  private failures = 0;
  /** Waiting after the remote gave no answer: a new write does not end the wait (see `kick`). */
  private backingOff = false;
  private pausedFor: 'credentials' | null = null;
  private progress: { done: number; total: number } | null = null;
  private readonly settler: OutboxSettler;
  readonly lostCreates: LostFilmerCreates;

  constructor(
    private readonly copy: RemoteCopy,
    private readonly remote: RemoteCall,
    private readonly now: () => Date,
    private readonly timing: OutboxTiming = DEFAULT_OUTBOX_TIMING,
    private readonly onChange: () => void = () => undefined,
  ) {
    this.settler = new OutboxSettler(copy, now);
    this.lostCreates = new LostFilmerCreates(copy, remote, this.settler, now);
  }

  private get outbox() {
    return this.copy.store.outbox;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeNow();
    await this.loopDone;
  }

  /**
   * Something changed (a new write, a decision): look at once, unless the replay is waiting after
   * the remote gave no answer. A new write does not bring the remote back, and waking then made
   * every write accepted offline cost a round (a read refused, an attempt written): the offline
   * accept slowed down as the outbox grew. "Send now" (`retryNow`) ends that wait too.
   */
  kick(): void {
    if (this.backingOff) return;
    this.wakeNow();
  }

  private wakeNow(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /**
   * "Send now" (`all`): every waiting write is due at once, and the wait after a failure ends.
   * The remote answering again (`unanswered`) ends only the waits that its silence made: a record
   * the remote itself answered 5xx or 429 for keeps the wait it asked for (its Retry-After).
   */
  retryNow(which: 'all' | 'unanswered' = 'all'): void {
    this.copy.store.transaction(() => {
      for (const row of this.outbox.list('waiting', 100_000, 0))
        if (row.next_attempt_at !== null && (which === 'all' || !row.last_error?.startsWith(REMOTE_ANSWERED)))
          this.outbox.update(row.id, { next_attempt_at: null });
    });
    this.failures = 0;
    this.wakeNow();
  }

  paused(): 'credentials' | null {
    return this.pausedFor;
  }

  sending(): { done: number; total: number } | null {
    return this.progress;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let end: RoundEnd;
      try {
        end = await this.round();
      } catch (error) {
        // A bug must not stop the outbox for good: it waits as after a failure and tries again.
        console.error(`outbox: a replay round failed: ${(error as Error).stack ?? String(error)}`);
        end = 'unreachable';
      }
      if (!this.running) break;
      if (end === 'progress') {
        this.failures = 0;
        continue;
      }
      if (end === 'idle') {
        this.failures = 0;
        this.progress = null;
        await this.sleep(this.untilNextDue());
        continue;
      }
      // Not sending while the remote does not answer (or refuses the credentials): the count starts again when it does.
      this.progress = null;
      this.failures += 1;
      this.backingOff = true;
      try {
        await this.sleep(
          jittered(backoffDelay(this.failures, { firstMs: this.timing.firstMs, maxMs: this.timing.maxMs })),
        );
      } finally {
        this.backingOff = false;
      }
    }
  }

  private untilNextDue(): number {
    const now = this.now().getTime();
    const due = this.outbox.nextDueAt(new Date(now).toISOString());
    const soonest = Math.min(now + this.timing.idleMs, due === null ? Infinity : Date.parse(due));
    return Math.max(0, soonest - now);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      timer.unref?.();
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** Due lanes, read and sent a chunk at a time. */
  private async round(): Promise<RoundEnd> {
    const nowIso = this.now().toISOString();
    const runs = this.dueRuns(nowIso);
    if (runs.length === 0) return 'idle';
    if (!this.progress) this.progress = { done: 0, total: this.outbox.count('waiting') };
    try {
      await this.replay(runs);
      if (this.pausedFor) {
        this.pausedFor = null;
        this.onChange();
      }
      return 'progress';
    } catch (error) {
      if (error instanceof CredentialsRefused) {
        this.pausedFor = 'credentials';
        this.onChange();
        return 'paused';
      }
      if (error instanceof Unreachable) return 'unreachable';
      throw error;
    } finally {
      this.onChange();
    }
  }

  /**
   * The records with a write that can go now, up to a batch of them. A decision that sends nothing
   * (keep theirs, discard) is carried out here, wherever it stands in its record. A record whose
   * due writes all wait behind one held for a person takes no place in the batch.
   */
  private dueRuns(nowIso: string): LaneRun[] {
    const runs: LaneRun[] = [];
    const limit = this.timing.batchSize;
    for (let offset = 0; runs.length < limit; offset += limit) {
      const lanes = this.outbox.dueLanes(nowIso, limit, offset);
      for (const lane of lanes) {
        if (runs.length >= limit) break;
        if (isLostFilmerCreateLane(lane)) {
          const ops = this.outbox.openInLane(lane);
          if (ops[0]) runs.push({ kind: 'filmer', key: ops[0].record_key, ops });
          continue;
        }
        let open = this.outbox.openInLane(lane);
        const undone = open.filter((op) => decidedWithoutSend(op) && isDueAt(op, nowIso));
        if (undone.length > 0) {
          for (const op of undone) this.settler.applyDecisionWithoutSend(op, () => this.countOps(1));
          open = this.outbox.openInLane(lane);
        }
        const turn = laneTurn(open, nowIso);
        this.noteBehind(turn.behind);
        const head = turn.go[0];
        if (head) runs.push({ kind: head.record_kind, key: head.record_key, ops: turn.go });
      }
      if (lanes.length < limit) break;
    }
    return runs;
  }

  /** A write that waits behind one held for a person says so on the Sync screen (written once, not every round). */
  private noteBehind(behind: readonly { op: OutboxRow; heldBy: OutboxRow }[]): void {
    for (const { op, heldBy } of behind) {
      const words = `waits behind write ${heldBy.id} of this record (${heldBy.state === 'attention' ? 'held for a person' : 'not sent yet'})`;
      if (op.last_error !== words) this.outbox.update(op.id, { last_error: words });
    }
  }

  private async replay(runs: LaneRun[]): Promise<void> {
    for (const run of runs.filter((r) => isLostFilmerCreateLane(r.ops[0]!.lane))) {
      const found = await this.lostCreates.lookUp(run.ops);
      if (found === undefined) throw new Unreachable('the remote did not answer the look-up of a lost filmer create');
      this.countDone(run);
    }
    const live = runs.filter((r) => !isLostFilmerCreateLane(r.ops[0]!.lane));

    // A person may have undone a decision while the records were read: such a run waits for the next round.
    const reads = (await this.readAll(live)).filter(({ run }) => this.unchanged(run));
    const sends: RecordSend[] = [];
    for (const { run, remote } of reads) {
      const head = run.ops[0]!;
      if (head.action === 'delete') {
        if (remote === null) {
          this.settler.settle(run.ops, 'already_there', 'the remote no longer had it');
          this.settler.absorbGone(run.kind, run.key);
          this.countDone(run);
        } else await this.sendDelete(run);
        continue;
      }
      const send = this.plan(run, remote);
      if (send) sends.push(send);
    }
    const bookingSends = sends.filter((s) => s.kind === 'booking');
    const filmerSends = sends.filter((s) => s.kind === 'filmer');
    if (bookingSends.length > 0) await this.sendBookings(bookingSends);
    for (const send of filmerSends) await this.sendFilmer(send);
  }

  /**
   * A record's writes merged one by one, in order, with the remote's record as read (each write's
   * landed fields applied before the next is merged). A write with nothing to send settles or is
   * held now; the rest make the record's send. A later write that touches a field an earlier one
   * holds stays behind it. The remote no longer holding a record the desk changed holds the record
   * whole ("deleted"), and nothing after it goes.
   */
  private plan(run: LaneRun, remote: Record<string, unknown> | null): RecordSend | undefined {
    let state: Fields | null = remote === null ? null : fieldsOf(run.kind, remote);
    const parts: WritePart[] = [];
    const heldNow = new Set<string>();
    let create = false;
    for (const op of run.ops) {
      const desk = parseFields(op.after) ?? {};
      const names = Object.keys(desk);
      if (names.some((name) => heldNow.has(name))) {
        // Behind a field an earlier write of this round holds: it waits, and so does what it touches.
        for (const name of names) heldNow.add(name);
        continue;
      }
      const before = parseFields(op.before);
      if (state === null) {
        if (before !== null) {
          if (parts.length === 0)
            this.settler.holdOne(
              op,
              { before, after: desk },
              { attention: 'deleted', remote: null, error: 'the remote deleted it' },
            );
          break;
        }
        parts.push({ op, send: desk, there: {}, held: [] });
        state = { ...desk };
        create = true;
        continue;
      }
      const merge = mergeWrite(before ?? this.knownBase(run, desk, state), desk, state);
      parts.push({ op, ...merge });
      state = withLanded(state, merge.send);
      for (const field of merge.held) heldNow.add(field.name);
    }
    const fields: Fields = {};
    for (const part of parts) Object.assign(fields, part.send);
    const going = parts.filter((part) => Object.keys(part.send).length > 0);
    const staying = parts.filter((part) => Object.keys(part.send).length === 0);
    // What sends nothing ends now: held for its conflicting fields, or already there.
    const there = staying.filter((part) => part.held.length === 0).map((part) => part.op);
    if (there.length > 0) {
      if (remote) this.settler.settleAlreadyThere(run.kind, there, remote);
      this.countOps(there.length);
    }
    for (const part of staying)
      if (part.held.length > 0) this.settler.holdConflict(part.op, part.held, remote, part.there, null);
    if (going.length === 0) return undefined;
    return { run, kind: run.kind, key: run.key, parts: going, fields, create, remote };
  }

  /**
   * A booking the copy made (no base) that the remote turns out to hold: when the copy could not
   * have held it (its jump day outside the window, or that day never fetched), the desk never saw
   * the remote's record, so the write is what it is for the Sync API, an upsert by external id:
   * based on the remote's record as read, it sends the fields it changes, and nothing conflicts.
   * A booking system updates bookings months ahead; each would otherwise wait for a person.
   */
  private knownBase(run: LaneRun, desk: Fields, remote: Fields): Fields | null {
    if (run.kind !== 'booking') return null;
    const window = this.copy.window();
    // The remote's day and the one the desk sets: the booking may be moving into the window.
    const copyHeldIt = [desk.jump_on, remote.jump_on].every(
      (day) =>
        typeof day === 'string' &&
        day >= window.from &&
        day <= window.to &&
        this.copy.store.remoteCopy.sliceRefreshedAt(`day:${day}`) !== undefined,
    );
    if (copyHeldIt) return null;
    return Object.fromEntries(Object.keys(desk).map((name) => [name, remote[name] ?? null]));
  }

  private unchanged(run: LaneRun): boolean {
    return run.ops.every((op) => {
      const now = this.outbox.byId(op.id);
      return now?.state === 'waiting' && now.decision === op.decision && now.after === op.after;
    });
  }

  private countDone(run: LaneRun): void {
    this.countOps(run.ops.length);
  }

  private countOps(n: number): void {
    if (this.progress) this.progress.done += n;
  }

  /** Reads each run's record from the remote, a few at a time; the first "no answer" ends the round. */
  private async readAll(runs: LaneRun[]): Promise<{ run: LaneRun; remote: Record<string, unknown> | null }[]> {
    const out: { run: LaneRun; remote: Record<string, unknown> | null }[] = [];
    let next = 0;
    let stop: Error | null = null;
    const worker = async () => {
      while (stop === null && next < runs.length) {
        const run = runs[next++]!;
        const result = await this.remote('GET', showPath(run));
        const verdict = this.readVerdict(run, result);
        if (verdict instanceof Error) stop ??= verdict;
        else if (verdict !== 'skip') out.push({ run, remote: verdict });
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.timing.concurrency, runs.length) }, worker));
    if (stop) throw stop;
    return out;
  }

  /** What a read says: the record, null (not on the remote), 'skip' (the run waits), or an error that ends the round. */
  private readVerdict(run: LaneRun, result: RemoteResult): Record<string, unknown> | null | 'skip' | Error {
    if (!result.ok) {
      this.attempt(run.ops, describeFailure(result), null);
      return new Unreachable(describeFailure(result));
    }
    if (result.statusCode === 401 || result.statusCode === 403) {
      this.attempt(run.ops, `the remote refused the credentials (HTTP ${result.statusCode})`, null);
      return new CredentialsRefused();
    }
    if (result.statusCode === 404) return null;
    if (result.statusCode === 200) {
      const body = jsonOf(result.body);
      if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
    }
    this.failedOnRecord(run.ops, result, 'reading it back');
    return 'skip';
  }

  /** A 5xx or 429 (or an answer the desk cannot read) for one record: it alone waits, at least its Retry-After. */
  private failedOnRecord(ops: readonly OutboxRow[], result: RemoteResult & { ok: true }, doing: string): void {
    const attempts = (ops[0]?.attempts ?? 0) + 1;
    const wait = Math.max(
      retryAfterMs(result.headers['retry-after'], this.now()) ?? 0,
      jittered(backoffDelay(attempts, { firstMs: this.timing.firstMs, maxMs: this.timing.maxMs })),
    );
    this.attempt(
      ops,
      `${REMOTE_ANSWERED} ${result.statusCode} while ${doing}`,
      new Date(this.now().getTime() + wait).toISOString(),
    );
  }

  private attempt(ops: readonly OutboxRow[], error: string, nextAt: string | null): void {
    const at = this.now().toISOString();
    this.copy.store.transaction(() => {
      for (const op of ops) {
        this.outbox.update(op.id, {
          attempts: op.attempts + 1,
          last_attempt_at: at,
          last_error: error,
          next_attempt_at: nextAt,
        });
        this.outbox.addHistory(op.id, at, 'desk', `attempt ${op.attempts + 1}: ${error}`);
      }
    });
  }

  /** Before a send: these writes are on their way (after a crash, each is read back before it is sent again). */
  private markInFlight(ops: readonly OutboxRow[]): void {
    const at = this.now().toISOString();
    this.copy.store.transaction(() => {
      for (const op of ops) this.outbox.update(op.id, { in_flight_at: at });
    });
  }

  private async sendBookings(sends: RecordSend[]): Promise<void> {
    this.markInFlight(sends.flatMap(opsOf));
    const elements = sends.map((s) => ({ external_id: s.key, ...s.fields }));
    const single = elements.length === 1;
    const result = single
      ? await this.remote('POST', '/bookings', elements[0])
      : await this.remote('POST', '/bookings/batch', { bookings: elements });
    if (!result.ok) {
      for (const s of sends) this.attempt(opsOf(s), `${describeFailure(result)} (sent; will read back first)`, null);
      throw new Unreachable(describeFailure(result));
    }
    if (result.statusCode === 401 || result.statusCode === 403) {
      for (const s of sends)
        this.attempt(opsOf(s), `the remote refused the credentials (HTTP ${result.statusCode})`, null);
      throw new CredentialsRefused();
    }
    const body = jsonOf(result.body) as Record<string, unknown> | null;
    if (!single && (result.statusCode !== 200 || !Array.isArray(body?.results))) {
      for (const s of sends) this.failedOnRecord(opsOf(s), result, 'sending it');
      return;
    }
    if (single && (result.statusCode >= 500 || result.statusCode === 429)) {
      this.failedOnRecord(opsOf(sends[0]!), result, 'sending it');
      return;
    }
    const answers = single ? [body ?? {}] : (body!.results as Record<string, unknown>[]);
    // One commit for the batch's answers (each settle nests as a savepoint): a commit per record
    // was a disk sync per record, most of the replay's time.
    this.copy.store.transaction(() =>
      sends.forEach((send, index) => {
        const element = (answers[index] ?? {}) as Record<string, unknown>;
        const status = typeof element.status === 'string' ? element.status : '';
        if (status === 'created' || status === 'ok' || status === 'partial_update') {
          this.settler.settleSent(send, send.parts, element);
          this.countOps(send.parts.filter((part) => part.held.length === 0).length);
        } else if (status === 'too_many_requests' || status === 'internal_error') {
          this.failedOnRecord(opsOf(send), result, 'sending it');
        } else {
          this.settler.refused(send, send.parts, element, single ? result.statusCode : undefined);
        }
      }),
    );
  }

  private async sendFilmer(send: RecordSend): Promise<void> {
    this.markInFlight(opsOf(send));
    const result = await this.remote('POST', '/filmers', { id: Number(send.key), ...send.fields });
    const element = this.sentAnswer(opsOf(send), result);
    if (!element) return;
    if (element.status === 'ok' || element.status === 'created') {
      this.settler.settleSent(send, send.parts, element);
      this.countOps(send.parts.filter((part) => part.held.length === 0).length);
    } else this.settler.refused(send, send.parts, element, result.ok ? result.statusCode : undefined);
  }

  private async sendDelete(run: LaneRun): Promise<void> {
    this.markInFlight(run.ops);
    const result = await this.remote('DELETE', showPath(run));
    if (result.ok && (result.statusCode === 204 || result.statusCode === 200 || result.statusCode === 404)) {
      this.settler.settle(run.ops, result.statusCode === 404 ? 'already_there' : 'sent', 'deleted at the remote');
      this.settler.absorbGone(run.kind, run.key);
      this.countDone(run);
      return;
    }
    const element = this.sentAnswer(run.ops, result);
    if (element)
      this.settler.holdOne(
        run.ops[0]!,
        { before: parseFields(run.ops[0]!.before), after: {} },
        {
          attention: 'refused',
          remote: null,
          refusal: element,
          remoteStatus: result.ok ? result.statusCode : undefined,
          error: refusalWords(element),
        },
      );
  }

  /** The answer to a send as a JSON object, or undefined when the write must wait (the error is recorded or thrown). */
  private sentAnswer(ops: readonly OutboxRow[], result: RemoteResult): Record<string, unknown> | undefined {
    if (!result.ok) {
      this.attempt(ops, `${describeFailure(result)} (sent; will read back first)`, null);
      throw new Unreachable(describeFailure(result));
    }
    if (result.statusCode === 401 || result.statusCode === 403) {
      this.attempt(ops, `the remote refused the credentials (HTTP ${result.statusCode})`, null);
      throw new CredentialsRefused();
    }
    if (result.statusCode >= 500 || result.statusCode === 429) {
      this.failedOnRecord(ops, result, 'sending it');
      return undefined;
    }
    const body = jsonOf(result.body);
    return body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : { status: 'unprocessable_content', error: `the remote answered ${result.statusCode} with no JSON body` };
  }

  /** For tests: run rounds until nothing is due (or the remote fails). */
  async drain(): Promise<RoundEnd> {
    for (;;) {
      const end = await this.round();
      if (end !== 'progress') return end;
    }
  }
}

export type { OutboxRowChanges };

const opsOf = (send: RecordSend): OutboxRow[] => send.parts.map((part) => part.op);

const isDueAt = (op: OutboxRow, nowIso: string) => op.next_attempt_at === null || op.next_attempt_at <= nowIso;

function refusalWords(answer: Record<string, unknown>): string {
  if (typeof answer.error === 'string') return answer.error;
  if (Array.isArray(answer.errors)) return answer.errors.join('; ');
  return 'the remote refused it';
}

function jsonOf(body: Buffer): unknown {
  try {
    return body.length > 0 ? JSON.parse(body.toString('utf8')) : null;
  } catch {
    return null;
  }
}
