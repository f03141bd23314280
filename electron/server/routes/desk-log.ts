import type { FastifyInstance } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import { refusal } from '../contract/answers';
import { serveRoute } from '../contract/serve-route';
import { toDetail, toSummary, type RequestLog } from '../request-log';

export interface LogRoutesOptions {
  log: RequestLog;
}

/** /api/desk/log: the calls through the desk's Sync API, newest first, and one call in detail. */
export async function logRoutes(app: FastifyInstance, { log }: LogRoutesOptions) {
  serveRoute(app, deskRoutes.listLog, ({ query }) => {
    const page = log.query(query);
    return { status: 200, body: { entries: page.entries.map(toSummary), next_cursor: page.nextCursor, kept: log.size, deviation_count: log.deviationCount } };
  });

  serveRoute(app, deskRoutes.getLogEntry, ({ params }) => {
    const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : undefined;
    const call = id === undefined ? undefined : log.get(id);
    if (!call) return refusal('not_found', `no log entry ${params.id}: the log keeps the last ${log.maxEntries} calls of this run`);
    return { status: 200, body: toDetail(call) };
  });
}
