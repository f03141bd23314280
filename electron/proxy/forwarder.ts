import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { SYNC_API_PATH } from '../../shared/remote-url';
import { checkContract, type ContractResult } from './contract';
import type { RemoteClient } from './remote-client';
import type { RemoteFailure } from './transport-errors';

/**
 * What proxy mode does with one call to /api/f1/sync: which of the caller's headers go up, which
 * of the remote's come back, and the contract check on the way back. Free of the HTTP server.
 */

/**
 * The caller's headers that go to the remote. An allowlist: the desk's own Authorization (the
 * desk token), cookies, Host and anything unknown stay at the desk; the remote credentials are
 * added by the RemoteClient.
 */
export const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
  'idempotency-key',
  'user-agent',
] as const;

/**
 * The remote's headers that do not come back: hop-by-hop ones (RFC 9110 7.6.1), the length (the
 * desk sends the same bytes and sets it itself) and cookies, which would be the remote's on the
 * desk's origin. Everything else comes back as the remote sent it (Content-Type, Location,
 * Retry-After, ETag…), except the security headers every desk response carries, which win.
 */
const DROPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'trailers',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'set-cookie',
]);

export interface DeskCall {
  method: string;
  /** The URL as the caller sent it, e.g. `/api/f1/sync/bookings?page=2` (percent-encoding kept). */
  rawUrl: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer | undefined;
}

export type Forwarded =
  | {
      kind: 'answer';
      statusCode: number;
      headers: Record<string, string | string[]>;
      /** Exactly the bytes the remote sent (still compressed if it compressed them). */
      body: Buffer;
      /** The same, decompressed when the remote used a Content-Encoding: what the check and the log read. */
      decodedBody: Buffer;
      upstreamUrl: string;
      sentHeaders: Record<string, string>;
      contract: ContractResult;
    }
  | { kind: 'failure'; failure: RemoteFailure; upstreamUrl: string; sentHeaders: Record<string, string> }
  | { kind: 'refused'; error: string };

/** The part of the URL below /api/f1/sync, or why it may not be forwarded. */
export function pathBelowApi(rawUrl: string): { ok: true; path: string } | { ok: false; error: string } {
  if (!rawUrl.startsWith(SYNC_API_PATH)) return { ok: false, error: `not a Sync API path: ${rawUrl}` };
  const rest = rawUrl.slice(SYNC_API_PATH.length);
  if (rest !== '' && !rest.startsWith('/') && !rest.startsWith('?'))
    return { ok: false, error: `not a Sync API path: ${rawUrl}` };
  const pathPart = rest.split('?')[0] as string;
  // The remote credentials must reach the Sync API only: no `..` climbing out of it, however spelt.
  const climbs = pathPart.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
  if (climbs || pathPart.includes('\\')) return { ok: false, error: 'path segments "." and ".." are not forwarded' };
  return { ok: true, path: rest };
}

export function upstreamRequestHeaders(headers: DeskCall['headers']): Record<string, string> {
  const forwarded: Record<string, string> = {};
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = headers[name];
    if (value !== undefined) forwarded[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return forwarded;
}

export function downstreamResponseHeaders(
  headers: Record<string, string | string[]>,
): Record<string, string | string[]> {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
  const passed: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!DROPPED_RESPONSE_HEADERS.has(lower) && !named.includes(lower)) passed[lower] = value;
  }
  return passed;
}

const MAX_DECODED_BYTES = 64 * 1024 * 1024;

/** The body as text bytes, for reading only: the caller still gets the remote's own bytes. */
export function decodeForReading(body: Buffer, contentEncoding: string | string[] | undefined): Buffer {
  const encoding = String(contentEncoding ?? '')
    .trim()
    .toLowerCase();
  if (!encoding || encoding === 'identity' || body.length === 0) return body;
  const options = { maxOutputLength: MAX_DECODED_BYTES };
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(body, options);
    if (encoding === 'deflate') return inflateSync(body, options);
    if (encoding === 'br') return brotliDecompressSync(body, options);
  } catch {
    // undecodable: the check then reports a body that is not JSON
  }
  return body;
}

/** Sends one call to the remote and checks what came back against the spec. */
export async function forward(client: RemoteClient, call: DeskCall): Promise<Forwarded> {
  const target = pathBelowApi(call.rawUrl);
  if (!target.ok) return { kind: 'refused', error: target.error };
  const result = await client.send({
    method: call.method,
    path: target.path,
    headers: upstreamRequestHeaders(call.headers),
    body: call.body,
  });
  if (!result.ok)
    return { kind: 'failure', failure: result.failure, upstreamUrl: result.url, sentHeaders: result.sentHeaders };
  const contentType = result.headers['content-type'];
  const decodedBody = decodeForReading(result.body, result.headers['content-encoding']);
  const contract = checkContract({
    method: call.method,
    path: target.path.split('?')[0] as string,
    statusCode: result.statusCode,
    contentType: Array.isArray(contentType) ? contentType[0] : contentType,
    body: decodedBody,
  });
  return {
    kind: 'answer',
    statusCode: result.statusCode,
    headers: downstreamResponseHeaders(result.headers),
    body: result.body,
    decodedBody,
    upstreamUrl: result.url,
    sentHeaders: result.sentHeaders,
    contract,
  };
}
