import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DeskConnection } from '../../proxy/connection';
import type { DropzoneRecord } from '../../store/records';
import { sendError } from '../reply';

export interface SyncProxyOptions {
  connection: DeskConnection;
  /** The dropzone the desk works for: the remote credentials are that dropzone's. */
  deskDropzone: DropzoneRecord;
}

/** Route constraint: these routes serve only while the desk is in proxy mode (see app.ts). */
export const PROXY_ONLY = { backend: 'proxy' } as const;

/**
 * Proxy mode's /api/f1/sync: every method and path goes to the remote as it came (query string
 * and body bytes included), and the remote's answer comes back as it was, status code and
 * body untouched. The desk's own token stays here; a dead or silent remote becomes a 502/504.
 */
export async function syncProxyRoutes(app: FastifyInstance, { connection, deskDropzone }: SyncProxyOptions) {
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
    const forwarded = await connection.forward({
      method: request.method,
      rawUrl: request.raw.url ?? request.url,
      headers: request.headers,
      body: Buffer.isBuffer(request.body) ? request.body : undefined,
    });
    if (forwarded.kind === 'refused') return sendError(reply, 'bad_request', forwarded.error);

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
      return sendError(reply, forwarded.failure.status, forwarded.failure.error);
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

  app.all('/api/f1/sync', { constraints: PROXY_ONLY }, handler);
  app.all('/api/f1/sync/*', { constraints: PROXY_ONLY }, handler);
}
