import type { FastifyInstance } from 'fastify';
import { logQuery } from '../../../shared/schemas/desk';
import { describeIssues } from '../../sync/validation';
import { sendError } from '../reply';
import { toDetail, toSummary, type RequestLog } from '../request-log';

export interface LogRoutesOptions {
  log: RequestLog;
}

/** /api/desk/log: the calls through the desk's Sync API, newest first, and one call in detail. */
export async function logRoutes(app: FastifyInstance, { log }: LogRoutesOptions) {
  app.get('/log', async (request, reply) => {
    const raw = request.query as Record<string, string | string[] | undefined>;
    const repeated = Object.entries(raw).find(([, value]) => Array.isArray(value));
    if (repeated) return sendError(reply, 'unprocessable_content', `${repeated[0]} is given more than once`, { fields: { [repeated[0]]: 'is given more than once' } });
    const parsed = logQuery.safeParse(raw);
    if (!parsed.success) {
      const { fields } = describeIssues(parsed.error, 'log query');
      for (const [name, message] of Object.entries(fields)) fields[name] = message.replace('is not a writable log query attribute', 'is not a known parameter');
      const messages = Object.entries(fields).map(([name, message]) => `${name} ${message}`);
      return sendError(reply, 'unprocessable_content', messages.join('; '), { fields });
    }
    const page = log.query(parsed.data);
    return { entries: page.entries.map(toSummary), next_cursor: page.nextCursor, kept: log.size, deviation_count: log.deviationCount };
  });

  app.get<{ Params: { id: string } }>('/log/:id', async (request, reply) => {
    const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : undefined;
    const call = id === undefined ? undefined : log.get(id);
    if (!call) {
      return sendError(reply, 'not_found', `no log entry ${request.params.id}: the log keeps the last ${log.maxEntries} calls of this run`);
    }
    return toDetail(call);
  });
}
