import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SYNC_API_PATH } from '../../../shared/remote-url';
import type { ConnectionMode } from '../../../shared/schemas/connection';
import type { ContractDeviation } from '../../../shared/schemas/log';
import { dropQueryValues, redactBodyText, redactHeaders, redactPath } from './redact';
import type { CallerIdentity } from '../auth';
import type { LoggedMessage, RequestLog } from './request-log';

/** What the proxy route adds to a call's log entry. */
export interface ProxyNotes {
  upstreamUrl: string;
  upstreamHeaders: Record<string, string>;
  remoteError: string | null;
  contractChecked: boolean;
  deviations: ContractDeviation[];
  deviationCount: number;
  /** The response body decompressed, when the remote compressed it. */
  readableBody?: Buffer;
  status?: string | null;
}

/** A call to the Sync API being answered: noted at its start, logged when the answer is sent. */
export interface SyncCallNotes {
  time: string;
  mode: ConnectionMode;
  payload?: unknown;
  proxy?: ProxyNotes;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for calls to /api/f1/sync only. */
    syncCall: SyncCallNotes | null;
    /** The JSON request body as received (kept by the JSON parser for the request log). */
    rawBodyText: string | null;
  }
}

/** Bodies larger than this are not kept in the log (their size is). */
export const MAX_KEPT_BODY_BYTES = 256 * 1024;

export function isSyncApiUrl(url: string): boolean {
  return (
    url.startsWith(SYNC_API_PATH) &&
    (url.length === SYNC_API_PATH.length || url[SYNC_API_PATH.length] === '/' || url[SYNC_API_PATH.length] === '?')
  );
}

/**
 * A body as sent: text, or bytes (a reader thread's list page, a remote's decompressed answer).
 * Bytes stay bytes until the log's entry is read: decoded at once, a page was a copy on the
 * server's heap for as long as the log kept it.
 */
type BodySource = string | Buffer;

function bodySource(value: unknown): BodySource | null {
  if (typeof value === 'string' || Buffer.isBuffer(value)) return value;
  return null;
}

const textOf = (body: BodySource): string => (typeof body === 'string' ? body : body.toString('utf8'));

function byteLength(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (Buffer.isBuffer(value)) return value.length;
  return 0;
}

function keptMessage(headers: Record<string, string>, body: BodySource | null, bytes: number): LoggedMessage {
  if (body === null || bytes === 0) return { headers, body: null, bodyNote: null };
  if (bytes > MAX_KEPT_BODY_BYTES) {
    return {
      headers,
      body: null,
      bodyNote: `not kept: ${bytes} bytes is over the ${MAX_KEPT_BODY_BYTES / 1024} KiB the log keeps per body`,
    };
  }
  return redactedWhenRead(headers, body);
}

/**
 * A kept body is redacted when it is first read (the log's entry opened, "Copy as cURL"), not when
 * the call is answered: the log keeps the bodies of its last 100 calls only, so most are dropped
 * unread, and scanning every list page for secret-looking fields took 5 % of the server's thread
 * under the bench's mixed load. Nothing reads the text but through this getter.
 */
function redactedWhenRead(headers: Record<string, string>, body: BodySource): LoggedMessage {
  let sent: BodySource | null = body;
  let redacted = '';
  // A getter of the message itself (spreading it into another object would read it at once).
  return {
    headers,
    get body() {
      if (sent !== null) {
        redacted = redactBodyText(textOf(sent));
        sent = null;
      }
      return redacted;
    },
    bodyNote: null,
  };
}

/**
 * Bodies that carry a top-level `status` (one record, one error) are small; a batch's answer is
 * large and has none at the top, and parsing it again only to find that out cost ~1 µs a row.
 * (Characters, or bytes for a body sent as bytes.)
 */
const MAX_STATUS_BODY_CHARS = 16 * 1024;

/** The response's top-level `status`, read only from small bodies that mention one. */
function topLevelStatus(body: BodySource | null): string | null {
  if (body === null || body.length > MAX_STATUS_BODY_CHARS) return null;
  const text = textOf(body);
  if (text[0] !== '{' || !text.includes('"status"')) return null;
  try {
    const status = (JSON.parse(text) as { status?: unknown }).status;
    return typeof status === 'string' ? status : null;
  } catch {
    return null;
  }
}

/**
 * A call without a valid credential belongs to no dropzone, and every desk on the server sees it
 * (that is how a misconfigured booking system is found). What it sent may still be a customer's:
 * its request body is not kept and its query keeps only the parameters' names. Its answer is the
 * desk's own refusal, kept.
 */
const UNATTRIBUTED_BODY_NOTE =
  "not kept: the call had no valid credential, so no dropzone's desk can be told it is theirs (every desk on this server sees the call)";

function unattributedRequest(headers: Record<string, string>, bytes: number): LoggedMessage {
  return { headers, body: null, bodyNote: bytes > 0 ? UNATTRIBUTED_BODY_NOTE : null };
}

/** Names who sent an Authorization header (auth's own reading, for calls its hook did not see). */
export type IdentifyCaller = (authorization: string | undefined) => CallerIdentity;

function logCall(
  log: RequestLog,
  request: FastifyRequest,
  reply: FastifyReply,
  notes: SyncCallNotes,
  identify: IdentifyCaller,
): void {
  const url = request.raw.url ?? request.url;
  const proxy = notes.proxy;
  const requestBody = request.rawBodyText ?? bodySource(request.body);
  const requestBytes =
    Number(request.headers['content-length'] ?? 0) || byteLength(request.rawBodyText ?? request.body);
  const responseBytes = byteLength(notes.payload);
  const responseBody = bodySource(proxy?.readableBody ?? notes.payload);
  const requestHeaders = redactHeaders(request.headers);
  const responseHeaders = redactHeaders(reply.getHeaders());
  const caller = request.caller ?? identify(request.headers.authorization);
  const attributed = caller.dropzoneId !== null;
  const path = attributed ? redactPath(url) : dropQueryValues(redactPath(url));
  log.add({
    time: notes.time,
    method: request.method,
    path,
    mode: notes.mode,
    caller: caller.kind,
    callerLabel: caller.label,
    dropzoneId: caller.dropzoneId,
    forwarded: proxy !== undefined,
    httpStatus: reply.statusCode,
    status: proxy?.status ?? topLevelStatus(responseBody),
    durationMs: Math.round(reply.elapsedTime * 10) / 10,
    requestBytes,
    responseBytes,
    contractChecked: proxy?.contractChecked ?? false,
    deviations: proxy?.deviations ?? [],
    deviationCount: proxy?.deviationCount ?? 0,
    upstreamUrl: proxy ? redactPath(proxy.upstreamUrl) : null,
    remoteError: proxy?.remoteError ?? null,
    details: {
      deskUrl: `http://${request.headers.host ?? 'localhost'}${path}`,
      request: attributed
        ? keptMessage(requestHeaders, requestBody, requestBytes)
        : unattributedRequest(requestHeaders, requestBytes),
      response: keptMessage(responseHeaders, responseBody, byteLength(proxy?.readableBody ?? notes.payload)),
      upstreamHeaders: proxy ? redactHeaders(proxy.upstreamHeaders) : null,
    },
  });
}

/**
 * Records every call to /api/f1/sync, whoever answers it (the local routes, the proxy, the auth
 * hook's 401, the 404 handler), and who called (the auth hook's finding, else `identify`'s).
 * Registered on the root, before every other hook.
 */
export function installRequestLog(
  app: FastifyInstance,
  log: RequestLog,
  modeOf: () => ConnectionMode,
  identify: IdentifyCaller,
): void {
  app.decorateRequest('syncCall', null);
  app.decorateRequest('rawBodyText', null);
  app.addHook('onRequest', async (request) => {
    if (isSyncApiUrl(request.url)) request.syncCall = { time: new Date().toISOString(), mode: modeOf() };
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.syncCall) request.syncCall.payload = payload;
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.syncCall) logCall(log, request, reply, request.syncCall, identify);
  });
}
