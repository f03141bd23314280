import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { sendError } from '../reply';

/**
 * `Expect` other than `100-continue`: Node answers such a request itself with an empty 417, which
 * no caller can read. Instead it is passed on like any request (logged, host-checked, in the API's
 * shape) and refused here. `100-continue` stays Node's: it answers `100 Continue` and the request
 * arrives as usual.
 */
export function installExpectationCheck(app: FastifyInstance): void {
  const unmet = new WeakSet<IncomingMessage>();
  app.server.on('checkExpectation', (request, response) => {
    unmet.add(request);
    app.server.emit('request', request, response);
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!unmet.has(request.raw)) return;
    return sendError(
      reply,
      'expectation_failed',
      `Expect: ${request.headers.expect ?? ''} cannot be met: this server knows only "Expect: 100-continue"; send the request without the header`,
    );
  });
}

/** Requests whose body may never come (the client waits for an answer to its expectation first). */
export function awaitsExpectation(request: IncomingMessage): boolean {
  const expect = request.headers.expect;
  return expect !== undefined && expect.trim().toLowerCase() !== '100-continue';
}
