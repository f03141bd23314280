import type { FastifyInstance } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import { refusal } from '../contract/answers';
import { serveRoute } from '../contract/serve-route';
import { toDetail, toSummary, type RequestLog } from '../log/request-log';

export interface LogRoutesOptions {
  log: RequestLog;
}

/**
 * /api/desk/log: the calls through the desk's Sync API, newest first, and one call in detail, as
 * the asking desk may see them: its own dropzone's calls and those without a valid credential.
 */
export async function logRoutes(app: FastifyInstance, { log }: LogRoutesOptions) {
  serveRoute(app, deskRoutes.listLog, ({ request, query }) => {
    const view = log.seenBy(request.dropzone!.id);
    const page = view.query(query);
    return {
      status: 200,
      body: {
        entries: page.entries.map(toSummary),
        next_cursor: page.nextCursor,
        kept: view.size,
        deviation_count: view.deviationCount,
      },
    };
  });

  serveRoute(app, deskRoutes.getLogEntry, ({ request, params }) => {
    const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : undefined;
    // Another dropzone's call answers as an unknown id does: the desk learns nothing of it.
    const call = id === undefined ? undefined : log.seenBy(request.dropzone!.id).get(id);
    if (!call)
      return refusal(
        'not_found',
        `no log entry ${params.id}: the log keeps the last ${log.maxEntries} calls of this run`,
      );
    return { status: 200, body: toDetail(call) };
  });
}
