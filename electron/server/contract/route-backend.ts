import type { FastifyInstance } from 'fastify';
import { backendsServing, type ServingMode } from '../../../shared/api/backends';
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
 * Who answers this request: the desk's store (its own records, or its copy), or on a paired desk
 * the main desk, with what answers instead when the main desk does not (its copy, or the refusal).
 */
export type BackendDecision = StoreServes | { serve: 'main'; otherwise: StoreServes | Refusal } | Refusal;

/**
 * How a route of shared/api/ is served, by its `servedBy`: checked once when it is registered (a
 * route a mode cannot serve must say why and declare the 409), then decided on every request.
 */
export function routeBackend(app: FastifyInstance, route: RouteSpec): () => BackendDecision {
  const { servedBy } = route;
  const name = `${route.method} ${route.path}`;
  if (servedBy === 'this-desk') return () => ({ serve: 'desk' });
  if (servedBy !== 'desk' && servedBy.includes('remote'))
    throw new Error(
      `${name} is served by the remote: the Sync API's forwarder serves it (routes/sync-proxy.ts), not serveRoute`,
    );
  const modeOf = app.deskMode;
  if (!modeOf) throw new Error(`${name} depends on the desk's mode, and this server does not know it (deskMode)`);
  const why = route.refusedWhy;
  if (servedBy !== 'desk' && (why === undefined || responseSchemaOf(route, 409) === undefined))
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
    if (backends[0] === 'main') return { serve: 'main', otherwise: fromStore(backends.slice(1)) };
    return fromStore(backends);
  };
}
