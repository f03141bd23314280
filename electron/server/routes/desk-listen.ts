import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { listenUpdate, type ListenSource, type ListenView } from '../../../shared/schemas/listen';
import type { Store } from '../../store/store';
import { describeIssues } from '../../sync/validation';
import { sendError } from '../reply';
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

  app.get('/listen', async () => view());

  app.put('/listen', async (request, reply) => {
    const parsed = listenUpdate.safeParse(request.body);
    if (!parsed.success) {
      const { fields, messages } = describeIssues(parsed.error, 'listen');
      return sendError(reply, 'unprocessable_content', messages.join('; '), { fields });
    }
    store.listenSettings.setFixedPort(parsed.data.fixed_port, now().toISOString());
    return view();
  });
}
