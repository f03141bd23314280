import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { DeskConnection } from '../../proxy/connection';
import { APP_VERSION } from '../../version';
import { serveRoute } from '../contract/serve-route';
import { syncApiUrl } from '../sync-api-url';
import type { RequestLog } from '../log/request-log';

/** The desk's own endpoints (not part of the Sync API) that need no token. */
export async function deskPublicRoutes(app: FastifyInstance) {
  // Unauthenticated on purpose and free of data: lets a client tell this is a Dropzone Desk.
  serveRoute(app, deskRoutes.health, () => ({
    status: 200,
    body: { status: 'ok', service: 'dropzone-desk', api: 'f1', version: APP_VERSION },
  }));
}

export interface SessionRoutesOptions {
  connection: DeskConnection;
  log: RequestLog;
}

export async function sessionRoutes(app: FastifyInstance, { connection, log }: SessionRoutesOptions) {
  serveRoute(app, deskRoutes.session, ({ request }) => {
    const dz = request.dropzone!;
    return {
      status: 200,
      body: {
        dropzone: { key: dz.key, name: dz.name, timezone: dz.timezone, currency: dz.currency },
        mode: connection.mode,
        remote_url: connection.remoteUrl,
        health: connection.healthView(),
        contract_deviations: log.seenBy(dz.id).deviationCount,
        version: APP_VERSION,
        sync_api_url: syncApiUrl(request.server.server.address() as AddressInfo),
      },
    };
  });
}
