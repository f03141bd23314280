import { backoffDelay } from '../../shared/backoff';
import { isLostFilmerCreateLane } from '../../shared/schemas/outbox';
import type { RemoteResult } from '../proxy/remote-client';
import type { OutboxRow, OutboxRowChanges } from '../store/repos/outbox';
import { describeFailure, retryAfterMs } from './outbox-answers';
import { fieldsOf, parseFields, type Fields, type RecordKind } from './outbox-fields';
import { combine, mergeForReplay, type MergePlan, type PendingChange } from './outbox-merge';
import { OutboxSettler } from './outbox-settle';
import { LostFilmerCreates } from './outbox-lost-creates';
import type { RemoteCall } from './remote-call';
import type { RemoteCopy } from './remote-copy';
import { DEFAULT_OUTBOX_TIMING, jittered, type OutboxTiming } from './outbox-timing';

/** A record's writes taken together this round: the lane's first writes of one kind, oldest first. */
interface LaneRun {
  kind: RecordKind;
  key: string;
  action: 'upsert' | 'delete';
  ops: OutboxRow[];
  change: PendingChange;
}

type RoundEnd = 'idle' | 'progress' | 'unreachable' | 'paused';

class Unreachable extends Error {}
class CredentialsRefused extends Error {}

function runOf(ops: readonly OutboxRow[]): LaneRun | undefined {
  const head = ops[0];
  if (!head || head.state !== 'waiting') return undefined;
  const run = [head];
  if (head.action === 'upsert')
    for (const op of ops.slice(1)) {
      if (op.state !== 'waiting' || op.action !== 'upsert' || op.decision !== null) break;
      run.push(op);
    }
  return {
    kind: head.record_kind,
    key: head.record_key,
    action: head.action,
    ops: run,
    change: combine(run.map((op) => ({ before: parseFields(op.before), after: parseFields(op.after) ?? {} }))),
  };
}

const showPath = (run: LaneRun) =>
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

  /** "Send now": every waiting write is due at once, and the wait after a failure ends. */
  retryNow(): void {
    this.copy.store.transaction(() => {
      for (const row of this.outbox.list('waiting', 100_000, 0))
        if (row.next_attempt_at !== null) this.outbox.update(row.id, { next_attempt_at: null });
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
    const due = this.outbox.nextDueAt();
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
    const runs: LaneRun[] = [];
    for (const head of this.outbox.dueLaneHeads(nowIso, this.timing.batchSize)) {
      const run = runOf(this.outbox.openInLane(head.lane));
      if (run) runs.push(run);
    }
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

  private async replay(runs: LaneRun[]): Promise<void> {
    // Decisions take effect here: keep theirs / discard settle without a send.
    const live: LaneRun[] = [];
    for (const run of runs.filter((r) => isLostFilmerCreateLane(r.ops[0]!.lane))) {
      const found = await this.lostCreates.lookUp(run.ops);
      if (found === undefined) throw new Unreachable('the remote did not answer the look-up of a lost filmer create');
      this.countDone(run);
    }
    runs = runs.filter((r) => !isLostFilmerCreateLane(r.ops[0]!.lane));
    for (const run of runs)
      if (!this.settler.applyDecisionWithoutSend(run.ops[0]!, () => this.countDone(run))) live.push(run);

    // A person may have undone a decision while the records were read: such a run waits for the next round.
    const reads = (await this.readAll(live)).filter(({ run }) => this.unchanged(run));
    const sends: { run: LaneRun; fields: Fields; create: boolean; remote: Record<string, unknown> | null }[] = [];
    for (const { run, remote } of reads) {
      if (run.action === 'delete') {
        if (remote === null) {
          this.settler.settle(run.ops, 'already_there', 'the remote no longer had it');
          this.settler.absorbGone(run.kind, run.key);
          this.countDone(run);
        } else await this.sendDelete(run);
        continue;
      }
      const remoteFields = remote === null ? null : fieldsOf(run.kind, remote);
      const plan: MergePlan = mergeForReplay(this.knownBase(run, remoteFields), remoteFields);
      switch (plan.kind) {
        case 'nothing':
          this.settler.settleAlreadyThere(run, remote!);
          this.countDone(run);
          break;
        case 'deleted':
          this.settler.hold(run.ops, run.change, {
            attention: 'deleted',
            remote: null,
            error: 'the remote deleted it',
          });
          break;
        case 'conflict':
          this.settler.hold(run.ops, run.change, {
            attention: 'conflict',
            remote,
            error: `the remote changed ${plan.fields
              .filter((f) => f.conflict)
              .map((f) => f.name)
              .join(', ')} too`,
          });
          break;
        case 'send':
          sends.push({ run, fields: plan.fields, create: plan.create, remote });
      }
    }
    const bookingSends = sends.filter((s) => s.run.kind === 'booking');
    const filmerSends = sends.filter((s) => s.run.kind === 'filmer');
    if (bookingSends.length > 0) await this.sendBookings(bookingSends);
    for (const send of filmerSends) await this.sendFilmer(send);
  }

  /**
   * A booking the copy made (no base) that the remote turns out to hold: when the copy could not
   * have held it (its jump day outside the window, or that day never fetched), the desk never saw
   * the remote's record, so the write is what it is for the Sync API, an upsert by external id:
   * based on the remote's record as read, it sends the fields it changes, and nothing conflicts.
   * A booking system updates bookings months ahead; each would otherwise wait for a person.
   */
  private knownBase(run: LaneRun, remote: Fields | null): PendingChange {
    const { base, desk } = run.change;
    if (base !== null || remote === null || run.kind !== 'booking') return run.change;
    const window = this.copy.window();
    // The remote's day and the one the desk sets: the booking may be moving into the window.
    const copyHeldIt = [desk.jump_on, remote.jump_on].every(
      (day) =>
        typeof day === 'string' &&
        day >= window.from &&
        day <= window.to &&
        this.copy.store.remoteCopy.sliceRefreshedAt(`day:${day}`) !== undefined,
    );
    if (copyHeldIt) return run.change;
    return { base: Object.fromEntries(Object.keys(desk).map((name) => [name, remote[name] ?? null])), desk };
  }

  private unchanged(run: LaneRun): boolean {
    return run.ops.every((op) => {
      const now = this.outbox.byId(op.id);
      return now?.state === 'waiting' && now.decision === op.decision && now.after === op.after;
    });
  }

  private countDone(run: LaneRun): void {
    if (this.progress) this.progress.done += run.ops.length;
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
      `the remote answered ${result.statusCode} while ${doing}`,
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

  private markInFlight(runs: readonly LaneRun[]): void {
    const at = this.now().toISOString();
    this.copy.store.transaction(() => {
      for (const run of runs) for (const op of run.ops) this.outbox.update(op.id, { in_flight_at: at });
    });
  }

  private async sendBookings(
    sends: { run: LaneRun; fields: Fields; create: boolean; remote: Record<string, unknown> | null }[],
  ): Promise<void> {
    this.markInFlight(sends.map((s) => s.run));
    const elements = sends.map((s) => ({ external_id: s.run.key, ...s.fields }));
    const single = elements.length === 1;
    const result = single
      ? await this.remote('POST', '/bookings', elements[0])
      : await this.remote('POST', '/bookings/batch', { bookings: elements });
    if (!result.ok) {
      for (const s of sends) this.attempt(s.run.ops, `${describeFailure(result)} (sent; will read back first)`, null);
      throw new Unreachable(describeFailure(result));
    }
    if (result.statusCode === 401 || result.statusCode === 403) {
      for (const s of sends)
        this.attempt(s.run.ops, `the remote refused the credentials (HTTP ${result.statusCode})`, null);
      throw new CredentialsRefused();
    }
    const body = jsonOf(result.body) as Record<string, unknown> | null;
    if (!single && (result.statusCode !== 200 || !Array.isArray(body?.results))) {
      for (const s of sends) this.failedOnRecord(s.run.ops, result, 'sending it');
      return;
    }
    if (single && result.statusCode >= 500) {
      this.failedOnRecord(sends[0]!.run.ops, result, 'sending it');
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
          this.settler.settleSent(send.run, send.fields, send.remote, element);
          this.countDone(send.run);
        } else if (status === 'too_many_requests' || status === 'internal_error') {
          this.failedOnRecord(send.run.ops, result, 'sending it');
        } else {
          this.settler.refused(send.run, element, single ? result.statusCode : undefined, send.remote);
        }
      }),
    );
  }

  private async sendFilmer(send: {
    run: LaneRun;
    fields: Fields;
    remote: Record<string, unknown> | null;
  }): Promise<void> {
    this.markInFlight([send.run]);
    const result = await this.remote('POST', '/filmers', { id: Number(send.run.key), ...send.fields });
    const element = this.sentAnswer(send.run, result);
    if (!element) return;
    if (element.status === 'ok' || element.status === 'created') {
      this.settler.settleSent(send.run, send.fields, send.remote, element);
      this.countDone(send.run);
    } else this.settler.refused(send.run, element, result.ok ? result.statusCode : undefined, send.remote);
  }

  private async sendDelete(run: LaneRun): Promise<void> {
    this.markInFlight([run]);
    const result = await this.remote('DELETE', showPath(run));
    if (result.ok && (result.statusCode === 204 || result.statusCode === 200 || result.statusCode === 404)) {
      this.settler.settle(run.ops, result.statusCode === 404 ? 'already_there' : 'sent', 'deleted at the remote');
      this.settler.absorbGone(run.kind, run.key);
      this.countDone(run);
      return;
    }
    const element = this.sentAnswer(run, result);
    if (element) this.settler.refused(run, element, result.ok ? result.statusCode : undefined, null);
  }

  /** The answer to a send as a JSON object, or undefined when the write must wait (the error is recorded or thrown). */
  private sentAnswer(run: LaneRun, result: RemoteResult): Record<string, unknown> | undefined {
    if (!result.ok) {
      this.attempt(run.ops, `${describeFailure(result)} (sent; will read back first)`, null);
      throw new Unreachable(describeFailure(result));
    }
    if (result.statusCode === 401 || result.statusCode === 403) {
      this.attempt(run.ops, `the remote refused the credentials (HTTP ${result.statusCode})`, null);
      throw new CredentialsRefused();
    }
    if (result.statusCode >= 500 || result.statusCode === 429) {
      this.failedOnRecord(run.ops, result, 'sending it');
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

function jsonOf(body: Buffer): unknown {
  try {
    return body.length > 0 ? JSON.parse(body.toString('utf8')) : null;
  } catch {
    return null;
  }
}
