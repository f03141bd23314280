import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { ListenSource, ListenView } from '../../../shared/schemas/listen';
import type { Store } from '../../store/store';
import { serveRoute } from '../contract/serve-route';
import { syncApiUrl } from '../sync-api-url';

/** What only the starter knows: why this run listens where it does (set once listening). */
export interface ListenFacts {
  source: ListenSource;
  /** The port used when nothing is saved; null: a random one. */
  defaultPort: number | null;
}

export interface ListenRoutesOptions {
  store: Store;
  facts: ListenFacts;
  now: () => Date;
}

/**
 * /api/desk/listen: where the desk listens for booking systems and why, and the port to keep from
 * the next start on. Saving does not move a running server: the page would not notice (the desktop
 * window reaches the server through app://desk), but a booking system mid-sync would.
 */
export async function listenRoutes(app: FastifyInstance, { store, facts, now }: ListenRoutesOptions) {
  const view = (): ListenView => {
    const address = app.server.address() as AddressInfo;
    return {
      port: address.port,
      source: facts.source,
      fixed_port: store.listenSettings.get().fixed_port,
      default_port: facts.defaultPort,
      sync_api_url: syncApiUrl(address),
    };
  };

  serveRoute(app, deskRoutes.getListen, () => ({ status: 200, body: view() }));

  serveRoute(app, deskRoutes.putListen, ({ body }) => {
    store.listenSettings.setFixedPort(body.fixed_port, now().toISOString());
    return { status: 200, body: view() };
  });
}
