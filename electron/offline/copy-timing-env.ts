import { DEFAULT_COPY_TIMING, type CopyTiming } from './copy-refresher';

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
