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
 *               store under a scope of its own: reception's screens, and reads while the upstream
 *               cannot be reached. The desk's rules run on it unchanged, because it lives in the same tables.
 */
export type Backend = 'local' | 'remote' | 'main' | 'copy';

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

/** In each mode, the backends that may answer, in the order they are tried: the upstream before its copy. */
const BACKENDS_OF_MODE: Record<ServingMode, readonly Backend[]> = {
  local: ['local'],
  proxy: ['remote', 'copy'],
  paired: ['remote', 'main', 'copy'],
};

/** What a route's own list names, as a mode reads it: on a paired desk, the main desk's store is its 'local'. */
function namesBackend(servedBy: readonly Backend[], backend: Backend, mode: ServingMode): boolean {
  if (mode === 'paired' && backend === 'main') return servedBy.includes('local') || servedBy.includes('main');
  return servedBy.includes(backend);
}

/**
 * Every backend that may serve a route in `mode`, in the order they are tried: the first that
 * answers serves it (a paired desk tries the main desk, then its copy when the main desk does not
 * answer). Empty when none works in that mode (the route then answers its declared refusal).
 */
export function backendsServing(servedBy: ServedBy, mode: ServingMode): readonly (Backend | 'desk')[] {
  if (servedBy === 'this-desk') return ['desk'];
  if (servedBy === 'desk') return mode === 'paired' ? ['main'] : ['desk'];
  return BACKENDS_OF_MODE[mode].filter((backend) => namesBackend(servedBy, backend, mode));
}

/**
 * The backend that serves a route in `mode` first, or undefined when none of its backends works in
 * that mode. One rule for the desk's routes (serveRoute) and the Sync API's router (which picks the
 * local handler or the forwarder by it).
 */
export function backendServing(servedBy: ServedBy, mode: ServingMode): Backend | 'desk' | undefined {
  return backendsServing(servedBy, mode)[0];
}
