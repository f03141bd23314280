import type { RemoteResult } from '../proxy/remote-client';

/** The remote gave no answer: why, in words ("remote unreachable: connection refused (127.0.0.1:4010)"). */
export function describeFailure(result: RemoteResult & { ok: false }): string {
  return result.failure.error;
}

/**
 * `Retry-After` (RFC 9110 10.2.3): seconds, or an HTTP date. The wait it asks for, in ms, or
 * undefined when there is none or it cannot be read.
 */
export function retryAfterMs(header: string | string[] | undefined, now: Date): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), 24 * 3600) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}
