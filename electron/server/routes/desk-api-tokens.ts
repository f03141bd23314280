import type { FastifyInstance } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { Store } from '../../store/store';
import { parseRecordId } from '../../sync/validation';
import { refusal } from '../contract/answers';
import { serveRoute } from '../contract/serve-route';

export interface ApiTokenRoutesOptions {
  store: Store;
  now: () => Date;
}

/**
 * /api/desk/api-tokens: the booking systems' bearer tokens, made and revoked from Settings (the
 * packaged app has no npm for `npm run token`). Always the local store, in proxy mode too (no
 * backend constraint): the tokens guard this desk's /api/f1/sync, which forwards from there.
 * The desk's session token lives in memory, not in the store, so it is never listed or revoked here.
 */
export async function apiTokenRoutes(app: FastifyInstance, { store, now }: ApiTokenRoutesOptions) {
  serveRoute(app, deskRoutes.listApiTokens, ({ request }) => ({
    status: 200,
    body: store.tokens.listForDropzone(request.dropzone!.id),
  }));

  serveRoute(app, deskRoutes.createApiToken, ({ request, body }) => ({
    status: 201,
    body: store.tokens.issue(request.dropzone!.id, body.label, now().toISOString()),
  }));

  serveRoute(app, deskRoutes.revokeApiToken, ({ request, params }) => {
    const id = parseRecordId(params.id);
    // Another dropzone's token reads as unknown: its existence is not this desk's business.
    const revoked = id !== undefined && store.tokens.revokeForDropzone(id, request.dropzone!.id);
    if (revoked) return { status: 204 };
    return refusal('not_found', 'api token not found', id === undefined ? {} : { id });
  });
}
