import type { FastifyInstance } from 'fastify';
import { backendServing } from '../../../shared/api/backends';
import { responseSchemaOf, type RouteSpec } from '../../../shared/api/route';
import { proxyModeRefusalMessage } from '../../../shared/api/served-locally';
import type { ConnectionMode } from '../../../shared/schemas/connection';
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
  { serve: 'local' | 'desk' } | { serve: 'copy'; copy: CopyScope } | { refuse: ReturnType<typeof refusal<'conflict'>> };

/**
 * How a route of shared/api/ is served, by its `servedBy`: checked once when it is registered (a
 * route a mode cannot serve must say why and declare the 409), then decided on every request.
 */
export function routeBackend(app: FastifyInstance, route: RouteSpec): () => BackendDecision {
  const { servedBy } = route;
  if (servedBy === 'desk') return () => ({ serve: 'desk' });
  const name = `${route.method} ${route.path}`;
  if (servedBy.includes('remote'))
    throw new Error(
      `${name} is served by the remote: the Sync API's forwarder serves it (routes/sync-proxy.ts), not serveRoute`,
    );
  const modeOf = app.deskMode;
  if (!modeOf) throw new Error(`${name} depends on the desk's mode, and this server does not know it (deskMode)`);
  const why = route.refusedWhy;
  if (why === undefined || responseSchemaOf(route, 409) === undefined)
    throw new Error(`${name} is not served in every mode: it needs refusedWhy and a declared 409 (servedLocallyOnly)`);
  const refused = { refuse: refusal('conflict', proxyModeRefusalMessage(why)) };
  const copyOf = () => app.deskCopy?.() ?? null;
  return () => {
    const backend = backendServing(servedBy, modeOf());
    if (backend === 'local') return { serve: 'local' };
    // A copy that could not be opened (its file, say) leaves the route as refused as a local-only one.
    const copy = backend === 'copy' ? copyOf() : null;
    return copy ? { serve: 'copy', copy } : refused;
  };
}
