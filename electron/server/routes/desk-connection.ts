import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { connectionTestInput, connectionUpdate } from '../../../shared/schemas/desk';
import type { DeskConnection } from '../../proxy/connection';
import type { SettingsProblem } from '../../proxy/settings';
import { describeIssues } from '../../sync/validation';
import { sendError } from '../reply';

export interface ConnectionRoutesOptions {
  connection: DeskConnection;
}

function invalid(reply: FastifyReply, error: z.ZodError) {
  const { fields, messages } = describeIssues(error, 'connection');
  return sendError(reply, 'unprocessable_content', messages.join('; '), { fields });
}

/**
 * No body at all is an empty change (a form may send none); a JSON `null` is a body, and no object:
 * `?? {}` let it through as "change nothing", answered 200.
 */
function bodyOrNothing(body: unknown): unknown {
  return body === undefined ? {} : body;
}

function problem(reply: FastifyReply, { field, error }: SettingsProblem) {
  return sendError(reply, 'unprocessable_content', `${field} ${error}`, { fields: { [field]: error } });
}

/**
 * /api/desk/connection: the settings of proxy mode (credentials never shown), changing them
 * (applied at once, no restart) and testing a remote before or after saving it.
 */
export async function connectionRoutes(app: FastifyInstance, { connection }: ConnectionRoutesOptions) {
  app.get('/connection', async () => connection.view());

  app.put('/connection', async (request, reply) => {
    const parsed = connectionUpdate.safeParse(bodyOrNothing(request.body));
    if (!parsed.success) return invalid(reply, parsed.error);
    const result = connection.update(parsed.data);
    return result.ok ? result.view : problem(reply, result.problem);
  });

  app.post('/connection/test', async (request, reply) => {
    const parsed = connectionTestInput.safeParse(bodyOrNothing(request.body));
    if (!parsed.success) return invalid(reply, parsed.error);
    const result = await connection.test(parsed.data);
    return result.ok ? result.result : problem(reply, result.problem);
  });
}
