import type { FastifyInstance } from 'fastify';
import type { ServingMode } from '../../../shared/api/backends';
import { openApiRoutes } from '../../../shared/api/openapi-routes';
import { openApiDocument, type OpenApiDocument } from '../../../shared/api/openapi/document';
import type { DeskConnection } from '../../proxy/connection';
import { APP_VERSION } from '../../version';
import { serveRoute } from '../contract/serve-route';

export interface OpenApiRoutesOptions {
  connection: DeskConnection;
}

/**
 * GET /api/openapi.json: the API described for this desk as it serves now (its mode), its server
 * the address the caller reached (the host guard has checked it is this desk's). Made once per
 * mode and address: the tables do not change while the desk runs.
 */
export async function openApiDocumentRoutes(app: FastifyInstance, { connection }: OpenApiRoutesOptions) {
  const made = new Map<string, OpenApiDocument>();
  const documentFor = (mode: ServingMode, origin: string) => {
    const key = `${mode} ${origin}`;
    let document = made.get(key);
    if (!document) {
      document = openApiDocument({ mode, version: APP_VERSION, origin });
      if (made.size > 16) made.clear();
      made.set(key, document);
    }
    return document;
  };
  serveRoute(app, openApiRoutes.openApiDocument, ({ request }) => ({
    status: 200,
    body: documentFor(connection.servingMode, `http://${request.headers.host ?? request.hostname}`),
  }));
}
