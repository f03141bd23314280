import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { sendError } from '../reply';
import { writeRawError } from './raw-answer';

/**
 * HTTP's own methods (RFC 9110, and PATCH): on a path that has no route for one of them the desk
 * answers 404 `no such endpoint`, as for any path it lacks. Any other method (QUERY, PROPFIND,
 * FOO) is one the desk implements nowhere: 501, naming it (docs/spec-decisions.md, "Methods").
 */
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);

export const isHttpMethod = (method: string) => HTTP_METHODS.has(method);

/** The answer's words for a method the desk implements nowhere. */
export function unknownMethodMessage(method: string): string {
  return `the desk does not implement the HTTP method ${method}: it answers GET, HEAD, POST, PUT, PATCH and DELETE`;
}

/**
 * onRequest: before Fastify reads a body, so an unknown method is told so (a QUERY without
 * Content-Type would otherwise be refused as malformed JSON). Also where a route takes every
 * method (proxy mode's forwarder): the desk answers a method as it does in local mode.
 */
export async function refuseUnknownMethod(request: FastifyRequest, reply: FastifyReply) {
  if (HTTP_METHODS.has(request.method)) return;
  return sendError(reply, 'not_implemented', unknownMethodMessage(request.method));
}

/**
 * A CONNECT (a tunnel, to any target or to the desk itself): Node hands it over as a bare socket
 * and, left alone, closes it without a word. The desk is no proxy and has no such endpoint: the
 * 404 any other method gets on a path it lacks, then the connection closes.
 */
export function answerConnect(request: IncomingMessage, socket: Duplex): void {
  writeRawError(socket, 'not_found', `no such endpoint: CONNECT ${request.url ?? ''}`);
  socket.end();
}
