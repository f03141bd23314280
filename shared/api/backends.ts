import type { ConnectionMode } from '../schemas/connection';

/**
 * Who answers a route. The desk's mode picks among them:
 *
 *   - 'local':  the desk's own store, in local mode;
 *   - 'remote': the remote Sync API server, in proxy mode (the request goes up as it came);
 *   - 'copy':   the desk's own copy of the remote, kept in its store under a scope of its own, in
 *               proxy mode: reception's screens, and reads while the remote cannot be reached.
 *               The desk's rules run on it unchanged, because it lives in the same tables.
 */
export type Backend = 'local' | 'remote' | 'copy';

/**
 * A route's `servedBy` (shared/api/route.ts): the backends that serve it, or 'desk' for a route
 * about the desk itself (its settings, log, API tokens, imports), which its store answers in
 * every mode.
 */
export type ServedBy = 'desk' | readonly Backend[];

/** In each mode, the backends that may answer, in the order they are tried: the remote before its copy. */
const BACKENDS_OF_MODE: Record<ConnectionMode, readonly Backend[]> = {
  local: ['local'],
  proxy: ['remote', 'copy'],
};

/**
 * The backend that serves a route in `mode`, or undefined when none of its backends works in that
 * mode (the route then answers its declared refusal). One rule for the desk's routes (serveRoute)
 * and the Sync API's router (which picks the local handler or the forwarder by it).
 */
export function backendServing(servedBy: ServedBy, mode: ConnectionMode): Backend | 'desk' | undefined {
  if (servedBy === 'desk') return 'desk';
  return BACKENDS_OF_MODE[mode].find((backend) => servedBy.includes(backend));
}
