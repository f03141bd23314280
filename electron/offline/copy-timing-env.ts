import { DEFAULT_COPY_TIMING, type CopyTiming } from './copy-refresher';
import { DEFAULT_OUTBOX_TIMING, type OutboxTiming } from './outbox-timing';

/** The environment variable that shortens the copy's refresh, for tests (docs/offline.md, "Testing"). */
export const COPY_TODAY_MS_VARIABLE = 'DESK_COPY_TODAY_MS';

/**
 * The copy's timing from the environment: DESK_COPY_TODAY_MS sets how often today's bookings are
 * fetched again, and every other interval scales with it (a test that waits for a change made at
 * the remote waits seconds, not a minute). Unset: the defaults. Not a user setting: the defaults
 * are what the remote can bear (docs/offline.md, "What the refresh costs the remote").
 */
export function copyTimingFromEnv(env: NodeJS.ProcessEnv): CopyTiming | undefined {
  const raw = env[COPY_TODAY_MS_VARIABLE];
  if (raw === undefined || raw === '') return undefined;
  const todayMs = Number(raw);
  if (!Number.isInteger(todayMs) || todayMs < 100) {
    throw new Error(`${COPY_TODAY_MS_VARIABLE} must be a whole number of milliseconds, 100 or more; got "${raw}"`);
  }
  const scale = todayMs / DEFAULT_COPY_TIMING.todayMs;
  const scaled = Object.fromEntries(
    Object.entries(DEFAULT_COPY_TIMING).map(([key, ms]) => [key, Math.max(1, Math.round(ms * scale))]),
  ) as unknown as CopyTiming;
  return { ...scaled, todayMs };
}

/** The environment variable that caps every wait of the outbox, for tests (docs/offline.md, "Testing"). */
export const OUTBOX_MAX_WAIT_MS_VARIABLE = 'DESK_OUTBOX_MAX_WAIT_MS';

/**
 * The outbox's timing from the environment: DESK_OUTBOX_MAX_WAIT_MS caps every wait (the backoff
 * after a failure, the idle look, a decision's time to undo), so a test that brings the line back
 * sees the writes land within seconds. Unset: the defaults.
 */
export function outboxTimingFromEnv(env: NodeJS.ProcessEnv): OutboxTiming | undefined {
  const raw = env[OUTBOX_MAX_WAIT_MS_VARIABLE];
  if (raw === undefined || raw === '') return undefined;
  const maxMs = Number(raw);
  if (!Number.isInteger(maxMs) || maxMs < 10) {
    throw new Error(`${OUTBOX_MAX_WAIT_MS_VARIABLE} must be a whole number of milliseconds, 10 or more; got "${raw}"`);
  }
  const d = DEFAULT_OUTBOX_TIMING;
  return {
    ...d,
    maxMs,
    firstMs: Math.min(d.firstMs, maxMs),
    idleMs: Math.min(d.idleMs, maxMs),
    decisionGraceMs: Math.min(d.decisionGraceMs, maxMs),
  };
}
