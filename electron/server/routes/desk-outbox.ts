import type { FastifyInstance } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { OutboxSummary } from '../../../shared/schemas/outbox';
import { OUTBOX_CAPACITY } from '../../offline/outbox-accept';
import type { OfflineCopy } from '../../offline/offline-copy';
import { parseRecordId } from '../../sync/validation';
import { refusal } from '../contract/answers';
import { serveRoute } from '../contract/serve-route';

export interface OutboxRoutesOptions {
  offline?: OfflineCopy;
}

/** The outbox of local mode (or of a proxy mode whose copy could not be opened): nothing waits. */
const EMPTY: OutboxSummary = {
  waiting: 0,
  attention: 0,
  sending: null,
  paused: null,
  synced_at: null,
  expiring: 0,
  capacity: OUTBOX_CAPACITY,
};

const NO_OUTBOX = 'the outbox holds writes of proxy mode only, and the desk has no copy of a remote open';

/** /api/desk/outbox: proxy mode's writes waiting for the remote, and a person's decisions on the held ones. */
export async function outboxRoutes(app: FastifyInstance, { offline }: OutboxRoutesOptions) {
  const outbox = () => offline?.outbox() ?? null;

  serveRoute(app, deskRoutes.outboxSummary, () => ({ status: 200, body: outbox()?.summary() ?? EMPTY }));

  serveRoute(app, deskRoutes.listOutbox, ({ query }) => {
    const open = outbox();
    if (!open)
      return {
        status: 200,
        body: { ops: [], total: 0, page: query.page ?? 1, per_page: query.per_page ?? 100, summary: EMPTY },
      };
    return { status: 200, body: open.list(query) };
  });

  serveRoute(app, deskRoutes.exportOutboxAttention, () => ({
    status: 200,
    file: { name: 'outbox-needs-attention.csv', content: outbox()?.attentionCsv() ?? '' },
  }));

  serveRoute(app, deskRoutes.getOutboxOp, ({ params }) => {
    const id = parseRecordId(params.id);
    const detail = id === undefined ? undefined : outbox()?.detail(id);
    return detail ? { status: 200, body: detail } : refusal('not_found', `no write ${params.id} in the outbox`);
  });

  serveRoute(app, deskRoutes.decideOutboxOp, ({ params, body }) => {
    const id = parseRecordId(params.id);
    const open = outbox();
    if (id === undefined || !open) return refusal('not_found', `no write ${params.id} in the outbox (${NO_OUTBOX})`);
    const result = open.decide(id, body);
    if (result.ok) return { status: 200, body: result.detail };
    return refusal(result.status === 404 ? 'not_found' : 'conflict', result.error);
  });

  serveRoute(app, deskRoutes.undoOutboxDecision, ({ params, body }) => {
    const id = parseRecordId(params.id);
    const open = outbox();
    if (id === undefined || !open) return refusal('not_found', `no write ${params.id} in the outbox (${NO_OUTBOX})`);
    const result = open.undo(id, body.by);
    if (result.ok) return { status: 200, body: result.detail };
    return refusal(result.status === 404 ? 'not_found' : 'conflict', result.error);
  });

  serveRoute(app, deskRoutes.resolveAllOutbox, ({ body }) => ({
    status: 200,
    body: outbox()?.resolveAll(body.by) ?? { resolved: 0, left: 0 },
  }));

  serveRoute(app, deskRoutes.retryOutbox, () => {
    outbox()?.retryNow();
    return { status: 204 };
  });
}
