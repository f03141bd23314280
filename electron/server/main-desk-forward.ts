import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_HEADER } from '../../shared/schemas/admin';
import { jsonOf } from '../common/json-of';
import type { DeskConnection } from '../proxy/connection';
import type { MainDeskLink } from '../desks/main-desk-link';

/** The caller's headers that go on to the main desk: what the answer depends on, never this desk's session token. */
const PASSED_ON = ['accept', 'content-type', ADMIN_HEADER.toLowerCase(), 'if-none-match'] as const;

/** The main desk's headers that come back: what the page reads of an answer. */
const PASSED_BACK = [
  'content-type',
  'content-disposition',
  'cache-control',
  'retry-after',
  'x-desk-source',
  'x-desk-queued',
  'etag',
] as const;

/** "14:05" in the desk's own time zone: when the main desk stopped answering, as a person reads it. */
function clockOf(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

/** What the caller is told while the main desk does not answer: since when and why, in one wording. */
function notAnswered(link: MainDeskLink): ForwardOutcome {
  const state = link.state();
  const since = state.kind === 'not_answering' ? ` since ${clockOf(state.since)}: ${state.cause}` : '';
  return {
    answered: false,
    why: `This needs the main desk (${link.mainName}), which is not answering${since}. It is tried again by itself; or check the main desk and the network.`,
    retryAfterSeconds: 10,
  };
}

export type ForwardOutcome = { answered: true } | { answered: false; why: string; retryAfterSeconds: number };

/** The body as it goes on: Fastify has parsed and checked it by now; the main desk checks it again. */
function bodyOf(request: FastifyRequest): Buffer | undefined {
  if (request.body === undefined || request.method === 'GET' || request.method === 'HEAD') return undefined;
  return Buffer.from(JSON.stringify(request.body));
}

/**
 * A paired desk's desk API, passed on to its main desk as it came (docs/desks.md): path, query,
 * body and the administrator unlock go up with this desk's own credential; the answer comes back
 * as the main desk gave it. No answer (or a removal) is told to the link, and the caller learns
 * what the desk can do instead: its copy answers (serveRoute), or a 503 that says since when.
 */
export function mainDeskForward(connection: DeskConnection, link: MainDeskLink) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<ForwardOutcome> => {
    const state = link.state();
    if (state.kind === 'removed') {
      reply.code(401).send({ error: state.message, status: 'desk_revoked' });
      return { answered: true };
    }
    // Known apart: the copy answers at once instead of each click waiting out a connect timeout;
    // the link's own change stream notices when the main desk answers again.
    if (state.kind === 'not_answering') return notAnswered(link);
    const headers: Record<string, string> = {};
    for (const name of PASSED_ON) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const body = bodyOf(request);
    if (body && !headers['content-type']) headers['content-type'] = 'application/json';
    const result = await connection.mainDeskCall({
      method: request.method,
      path: request.raw.url ?? request.url,
      headers,
      ...(body ? { body } : {}),
    });
    if (!result.ok) {
      link.notAnswering(result.failure.cause);
      return notAnswered(link);
    }
    if (result.statusCode === 401) {
      const answer = jsonOf(result.body) as { status?: string; error?: string } | undefined;
      if (answer?.status === 'desk_revoked')
        link.removed(answer.error ?? `This desk was removed from ${link.mainName}`);
    } else link.answered();
    reply.code(result.statusCode);
    for (const name of PASSED_BACK) {
      const value = result.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    reply.send(result.body);
    return { answered: true };
  };
}
