import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OfflineCopy } from '../../offline/offline-copy';
import type { ProxiedCall } from '../../offline/proxied-sync-api';
import type { QueryValue } from '../../sync/validation';
import type { UpstreamAnswerer } from '../contract/serve-sync-route';

/**
 * Proxy mode's /api/f1/sync, as HTTP: the call handed to the desk's proxied Sync API
 * (offline/proxied-sync-api.ts) as it came (method, URL with its query string, headers, body bytes),
 * and its answer sent back as it is given. What decides (forward or queue, the copy, a lost
 * create) lives there; this translates, and keeps what the request log shows of the trip upstream.
 */
export function remoteForwarder(app: FastifyInstance, offline: OfflineCopy): UpstreamAnswerer {
  // A body that is not JSON gets the Sync API's own 400, from the parser local mode uses.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const jsonProblem = (request: FastifyRequest) => (): string | undefined => {
    if (!Buffer.isBuffer(request.body)) return undefined;
    let problem: string | undefined;
    parseJson(request, request.body.toString('utf8'), (error) => {
      if (error) problem = `malformed JSON in request body: ${error.message}`;
    });
    return problem;
  };

  return async (request, reply, fallback) => {
    const dropzone = request.dropzone!;
    const callerKind = request.caller?.kind;
    const call: ProxiedCall = {
      method: request.method,
      rawUrl: request.raw.url ?? request.url,
      headers: request.headers,
      body: Buffer.isBuffer(request.body) ? request.body : undefined,
      query: request.query as Record<string, QueryValue>,
      caller: {
        dropzoneId: dropzone.id,
        dropzoneKey: dropzone.key,
        kind: callerKind === 'token' || callerKind === 'paired' ? callerKind : 'desk',
        label: request.caller?.label ?? null,
      },
      jsonProblem: jsonProblem(request),
      fallback,
    };
    const answer = await offline.syncApi.handle(call);
    if (answer.upstream && request.syncCall) request.syncCall.proxy = answer.upstream;
    reply.code(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
    if (answer.body === null) return reply.send();
    return reply.send('json' in answer.body ? answer.body.json : answer.body.bytes);
  };
}
