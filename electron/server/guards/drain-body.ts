import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { awaitsExpectation } from './expectations';

/**
 * An answer sent before the request's body was read (a 413 from its Content-Length, a 415, a 401)
 * used to be followed by closing the socket with the rest of the body unread. The kernel then
 * resets the connection, and a client still sending (a raw socket, often fetch too) loses the
 * answer. So the rest is read and thrown away first, within bounds: a client that sends on and on,
 * or declared more than it sends, gets its answer when a bound is reached, and the close.
 */
export const DRAIN_LIMITS = { maxBytes: 256 * 1024 * 1024, maxMs: 10_000 } as const;

export function drainBody(raw: IncomingMessage, limits = DRAIN_LIMITS): Promise<void> {
  if (raw.complete || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', finish).off('close', finish).off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limits.maxBytes) finish();
    };
    const timer = setTimeout(finish, limits.maxMs);
    raw.on('data', onData).on('end', finish).on('close', finish).on('error', finish);
    raw.resume();
  });
}

/** Every answer waits until the request's body is in (or a bound is hit), whoever answered early. */
export function installBodyDrain(app: FastifyInstance): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    // A client that waits for an answer to its expectation sends no body until it gets one.
    if (!request.raw.complete && !awaitsExpectation(request.raw)) await drainBody(request.raw);
    return payload;
  });
}
