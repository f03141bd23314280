import { dateInZone } from '../../shared/dates';
import type { OutboxDecisionInput, OutboxOpDetail, OutboxPage, OutboxSummary } from '../../shared/schemas/outbox';
import type { OutboxRowState } from '../store/repos/outbox';
import { OUTBOX_CAPACITY, OutboxIntake } from './outbox-accept';
import { OutboxDecisions } from './outbox-decisions';
import { OutboxReplay } from './outbox-replay';
import type { RemoteCall } from './remote-call';
import { DEFAULT_OUTBOX_TIMING, type OutboxTiming } from './outbox-timing';
import { attentionCsv, EXPIRY_WARNING_DAYS, outboxOpDetail, outboxOpView } from './outbox-views';
import { addDays } from '../../shared/dates';
import { LIMITS } from '../../shared/limits';
import type { RemoteCopy } from './remote-copy';

export type DecisionAnswer = { ok: true; detail: OutboxOpDetail } | { ok: false; status: 404 | 409; error: string };

/**
 * Proxy mode's outbox for one copy of a remote (docs/offline.md): the intake that accepts writes
 * while the remote cannot take them, the replay that lands them, and people's decisions. Lives
 * and dies with its copy: another remote is another copy, with an outbox of its own.
 */
export class Outbox {
  readonly intake: OutboxIntake;
  private readonly replay: OutboxReplay;
  private readonly decisions: OutboxDecisions;
  private syncedAt: string | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly copy: RemoteCopy,
    remote: RemoteCall,
    private readonly now: () => Date,
    timing: OutboxTiming = DEFAULT_OUTBOX_TIMING,
  ) {
    this.intake = new OutboxIntake(copy, now);
    this.replay = new OutboxReplay(copy, remote, now, timing, () => this.changed());
    this.decisions = new OutboxDecisions(copy, now, timing.decisionGraceMs);
  }

  start(): void {
    this.replay.start();
  }

  stop(): Promise<void> {
    return this.replay.stop();
  }

  /** Called when the outbox changed (the status bar's counts, a window's refetch). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    const open = this.copy.store.outbox.countOpen();
    if (open > 0) this.syncedAt = null;
    else this.syncedAt ??= this.now().toISOString();
    for (const listener of this.listeners) listener();
  }

  /** A write was queued: the replay looks at once (it sends only once the remote answers). */
  queued(): void {
    this.syncedAt = null;
    this.replay.kick();
    for (const listener of this.listeners) listener();
  }

  /**
   * Whether writes can be accepted: the copy has fetched today's bookings whole at least once. A
   * desk that never reached the remote knows nothing to run the rules on, and says the remote's failure.
   */
  ready(): boolean {
    return this.copy.store.remoteCopy.sliceRefreshedAt(`day:${this.today()}`) !== undefined;
  }

  /** True when a write for this record must queue behind the record's writes already waiting. */
  holds(lane: string): boolean {
    return this.copy.store.outbox.hasOpen(lane);
  }

  private today(): string {
    return dateInZone(this.now(), this.copy.dropzone.timezone);
  }

  summary(): OutboxSummary {
    const outbox = this.copy.store.outbox;
    // A write setting a jump day this far back can land for two more days at most.
    const flagFrom = addDays(this.today(), EXPIRY_WARNING_DAYS - LIMITS.maxBookingAgeDays);
    return {
      waiting: outbox.count('waiting'),
      attention: outbox.count('attention'),
      sending: this.replay.sending(),
      paused: this.replay.paused(),
      synced_at: this.syncedAt ?? this.lastSettledWhenEmpty(),
      expiring: outbox.countJumpingBy(flagFrom),
      capacity: OUTBOX_CAPACITY,
    };
  }

  private lastSettledWhenEmpty(): string | null {
    if (this.copy.store.outbox.countOpen() > 0) return null;
    return this.copy.store.outbox.list('settled', 1, 0)[0]?.settled_at ?? null;
  }

  list(query: { state?: OutboxRowState; lane?: string; page?: number; per_page?: number }): OutboxPage {
    const perPage = query.per_page ?? 100;
    const page = query.page ?? 1;
    const offset = (page - 1) * perPage;
    const outbox = this.copy.store.outbox;
    const today = this.today();
    let rows;
    let total;
    if (query.lane !== undefined) {
      ({ rows, total } = outbox.listLane(query.lane, perPage, offset));
      if (query.state) rows = rows.filter((row) => row.state === query.state);
    } else {
      const state = query.state ?? 'waiting';
      rows = outbox.list(state, perPage, offset);
      total = outbox.count(state);
    }
    return {
      ops: rows.map((row) => outboxOpView(row, this.copy, today)),
      total,
      page,
      per_page: perPage,
      summary: this.summary(),
    };
  }

  detail(id: number): OutboxOpDetail | undefined {
    const row = this.copy.store.outbox.byId(id);
    return row && outboxOpDetail(row, this.copy, this.today());
  }

  decide(id: number, input: OutboxDecisionInput): DecisionAnswer {
    return this.answer(this.decisions.decide(id, input));
  }

  undo(id: number, by: string): DecisionAnswer {
    return this.answer(this.decisions.undo(id, by));
  }

  resolveAll(by: string): { resolved: number; left: number } {
    const result = this.decisions.resolveAll(by);
    this.queued();
    return result;
  }

  attentionCsv(): string {
    return attentionCsv(this.copy.store.outbox.list('attention', OUTBOX_CAPACITY, 0), this.copy, this.today());
  }

  /** A filmer create got no answer: remembered, and looked up before it is made again (outbox-lost-creates.ts). */
  rememberLostCreate(body: unknown, source: string): void {
    this.replay.lostCreates.remember(body, source);
    this.queued();
  }

  /** Before a filmer create goes up: the filmer a lost create of it made, if the remote has it. */
  async adoptLostCreate(body: unknown): Promise<Record<string, unknown> | undefined> {
    const found = await this.replay.lostCreates.adoptBefore(body);
    if (found) this.queued();
    return found;
  }

  retryNow(which: 'all' | 'unanswered' = 'all'): void {
    this.replay.retryNow(which);
  }

  /** For tests and the bench: replays until nothing is due. */
  drain() {
    return this.replay.drain();
  }

  private answer(result: ReturnType<OutboxDecisions['decide']>): DecisionAnswer {
    if (!result.ok) return result;
    this.queued();
    return { ok: true, detail: outboxOpDetail(result.row, this.copy, this.today()) };
  }
}
