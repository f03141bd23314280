import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { DeskSession } from '../../../shared/schemas/desk';
import type { DeskConnection } from '../../proxy/connection';
import { APP_VERSION } from '../../version';
import { syncApiUrl } from '../sync-api-url';
import type { RequestLog } from '../request-log';

/** The desk's own endpoints (not part of the Sync API). */
export async function deskPublicRoutes(app: FastifyInstance) {
  // Unauthenticated on purpose and free of data: lets a client tell this is a Dropzone Desk.
  app.get('/health', async () => ({ status: 'ok', service: 'dropzone-desk', api: 'f1', version: APP_VERSION }));
}

export interface DeskRoutesOptions {
  connection: DeskConnection;
  log: RequestLog;
}

export async function deskRoutes(app: FastifyInstance, { connection, log }: DeskRoutesOptions) {
  app.get('/session', async (request): Promise<DeskSession> => {
    const dz = request.dropzone!;
    return {
      dropzone: { key: dz.key, name: dz.name, timezone: dz.timezone, currency: dz.currency },
      mode: connection.mode,
      remote_url: connection.remoteUrl,
      health: connection.healthView(),
      contract_deviations: log.deviationCount,
      version: APP_VERSION,
      sync_api_url: syncApiUrl(request.server.server.address() as AddressInfo),
    };
  });
}
