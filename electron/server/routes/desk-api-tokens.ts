import type { FastifyInstance } from 'fastify';
import { apiTokenCreate, type ApiTokenCreated, type ApiTokenInfo } from '../../../shared/schemas/api-tokens';
import type { Store } from '../../store/store';
import { describeIssues, isPlainObject, parseRecordId } from '../../sync/validation';
import { sendError } from '../reply';

export interface ApiTokenRoutesOptions {
  store: Store;
  now: () => Date;
}

type IdParams = { Params: { id: string } };

/**
 * /api/desk/api-tokens: the booking systems' bearer tokens, made and revoked from Settings (the
 * packaged app has no npm for `npm run token`). Always the local store, in proxy mode too (no
 * backend constraint): the tokens guard this desk's /api/f1/sync, which forwards from there.
 * The desk's session token lives in memory, not in the store, so it is never listed or revoked here.
 */
export async function apiTokenRoutes(app: FastifyInstance, { store, now }: ApiTokenRoutesOptions) {
  app.get('/api-tokens', async (request): Promise<ApiTokenInfo[]> => store.tokens.listForDropzone(request.dropzone!.id));

  app.post('/api-tokens', async (request, reply) => {
    if (!isPlainObject(request.body)) {
      return sendError(reply, 'unprocessable_content', 'body must be a JSON object', { fields: { 'api token': 'body must be a JSON object' } });
    }
    const parsed = apiTokenCreate.safeParse(request.body);
    if (!parsed.success) {
      const { fields, messages } = describeIssues(parsed.error, 'api token');
      return sendError(reply, 'unprocessable_content', messages.join('; '), { fields });
    }
    const created: ApiTokenCreated = store.tokens.issue(request.dropzone!.id, parsed.data.label, now().toISOString());
    return reply.code(201).send(created);
  });

  app.delete<IdParams>('/api-tokens/:id', async (request, reply) => {
    const id = parseRecordId(request.params.id);
    // Another dropzone's token reads as unknown: its existence is not this desk's business.
    const revoked = id !== undefined && store.tokens.revokeForDropzone(id, request.dropzone!.id);
    if (revoked) return reply.code(204).send();
    return sendError(reply, 'not_found', 'api token not found', id === undefined ? {} : { id });
  });
}
