import type { ConnectionMode } from '../schemas/connection';

/**
 * Who answers a route. The desk's serving mode picks among them:
 *
 *   - 'local':  the desk's own store, in local mode;
 *   - 'remote': the remote Sync API server, in proxy mode (the request goes up as it came); on a
 *               paired desk, the main desk's Sync API, which is that desk's remote;
 *   - 'main':   the venue's main desk, on a paired desk: a route the main desk's own store answers
 *               ('local' there) is forwarded to it as it came, with the paired desk's credential;
 *   - 'copy':   the desk's own copy of its upstream (the remote, or the main desk), kept in its
 *               store under a scope of its own: reception's screens, and the Sync API while the
 *               upstream does not answer (a read from the copy, a write into its outbox). The
 *               desk's rules run on it unchanged, because it lives in the same tables.
 */
export type Backend = 'local' | 'remote' | 'main' | 'copy';

/** The backends that are another server, reached by a forwarder: they may not answer. */
export const UPSTREAMS = ['remote', 'main'] as const satisfies readonly Backend[];
export type Upstream = (typeof UPSTREAMS)[number];

export const isUpstream = (backend: string): backend is Upstream => (UPSTREAMS as readonly string[]).includes(backend);

/**
 * How the desk serves this run: a connection mode (local, proxy), or 'paired': proxy mode whose
 * upstream is the venue's main desk (docs/desks.md), reached for its desk API as well as its Sync API.
 */
export type ServingMode = ConnectionMode | 'paired';

/**
 * A route's `servedBy` (shared/api/route.ts): the backends that serve it, or
 *   - 'desk' for the venue's desk records (its log, API tokens, imports, the outbox): this desk's
 *     own store, and on a paired desk the main desk's;
 *   - 'this-desk' for what is about this very desk process in every mode (its session, its
 *     connection, its listening port, its change stream): never forwarded.
 */
export type ServedBy = 'desk' | 'this-desk' | readonly Backend[];

/**
 * In each mode, the backends that may answer, in the order they answer: the first of a route's
 * that the mode has answers; the copy answers only when an upstream before it does not (no answer,
 * or a 5xx). Proxy mode: the remote, then the copy when the remote does not answer.
 */
export const BACKENDS_OF_MODE: Record<ServingMode, readonly Backend[]> = {
  local: ['local'],
  proxy: ['remote', 'copy'],
  paired: ['remote', 'main', 'copy'],
};

/**
 * What a route's own list names, as a mode reads it: on a paired desk, the main desk's store is
 * the 'local' of a route its store answers; a route the remote serves (the Sync API) reaches the
 * main desk as its remote, so it is not the main desk's desk API as well.
 */
function namesBackend(servedBy: readonly Backend[], backend: Backend, mode: ServingMode): boolean {
  if (mode === 'paired' && backend === 'main')
    return servedBy.includes('main') || (servedBy.includes('local') && !servedBy.includes('remote'));
  return servedBy.includes(backend);
}

/**
 * Every backend that may serve a route in `mode`, in the order they answer: the first answers (a
 * paired desk's desk API: the main desk, then its copy when the main desk does not answer). Empty
 * when none works in that mode (the route then answers its declared refusal). One rule for the
 * desk's routes (serveRoute) and the Sync API's (serveSyncRoute).
 */
export function backendsServing(servedBy: ServedBy, mode: ServingMode): readonly (Backend | 'desk')[] {
  if (servedBy === 'this-desk') return ['desk'];
  if (servedBy === 'desk') return mode === 'paired' ? ['main'] : ['desk'];
  return BACKENDS_OF_MODE[mode].filter((backend) => namesBackend(servedBy, backend, mode));
}

/** The backend that answers a route in `mode` first, or undefined when none of its backends works in that mode. */
export function backendServing(servedBy: ServedBy, mode: ServingMode): Backend | 'desk' | undefined {
  return backendsServing(servedBy, mode)[0];
}
