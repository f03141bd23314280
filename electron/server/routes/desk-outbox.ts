import type { FastifyInstance } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { OfflineCopy } from '../../offline/offline-copy';
import { parseRecordId } from '../../sync/validation';
import { refusal } from '../contract/answers';
import { serveRoute } from '../contract/serve-route';

export interface OutboxRoutesOptions {
  offline: OfflineCopy;
}

/**
 * /api/desk/outbox: proxy mode's writes waiting for the remote, and a person's decisions on the
 * held ones. The outbox in force answers: in local mode (or with no copy open) the empty one.
 */
export async function outboxRoutes(app: FastifyInstance, { offline }: OutboxRoutesOptions) {
  const outbox = () => offline.outboxForPeople();

  serveRoute(app, deskRoutes.outboxSummary, () => ({ status: 200, body: outbox().summary() }));

  serveRoute(app, deskRoutes.listOutbox, ({ query }) => ({ status: 200, body: outbox().list(query) }));

  serveRoute(app, deskRoutes.exportOutboxAttention, () => ({
    status: 200,
    file: { name: 'outbox-needs-attention.csv', content: outbox().attentionCsv() },
  }));

  serveRoute(app, deskRoutes.getOutboxOp, ({ params }) => {
    const id = parseRecordId(params.id);
    const detail = id === undefined ? undefined : outbox().detail(id);
    return detail ? { status: 200, body: detail } : refusal('not_found', `no write ${params.id} in the outbox`);
  });

  serveRoute(app, deskRoutes.decideOutboxOp, ({ params, body }) => {
    const id = parseRecordId(params.id);
    if (id === undefined) return refusal('not_found', `no write ${params.id} in the outbox`);
    const result = outbox().decide(id, body);
    if (result.ok) return { status: 200, body: result.detail };
    return refusal(result.status === 404 ? 'not_found' : 'conflict', result.error);
  });

  serveRoute(app, deskRoutes.undoOutboxDecision, ({ params, body }) => {
    const id = parseRecordId(params.id);
    if (id === undefined) return refusal('not_found', `no write ${params.id} in the outbox`);
    const result = outbox().undo(id, body.by);
    if (result.ok) return { status: 200, body: result.detail };
    return refusal(result.status === 404 ? 'not_found' : 'conflict', result.error);
  });

  serveRoute(app, deskRoutes.resolveAllOutbox, ({ body }) => ({ status: 200, body: outbox().resolveAll(body.by) }));

  serveRoute(app, deskRoutes.retryOutbox, () => {
    outbox().retryNow();
    return { status: 204 };
  });
}
