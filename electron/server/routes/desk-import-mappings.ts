import type { FastifyInstance } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import { headerSignature, mappingForHeaders } from '../../../shared/import-headers';
import type { Store } from '../../store/store';
import { serveRoute } from '../contract/serve-route';

export interface ImportMappingRoutesOptions {
  store: Store;
  now: () => Date;
}

/**
 * /api/desk/import-mappings: the column mapping last used for files with the same headers
 * (same signature: case, surrounding and repeated spaces do not count), per dropzone and kind.
 */
export async function importMappingRoutes(app: FastifyInstance, { store, now }: ImportMappingRoutesOptions) {
  serveRoute(app, deskRoutes.getImportMapping, ({ request, query: { kind, headers } }) => {
    const stored = store.importMappings.get(request.dropzone!.id, kind, headerSignature(headers));
    if (!stored) return { status: 200, body: { mapping: null, date_format: null } };
    // Keyed by this file's own spelling of the headers, so the wizard can look them up as they are.
    return {
      status: 200,
      body: { mapping: mappingForHeaders(stored.mapping, headers), date_format: stored.date_format },
    };
  });

  serveRoute(app, deskRoutes.putImportMapping, ({ request, body: { kind, headers, mapping, date_format } }) => {
    const stored = { mapping: mappingForHeaders(mapping, headers), date_format: date_format ?? null };
    store.importMappings.save(request.dropzone!.id, kind, headerSignature(headers), stored, now().toISOString());
    return { status: 200, body: stored };
  });
}
