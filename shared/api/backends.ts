import type { ConnectionMode } from '../schemas/connection';

/**
 * Who answers a route. The desk's mode picks among them:
 *
 *   - 'local':  the desk's own store, in local mode;
 *   - 'remote': the remote Sync API server, in proxy mode (the request goes up as it came);
 *   - 'copy':   the desk's own copy of the remote, kept in its store under a scope of its own, in
 *               proxy mode: reception's screens, and the Sync API while the remote does not answer
 *               (a read from the copy, a write into its outbox). The desk's rules run on it
 *               unchanged, because it lives in the same tables.
 */
export type Backend = 'local' | 'remote' | 'copy';

/** The backends that are another server, reached by a forwarder: they may not answer. */
export const UPSTREAMS = ['remote'] as const satisfies readonly Backend[];
export type Upstream = (typeof UPSTREAMS)[number];

export const isUpstream = (backend: Backend): backend is Upstream =>
  (UPSTREAMS as readonly Backend[]).includes(backend);

/**
 * A route's `servedBy` (shared/api/route.ts): the backends that serve it, or 'desk' for a route
 * about the desk itself (its settings, log, API tokens, imports, outbox), which its store answers
 * in every mode.
 */
export type ServedBy = 'desk' | readonly Backend[];

/**
 * In each mode, the backends that may answer, in the order they answer: the first of a route's
 * that the mode has answers; the next one answers only when an upstream before it does not (no
 * answer, or a 5xx). Proxy mode: the remote, then the copy when the remote does not answer.
 */
export const BACKENDS_OF_MODE: Record<ConnectionMode, readonly Backend[]> = {
  local: ['local'],
  proxy: ['remote', 'copy'],
};

/**
 * The backends that serve a route in `mode`, in the order they answer; empty when none does (the
 * route then answers its declared refusal). One rule for the desk's routes (serveRoute) and the
 * Sync API's (serveSyncRoute).
 */
export function backendsServing(servedBy: ServedBy, mode: ConnectionMode): 'desk' | readonly Backend[] {
  if (servedBy === 'desk') return 'desk';
  return BACKENDS_OF_MODE[mode].filter((backend) => servedBy.includes(backend));
}
