import type { FastifyInstance } from 'fastify';
import { backendsServing, isUpstream, type Backend, type Upstream } from '../../../shared/api/backends';
import { responseSchemaOf, type RouteSpec } from '../../../shared/api/route';
import { proxyModeRefusalMessage } from '../../../shared/api/served-locally';
import { CONNECTION_MODES, type ConnectionMode } from '../../../shared/schemas/connection';
import type { DropzoneRecord } from '../../store/records';
import type { Store } from '../../store/store';
import { refusal } from './answers';

/** The desk's copy of the remote, as a route served by 'copy' reads it: its store and its one dropzone. */
export interface CopyScope {
  store: Store;
  dropzone: DropzoneRecord;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The desk's mode, asked on every request (switching needs no restart): which backends can answer now. */
    deskMode: (() => ConnectionMode) | null;
    /** Proxy mode's copy of the remote when one is open (docs/offline.md); absent or null: none. */
    deskCopy?: (() => CopyScope | null) | null;
  }
}

/**
 * Where the desk's store answers a request from: its own records ('local'), its copy of the remote
 * ('copy'), or the desk's own records kept in every mode ('desk').
 */
export type StoreBackend = 'local' | 'copy' | 'desk';

export type BackendDecision =
  | { serve: 'local' | 'desk' }
  | { serve: 'copy'; copy: CopyScope }
  /** Another server answers, through its forwarder; `fallback` answers when it does not. */
  | { serve: 'upstream'; upstream: Upstream; fallback: 'copy' | null }
  | { refuse: ReturnType<typeof refusal<'conflict'>> };

/** What a route declares about its backends (shared/api/route.ts). */
export type BackendSpec = Pick<RouteSpec, 'path' | 'servedBy' | 'refusedWhy' | 'responses'> & { method: string };

/**
 * How a route is served, by its `servedBy` and the desk's mode (backendsServing): checked once when
 * it is registered, then decided on every request. A mode that leaves the route no backend, or
 * only the copy (which may not be open), refuses it with the route's reason and declared 409. An
 * upstream answers only where the registrar has forwarders (`upstreams`: the Sync API's).
 */
export function routeBackend(
  app: FastifyInstance,
  route: BackendSpec,
  { upstreams }: { upstreams: boolean },
): () => BackendDecision {
  const { servedBy } = route;
  if (servedBy === 'desk') return () => ({ serve: 'desk' });
  const name = `${route.method} ${route.path}`;
  const modeOf = app.deskMode;
  if (!modeOf) throw new Error(`${name} depends on the desk's mode, and this server does not know it (deskMode)`);
  const chains = CONNECTION_MODES.map((mode) => backendsServing(servedBy, mode) as readonly Backend[]);
  for (const chain of chains) {
    const [first, ...then] = chain;
    if (first !== undefined && isUpstream(first) && !upstreams)
      throw new Error(`${name} is served by the ${first}: serveSyncRoute serves it with its forwarder, not serveRoute`);
    if (then.length > 0 && (first === undefined || !isUpstream(first) || then.some((b) => b !== 'copy')))
      throw new Error(
        `${name}: only the copy may answer after an upstream that does not (servedBy ${servedBy.join(', ')})`,
      );
  }
  const refusable = chains.some((chain) => chain.length === 0 || chain[0] === 'copy');
  const why = route.refusedWhy;
  if (refusable && (why === undefined || responseSchemaOf(route as RouteSpec, 409) === undefined))
    throw new Error(`${name} is not served in every mode: it needs refusedWhy and a declared 409 (servedLocallyOnly)`);
  const refused = { refuse: refusal('conflict', proxyModeRefusalMessage(why ?? '')) };
  const copyOf = () => app.deskCopy?.() ?? null;
  return () => {
    const [first, next] = backendsServing(servedBy, modeOf()) as readonly Backend[];
    if (first === undefined) return refused;
    if (isUpstream(first)) return { serve: 'upstream', upstream: first, fallback: next === 'copy' ? 'copy' : null };
    if (first === 'local') return { serve: 'local' };
    // A copy that could not be opened (its file, say) leaves the route as refused as a local-only one.
    const copy = copyOf();
    return copy ? { serve: 'copy', copy } : refused;
  };
}
