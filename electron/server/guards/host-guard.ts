import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLanRequest } from '../lan-gate';
import { sendError } from '../reply';

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Node keeps the first of several Host headers and drops the rest; the raw list has them all. */
function hostHeaderCount(request: IncomingMessage): number {
  let count = 0;
  for (let i = 0; i < request.rawHeaders.length; i += 2) if (request.rawHeaders[i]?.toLowerCase() === 'host') count++;
  return count;
}

/**
 * The host an absolute-form request target (`GET http://host:port/path`) names, which RFC 9112
 * puts above the Host header; null for the usual origin form (`GET /path`).
 */
function targetAuthority(rawUrl: string): { scheme: string; host: string } | 'unreadable' | null {
  if (rawUrl.startsWith('/') || rawUrl === '*') return null;
  try {
    const url = new URL(rawUrl);
    return { scheme: url.protocol.slice(0, -1), host: url.host };
  } catch {
    return 'unreadable';
  }
}

/**
 * The DNS-rebinding defence: while bound to loopback, a request must name this server itself in
 * `Host` (a rebinding page's request carries the attacker's host name) and, when its target is in
 * absolute form, there too; a browser request must come from this server's own origin. No CORS
 * headers are ever sent.
 */
export function makeHostGuard(address: () => AddressInfo | null) {
  return async function hostGuard(request: FastifyRequest, reply: FastifyReply) {
    // Two Host headers are malformed on any address (RFC 9112 3.2): a proxy in front and this
    // server could each read a different one.
    if (hostHeaderCount(request.raw) > 1)
      return sendError(reply, 'bad_request', 'the request has more than one Host header; send exactly one');
    // The LAN listener has a rule of its own (server/lan-gate.ts): every call there needs a credential.
    if (isLanRequest(request)) return;
    const bound = address();
    if (!bound || !isLoopbackHost(bound.address)) return;
    const port = bound.port;
    const allowed = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
    if (bound.address !== '127.0.0.1' && bound.address !== '::1') allowed.add(`${bound.address}:${port}`);
    const host = request.headers.host;
    if (host === undefined || host === '') {
      return sendError(reply, 'bad_request', `the Host header is required; use http://127.0.0.1:${port}`);
    }
    if (!allowed.has(host.toLowerCase())) {
      return sendError(reply, 'forbidden', `Host "${host}" is not this server; use http://127.0.0.1:${port}`);
    }
    const target = targetAuthority(request.raw.url ?? '/');
    if (target === 'unreadable')
      return sendError(reply, 'bad_request', 'the request target is neither a path nor an http:// URL');
    // Both must name this server: the target by RFC, Host because it is what the defence checks.
    if (target && !allowed.has(target.host)) {
      return sendError(
        reply,
        'forbidden',
        `the request target names host "${target.host}", which is not this server; use http://127.0.0.1:${port}`,
      );
    }
    if (target && target.scheme !== 'http') {
      return sendError(
        reply,
        'bad_request',
        `the request target is a ${target.scheme}: URL; this server speaks http only: use http://127.0.0.1:${port}`,
      );
    }
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== 'null' && !allowed.has(origin.toLowerCase().replace(/^http:\/\//, ''))) {
      return sendError(reply, 'forbidden', `cross-origin requests from ${origin} are not allowed`);
    }
    if (origin === 'null') return sendError(reply, 'forbidden', 'requests from opaque origins are not allowed');
  };
}
