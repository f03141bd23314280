import type { FastifyInstance } from 'fastify';
import { backendsServing, isUpstream, type ServingMode, type Upstream } from '../../../shared/api/backends';
import { responseSchemaOf, type RouteSpec } from '../../../shared/api/route';
import { proxyModeRefusalMessage } from '../../../shared/api/served-locally';
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
    deskMode: (() => ServingMode) | null;
    /** Proxy mode's copy of the remote when one is open (docs/offline.md); absent or null: none. */
    deskCopy?: (() => CopyScope | null) | null;
  }
}

/**
 * Where the desk's store answers a request from: its own records ('local'), its copy of the remote
 * ('copy'), or the desk's own records kept in every mode ('desk').
 */
export type StoreBackend = 'local' | 'copy' | 'desk';

type Refusal = { refuse: ReturnType<typeof refusal<'conflict'>> };
type StoreServes = { serve: 'local' | 'desk' } | { serve: 'copy'; copy: CopyScope };

/**
 * Who answers this request: the desk's store (its own records, or its copy), or an upstream (the
 * remote, or on a paired desk the main desk) through its forwarder, with what answers instead
 * when the upstream does not (the copy, or the refusal).
 */
export type BackendDecision =
  StoreServes | { serve: 'upstream'; upstream: Upstream; otherwise: StoreServes | Refusal } | Refusal;

/** What a route declares about its backends (shared/api/route.ts). */
export type BackendSpec = Pick<RouteSpec, 'path' | 'servedBy' | 'refusedWhy' | 'responses'> & { method: string };

const MODES: readonly ServingMode[] = ['local', 'proxy', 'paired'];

/**
 * How a route is served, by its `servedBy` and the desk's mode (backendsServing): checked once when
 * it is registered, then decided on every request. A mode that leaves the route no backend, or
 * only the copy (which may not be open), refuses it with the route's reason and declared 409. An
 * upstream answers only where the registrar has its forwarder (`upstreams`): serveRoute the main
 * desk's, serveSyncRoute the remote's.
 */
export function routeBackend(
  app: FastifyInstance,
  route: BackendSpec,
  { upstreams }: { upstreams: readonly Upstream[] },
): () => BackendDecision {
  const { servedBy } = route;
  const name = `${route.method} ${route.path}`;
  if (servedBy === 'this-desk') return () => ({ serve: 'desk' });
  const modeOf = app.deskMode;
  if (!modeOf) throw new Error(`${name} depends on the desk's mode, and this server does not know it (deskMode)`);
  const chains = MODES.map((mode) => backendsServing(servedBy, mode));
  for (const [first] of chains)
    if (first !== undefined && isUpstream(first) && !upstreams.includes(first))
      throw new Error(
        first === 'remote'
          ? `${name} is served by the remote: serveSyncRoute serves it with its forwarder, not serveRoute`
          : `${name} is served by the ${first}, and its registrar has no forwarder to it`,
      );
  const refusable = chains.some((chain) => chain.length === 0 || chain[0] === 'copy');
  const why = route.refusedWhy;
  if (refusable && (why === undefined || responseSchemaOf(route as RouteSpec, 409) === undefined))
    throw new Error(`${name} is not served in every mode: it needs refusedWhy and a declared 409 (servedLocallyOnly)`);
  const refused: Refusal = { refuse: refusal('conflict', proxyModeRefusalMessage(why ?? 'this needs the main desk')) };
  const copyOf = () => app.deskCopy?.() ?? null;
  // The first of the store's backends that can answer now; a copy that could not be opened (its
  // file, say) leaves the route as refused as a local-only one.
  const fromStore = (backends: readonly string[]): StoreServes | Refusal => {
    for (const backend of backends) {
      if (backend === 'local' || backend === 'desk') return { serve: backend };
      const copy = backend === 'copy' ? copyOf() : null;
      if (copy) return { serve: 'copy', copy };
    }
    return refused;
  };
  return () => {
    const backends = backendsServing(servedBy, modeOf());
    const first = backends[0];
    if (first !== undefined && isUpstream(first))
      return { serve: 'upstream', upstream: first, otherwise: fromStore(backends.filter((b) => !isUpstream(b))) };
    return fromStore(backends);
  };
}
