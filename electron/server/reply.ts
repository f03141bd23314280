import type { FastifyReply } from 'fastify';
import { HTTP_CODE_OF, type ResponseStatus } from '../../shared/outcomes';
import type { ReadAnswer } from '../readers/read-ops';
import type { SyncResult } from '../sync/context';

/** Sends an operation's result: the HTTP code follows from its status; a bodiless success is 204. */
export function sendResult(reply: FastifyReply, result: SyncResult): FastifyReply {
  if (result.body === null) return reply.code(204).send();
  return reply.code(HTTP_CODE_OF[result.status]).send(result.body);
}

/** A reader thread's answer (electron/readers/), its body already JSON. */
export function sendAnswer(reply: FastifyReply, answer: ReadAnswer): FastifyReply {
  if (answer.json === null) return reply.code(204).send();
  // A Buffer over the thread's bytes (no copy): sent as it is, and kept so by the request log.
  const bytes = Buffer.from(answer.json.buffer, answer.json.byteOffset, answer.json.byteLength);
  return reply.code(HTTP_CODE_OF[answer.status]).type('application/json; charset=utf-8').send(bytes);
}

/** An HTTP-level error in the same shape as the spec's error bodies. */
export function sendError(
  reply: FastifyReply,
  status: ResponseStatus,
  error: string,
  extra: Record<string, unknown> = {},
): FastifyReply {
  return reply.code(HTTP_CODE_OF[status]).send({ error, ...extra, status });
}
