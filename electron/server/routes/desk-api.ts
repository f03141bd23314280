import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '../../version';

/** The desk's own endpoints (not part of the Sync API). */
export async function deskPublicRoutes(app: FastifyInstance) {
  // Unauthenticated on purpose and free of data: lets a client tell this is a Dropzone Desk.
  app.get('/health', async () => ({ status: 'ok', service: 'dropzone-desk', api: 'f1', version: APP_VERSION }));
}

export async function deskRoutes(app: FastifyInstance) {
  app.get('/session', async (request) => {
    const dz = request.dropzone!;
    return { dropzone: { key: dz.key, name: dz.name, timezone: dz.timezone, currency: dz.currency }, mode: 'local', version: APP_VERSION };
  });
}
