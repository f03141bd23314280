/** How the outbox's replay paces itself (docs/offline.md, "Replay"). */
export interface OutboxTiming {
  /** The first wait after the remote gave no answer; it doubles, with jitter, up to `maxMs`. */
  firstMs: number;
  maxMs: number;
  /** How often an idle replay looks for due writes (a new write or a decision wakes it at once). */
  idleMs: number;
  /** How many records are read from the remote at once. */
  concurrency: number;
  /** How many booking upserts go up in one `POST /bookings/batch`. */
  batchSize: number;
  /** How long a decision waits before the replay acts on it: the time to undo it while the remote answers. */
  decisionGraceMs: number;
}

export const DEFAULT_OUTBOX_TIMING: OutboxTiming = {
  firstMs: 1_000,
  maxMs: 30_000,
  idleMs: 2_000,
  concurrency: 6,
  batchSize: 100,
  decisionGraceMs: 10_000,
};

/**
 * Equal jitter (AWS's "exponential backoff and jitter"): half the wait for sure, the other half
 * drawn at random. Desks that lost the line together still come back spread over half the wait,
 * and none comes back at once: full jitter can draw a wait near zero, and each round that finds
 * the remote silent writes an attempt into the history of every write it tried, so a desk
 * retrying at once against a dead line fills the Sync screen with attempts and gains nothing.
 */
export function jittered(ms: number, random: () => number = Math.random): number {
  return Math.round(ms / 2 + random() * (ms / 2));
}
