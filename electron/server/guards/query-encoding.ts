import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../reply';

/**
 * The query string must decode as the path must: `%` followed by two hex digits, escaping UTF-8.
 * The router refuses a malformed path (400); the query parser kept a malformed query as it came,
 * so `?q[name_cont]=%E0%A4%A` searched for those bytes as text. The query is never echoed: it may
 * carry secrets.
 */
export async function refuseMalformedQuery(request: FastifyRequest, reply: FastifyReply) {
  const url = request.raw.url ?? '';
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return;
  try {
    decodeURIComponent(url.slice(start + 1));
  } catch {
    return sendError(
      reply,
      'bad_request',
      'malformed query string: each % must start an escape of UTF-8 bytes such as %C3%A9 (é); encode names and values with encodeURIComponent',
    );
  }
}
