/**
 * The desk's one backoff policy: after `failures` failures in a row, wait `firstMs`, then twice
 * that, and so on, never more than `maxMs`. Used by the proxy's health checks, the status bar's
 * health poll, an import's retry of a chunk that got no answer, and the page's reconnect to the
 * import progress stream. Pure: the callers own their timers.
 */
export interface BackoffPolicy {
  /** The wait after the first failure. */
  firstMs: number;
  /** The longest wait, however many failures. */
  maxMs: number;
}

/** The wait before the next try after `failures` failures in a row (0 when nothing failed). */
export function backoffDelay(failures: number, policy: BackoffPolicy): number {
  if (failures <= 0) return 0;
  // The exponent is capped so that a long outage never overflows to Infinity.
  return Math.min(policy.firstMs * 2 ** Math.min(failures - 1, 30), policy.maxMs);
}
