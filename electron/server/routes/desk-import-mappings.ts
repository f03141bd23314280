import type { FastifyInstance } from 'fastify';
import { headerSignature, mappingForHeaders } from '../../../shared/import-headers';
import { importMappingWrite } from '../../../shared/schemas/imports';
import type { Store } from '../../store/store';
import { describeIssues, invalidQuery, isPlainObject } from '../../sync/validation';
import { parseMappingQuery } from '../import-queries';
import { sendError } from '../reply';

export interface ImportMappingRoutesOptions {
  store: Store;
  now: () => Date;
}

/**
 * /api/desk/import-mappings: the column mapping last used for files with the same headers
 * (same signature: case, surrounding and repeated spaces do not count), per dropzone and kind.
 */
export async function importMappingRoutes(app: FastifyInstance, { store, now }: ImportMappingRoutesOptions) {
  app.get('/import-mappings', async (request, reply) => {
    const query = parseMappingQuery(request.query as Record<string, string>);
    if (!query.ok) return reply.code(422).send(invalidQuery(query.fields).body);
    const { kind, headers } = query.value;
    const stored = store.importMappings.get(request.dropzone!.id, kind, headerSignature(headers));
    if (!stored) return { mapping: null, date_format: null };
    // Keyed by this file's own spelling of the headers, so the wizard can look them up as they are.
    return { mapping: mappingForHeaders(stored.mapping, headers), date_format: stored.date_format };
  });

  app.put('/import-mappings', async (request, reply) => {
    if (!isPlainObject(request.body)) {
      return sendError(reply, 'unprocessable_content', 'body must be a JSON object', { fields: { 'import mapping': 'body must be a JSON object' } });
    }
    const parsed = importMappingWrite.safeParse(request.body);
    if (!parsed.success) {
      const { fields, messages } = describeIssues(parsed.error, 'import mapping');
      return sendError(reply, 'unprocessable_content', messages.join('; '), { fields });
    }
    const { kind, headers, mapping, date_format } = parsed.data;
    const stored = { mapping: mappingForHeaders(mapping, headers), date_format: date_format ?? null };
    store.importMappings.save(request.dropzone!.id, kind, headerSignature(headers), stored, now().toISOString());
    return stored;
  });
}
