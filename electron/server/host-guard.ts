import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { sendError } from './reply';

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The DNS-rebinding defence: while bound to loopback, a request must name this server itself in
 * `Host` (a rebinding page's request carries the attacker's host name), and a browser request
 * must come from this server's own origin. No CORS headers are ever sent.
 */
export function makeHostGuard(address: () => AddressInfo | null) {
  return async function hostGuard(request: FastifyRequest, reply: FastifyReply) {
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
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== 'null' && !allowed.has(origin.toLowerCase().replace(/^http:\/\//, ''))) {
      return sendError(reply, 'forbidden', `cross-origin requests from ${origin} are not allowed`);
    }
    if (origin === 'null') return sendError(reply, 'forbidden', 'requests from opaque origins are not allowed');
  };
}
