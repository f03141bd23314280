import { backoffDelay } from '../../shared/backoff';
import type { ConnectionHealth, HealthState, ProbeResultKind } from '../../shared/schemas/health';
import type { ProbeReport } from './probe';

export interface HealthTiming {
  /** Between checks while the remote answers. */
  okIntervalMs: number;
  /** After the first failure; doubles with each further one… */
  backoffStartMs: number;
  /** …up to this. */
  backoffMaxMs: number;
}

export const DEFAULT_HEALTH_TIMING: HealthTiming = {
  okIntervalMs: 30_000,
  backoffStartMs: 2_000,
  backoffMaxMs: 60_000,
};

/** Offline: nothing answers (a network matter, likely to pass). Error: something answers wrongly (needs a fix in Settings). */
export function healthStateOf(result: ProbeResultKind): HealthState {
  switch (result) {
    case 'ok':
      return 'online';
    case 'dns':
    case 'refused':
    case 'reset':
    case 'unreachable':
    case 'timeout':
      return 'offline';
    default:
      return 'error';
  }
}

/** The delay before the next check: `okIntervalMs` while the remote answers, else the desk's backoff (2 s, 4 s, 8 s… capped). */
export function nextCheckDelay(failures: number, timing: HealthTiming): number {
  if (failures <= 0) return timing.okIntervalMs;
  return backoffDelay(failures, { firstMs: timing.backoffStartMs, maxMs: timing.backoffMaxMs });
}

const NOT_CHECKED: ConnectionHealth = {
  state: 'unknown',
  cause: 'local mode: no remote to check',
  result: null,
  checked_at: null,
  since: null,
  next_check_at: null,
  catalogue_version: null,
};

/**
 * The remote's health, checked in the background while proxy mode is on: at once, then every
 * `okIntervalMs` while it answers, with exponential backoff while it does not. Proxied calls
 * report what they saw too, so the status bar changes the moment a call fails, not at the next
 * check. Timers are unref'd and stop() ends them, so it never holds up shutdown.
 */
export class HealthMonitor {
  private health: ConnectionHealth = NOT_CHECKED;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;
  /** Bumped by start/stop: a check that was under way when it changed is ignored. */
  private generation = 0;
  private running = false;
  private checking = false;
  private readonly answeringAgainListeners = new Set<() => void>();

  constructor(
    private readonly probe: () => Promise<ProbeReport>,
    private readonly timing: HealthTiming = DEFAULT_HEALTH_TIMING,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** (Re)starts checking from scratch, e.g. after the settings changed. */
  start(): void {
    this.halt();
    this.running = true;
    this.failures = 0;
    this.health = { ...NOT_CHECKED, cause: 'not checked yet' };
    this.schedule(0);
  }

  /** Stops checking (local mode, shutdown); the health reads "unknown". */
  stop(): void {
    this.halt();
    this.health = NOT_CHECKED;
  }

  view(): ConnectionHealth {
    return this.health;
  }

  /**
   * Told when the remote answers again after it gave no answer at all (offline, then online), by a
   * check or by a call: what waited on it (the outbox's backoff) can go at once. An error (a 5xx,
   * a 429, a 401) is an answer, and the remote may have asked for a wait (Retry-After) that the
   * outbox keeps: an error then online is not told.
   */
  onAnsweringAgain(listener: () => void): () => void {
    this.answeringAgainListeners.add(listener);
    return () => this.answeringAgainListeners.delete(listener);
  }

  /** Every change of the health goes through here, so a return to online is told once, whoever saw it. */
  private become(next: ConnectionHealth): void {
    const wasUnanswering = this.health.state === 'offline';
    this.health = next;
    if (wasUnanswering && next.state === 'online') for (const listener of this.answeringAgainListeners) listener();
  }

  /** What a proxied call saw. */
  observe(result: ProbeResultKind, cause: string | null): void {
    if (!this.running) return;
    const state = healthStateOf(result);
    const at = this.clock().toISOString();
    this.become({
      ...this.health,
      state,
      result,
      cause: state === 'online' ? null : cause,
      checked_at: at,
      since: this.sinceFor(state, at),
    });
    if (this.checking) return;
    if (state === 'online' && this.failures > 0) {
      this.failures = 0;
      this.schedule(this.timing.okIntervalMs);
    } else if (state !== 'online' && this.failures === 0) {
      this.failures = 1;
      this.schedule(nextCheckDelay(1, this.timing));
    }
  }

  /** The state's start: kept while it lasts, `at` when it changes. */
  private sinceFor(state: ConnectionHealth['state'], at: string): string {
    return state === this.health.state && this.health.since ? this.health.since : at;
  }

  private halt(): void {
    this.running = false;
    this.generation++;
    this.checking = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.health = { ...this.health, next_check_at: new Date(this.clock().getTime() + delayMs).toISOString() };
    const generation = this.generation;
    this.timer = setTimeout(() => void this.check(generation), delayMs);
    this.timer.unref();
  }

  private async check(generation: number): Promise<void> {
    this.checking = true;
    let report: ProbeReport;
    try {
      report = await this.probe();
    } catch (error) {
      report = {
        ok: false,
        result: 'unreachable',
        message: (error as Error).message,
        testedUrl: '',
        httpStatus: null,
        durationMs: 0,
        catalogueVersion: null,
        productCount: null,
      };
    }
    if (generation !== this.generation) return;
    this.checking = false;
    this.failures = report.ok ? 0 : this.failures + 1;
    const state = healthStateOf(report.result);
    const at = this.clock().toISOString();
    this.become({
      state,
      result: report.result,
      cause: report.ok ? null : report.message,
      checked_at: at,
      since: this.sinceFor(state, at),
      next_check_at: null,
      catalogue_version: report.catalogueVersion ?? this.health.catalogue_version,
    });
    this.schedule(nextCheckDelay(this.failures, this.timing));
  }
}
