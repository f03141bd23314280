import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { syncRoutes } from '../../../shared/api/sync-routes';
import { SYNC_API_PATH } from '../../../shared/remote-url';
import { COPY_SOURCE_HEADER, copySourceValue, type CopyAnswer } from '../../offline/copy-reads';
import type { OfflineCopy } from '../../offline/offline-copy';
import type { DeskConnection } from '../../proxy/connection';
import type { QueryValue } from '../../sync/validation';
import type { DropzoneRecord } from '../../store/records';
import { sendError } from '../reply';
import { QUEUED_HEADER } from '../../../shared/api/queued-header';
import {
  jsonBody,
  laneOfRead,
  lanesOf,
  mustQueue,
  queueableWrite,
  remoteSaidBefore,
  sayWhyRemoteFailed,
  sendQueued,
  sourceOf,
  takeIntoOutbox,
} from './sync-proxy-outbox';
import { lostCreateKey } from '../../offline/outbox-lost-creates';

export interface SyncProxyOptions {
  connection: DeskConnection;
  /** The dropzone the desk works for: the remote credentials are that dropzone's. */
  deskDropzone: DropzoneRecord;
  /** The copy of the remote: every answer goes into it, and it answers reads the remote does not (docs/offline.md). */
  offline?: OfflineCopy;
}

/** The path below /api/f1/sync and its query: what the copy is asked and told. */
function splitUrl(rawUrl: string): { path: string; query: URLSearchParams } {
  const below = rawUrl.startsWith(SYNC_API_PATH) ? rawUrl.slice(SYNC_API_PATH.length) : rawUrl;
  const at = below.indexOf('?');
  return at < 0
    ? { path: below, query: new URLSearchParams() }
    : { path: below.slice(0, at), query: new URLSearchParams(below.slice(at + 1)) };
}

function jsonOf(body: Buffer): unknown {
  try {
    return body.length > 0 ? JSON.parse(body.toString('utf8')) : null;
  } catch {
    return null;
  }
}

/** Route constraint: the forwarder is the 'remote' backend of the Sync API's routes (server/backend-constraint.ts). */
const REMOTE = { backend: 'remote' } as const;

/**
 * The Sync API's routes the remote serves, from the table (shared/api/sync-routes.ts `servedBy`):
 * the forwarder is registered at each, beside the local rules, so the router picks by the route's
 * own backends. A route the remote does not serve would still reach the wildcard below and go up:
 * until such a route has an answer of its own in proxy mode, the desk refuses to start with one.
 */
function remoteServedRoutes() {
  return Object.values(syncRoutes).map((route) => {
    if (!route.servedBy.includes('remote'))
      throw new Error(
        `${route.method} ${route.path}: proxy mode has no answer for a Sync API route the remote does not serve`,
      );
    return route;
  });
}

/**
 * Proxy mode's /api/f1/sync: every method and path goes to the remote as it came (query string
 * and body bytes included), and the remote's answer comes back as it was, status code and
 * body untouched. The desk's own token stays here; a dead or silent remote becomes a 502/504.
 */
export async function syncProxyRoutes(app: FastifyInstance, { connection, deskDropzone, offline }: SyncProxyOptions) {
  // Offline, a write whose body is not JSON gets the Sync API's own 400, from the parser local mode uses.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const malformedJson = (request: FastifyRequest): string | undefined => {
    let problem: string | undefined;
    parseJson(request, (request.body as Buffer).toString('utf8'), (error) => {
      if (error) problem = `malformed JSON in request body: ${error.message}`;
    });
    return problem;
  };
  // Bodies go up as bytes, whatever their type; Fastify's body limit still applies (413).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const dropzone = request.dropzone!;
    if (dropzone.id !== deskDropzone.id) {
      return sendError(
        reply,
        'forbidden',
        `proxy mode forwards calls for dropzone "${deskDropzone.key}" only (the remote credentials are its); this token belongs to "${dropzone.key}"`,
      );
    }
    const rawUrl = request.raw.url ?? request.url;
    const outbox = offline?.outbox() ?? null;
    const write = outbox ? queueableWrite(request.method, splitUrl(rawUrl).path) : undefined;
    const body =
      write && write.kind !== 'booking_delete' && write.kind !== 'filmer_delete' ? jsonBody(request.body) : undefined;
    const isDelete = write?.kind === 'booking_delete' || write?.kind === 'filmer_delete';
    // A body that is not JSON is never queued: the remote (or, offline, its rules) answer what is wrong with it.
    const queueable = outbox !== null && write !== undefined && (isDelete || body !== undefined) && outbox.ready();
    const unreadable =
      outbox !== null && write !== undefined && !isDelete && body === undefined && Buffer.isBuffer(request.body)
        ? malformedJson(request)
        : undefined;
    // `why`: the remote's failure in words, first in any refusal of the outbox's own.
    const queue = (why: string, notSent?: 'not sent') => {
      const answer = sayWhyRemoteFailed(takeIntoOutbox(outbox!, write!, body, sourceOf(request)), why);
      const notes = request.syncCall;
      if (notes) {
        const queued =
          answer.opIds.length === 0
            ? null
            : `queued in the outbox as write ${answer.opIds[0]}${answer.opIds.length > 1 ? ` (and ${answer.opIds.length - 1} more)` : ''}`;
        // A call that went up keeps what the remote did; one that did not says why, and the write it became.
        notes.proxy ??= {
          upstreamUrl: '',
          upstreamHeaders: {},
          remoteError: notSent ? `${notSent}: ${why}` : why,
          contractChecked: false,
          deviations: [],
          deviationCount: 0,
        };
        if (queued) notes.proxy.remoteError = `${notes.proxy.remoteError ?? why}; ${queued}`;
      }
      return sendQueued(reply, answer);
    };
    // A write the remote cannot take now goes to the outbox; one whose record has writes waiting goes behind them.
    if (queueable && mustQueue(outbox, connection.healthView(), lanesOf(write, body)))
      return queue(remoteSaidBefore(connection.healthView()), 'not sent');
    // A read of a record with writes waiting: the copy holds what the desk accepted, the remote not yet.
    if (outbox && request.method === 'GET') {
      const lane = laneOfRead(splitUrl(rawUrl).path);
      const copied = lane && outbox.holds(lane) ? offline?.reads()?.answer(splitUrl(rawUrl).path, {}) : undefined;
      if (copied && !copied.notInCopy && copied.asOf) {
        reply.header(COPY_SOURCE_HEADER, copySourceValue(copied.asOf));
        reply.header(QUEUED_HEADER, 'pending');
        return reply.code(copied.statusCode).send(copied.body);
      }
    }
    // A filmer create: one whose earlier answer was lost may already be on the remote (adopted, not made twice).
    const isCreate = write?.kind === 'filmer_upsert' && lostCreateKey(body) !== undefined;
    if (isCreate && outbox) {
      const adopted = await outbox.adoptLostCreate(body);
      if (adopted)
        return reply
          .code(201)
          .header(QUEUED_HEADER, 'adopted')
          .send({
            id: adopted.id,
            external_id: adopted.external_id ?? null,
            name: adopted.name,
            status: 'created',
          });
    }
    const forwarded = await connection.forward({
      method: request.method,
      rawUrl: request.raw.url ?? request.url,
      headers: request.headers,
      body: Buffer.isBuffer(request.body) ? request.body : undefined,
    });
    if (forwarded.kind === 'refused') return sendError(reply, 'bad_request', forwarded.error);

    // A read the remote did not answer (no answer at all, or a 5xx) is the copy's to answer.
    const fromCopy = (): CopyAnswer | undefined =>
      request.method === 'GET'
        ? offline?.reads()?.answer(splitUrl(rawUrl).path, request.query as Record<string, QueryValue>)
        : undefined;
    // `remoteSaid`: why the remote gave no answer, first in a refusal ("remote unreachable: …; the desk's copy …").
    const answerFromCopy = (answer: CopyAnswer, remoteSaid: string) => {
      if (answer.notInCopy) {
        if (answer.retryAfterSeconds) reply.header('retry-after', String(answer.retryAfterSeconds));
        return reply
          .code(answer.statusCode)
          .send({ status: 'not_in_copy', error: `${remoteSaid}; ${answer.notInCopy}` });
      }
      if (answer.asOf) reply.header(COPY_SOURCE_HEADER, copySourceValue(answer.asOf));
      return reply.code(answer.statusCode).send(answer.body);
    };

    const notes = request.syncCall;
    if (forwarded.kind === 'failure') {
      if (notes) {
        notes.proxy = {
          upstreamUrl: forwarded.upstreamUrl,
          upstreamHeaders: forwarded.sentHeaders,
          remoteError: forwarded.failure.cause,
          contractChecked: false,
          deviations: [],
          deviationCount: 0,
        };
      }
      // A write that got no answer may or may not have landed: the outbox reads the record back before it sends it again.
      if (queueable) {
        if (isCreate) outbox!.rememberLostCreate(body, sourceOf(request));
        return queue(forwarded.failure.error);
      }
      if (unreadable) return sendError(reply, 'bad_request', unreadable);
      const copied = fromCopy();
      if (copied) return answerFromCopy(copied, forwarded.failure.error);
      return sendError(reply, forwarded.failure.status, forwarded.failure.error);
    }
    if (forwarded.statusCode >= 500 && queueable) {
      if (isCreate) outbox!.rememberLostCreate(body, sourceOf(request));
      return queue(`the remote answered ${forwarded.statusCode}`);
    }
    if (forwarded.statusCode >= 500) {
      const copied = fromCopy();
      if (copied) return answerFromCopy(copied, `the remote answered ${forwarded.statusCode}`);
    } else {
      const { path, query } = splitUrl(rawUrl);
      offline?.absorb({
        method: request.method,
        path,
        query,
        statusCode: forwarded.statusCode,
        body: () => jsonOf(forwarded.decodedBody),
      });
    }
    if (notes) {
      notes.proxy = {
        upstreamUrl: forwarded.upstreamUrl,
        upstreamHeaders: forwarded.sentHeaders,
        remoteError: null,
        contractChecked: forwarded.contract.checked,
        deviations: forwarded.contract.deviations,
        deviationCount: forwarded.contract.deviationCount,
        readableBody: forwarded.decodedBody,
        status: forwarded.contract.status,
      };
    }
    reply.code(forwarded.statusCode);
    for (const [name, value] of Object.entries(forwarded.headers)) reply.header(name, value);
    return reply.send(forwarded.body.length > 0 ? forwarded.body : undefined);
  };

  for (const route of remoteServedRoutes())
    app.route({ method: route.method, url: route.path, constraints: REMOTE, handler });
  // The wildcard stays for what the table does not list (the batch endpoints, a method the desk
  // answers locally with 405, a path of a newer spec): proxy mode hands every call to the remote
  // as it came and passes its answer back untouched, so the remote, not the desk, says what those are.
  app.all('/api/f1/sync', { constraints: REMOTE }, handler);
  app.all('/api/f1/sync/*', { constraints: REMOTE }, handler);
}
