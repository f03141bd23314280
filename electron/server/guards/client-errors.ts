import type { Socket } from 'node:net';
import { HTTP_CODE_OF, type ResponseStatus } from '../../../shared/outcomes';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an unknown method, headers over
 * Node's size limit, a request line that is no HTTP, a client too slow to send its request):
 * answered in the API's error shape too, so a caller never gets a body it cannot read.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message, code } = describe(error.code);
  const body = JSON.stringify({ error: message, status });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${code} ${REASON[code] ?? 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const REASON: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

function describe(code: string | undefined): { status: ResponseStatus; message: string; code: number } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 'bad_request',
        code: 431,
        message: 'request headers are too large (over 16 KiB): send fewer or shorter headers',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 'bad_request', code: 408, message: 'the request was not received in time' };
    case 'HPE_INVALID_METHOD':
      return { status: 'bad_request', code: HTTP_CODE_OF.bad_request, message: 'unknown HTTP method' };
    default:
      return {
        status: 'bad_request',
        code: HTTP_CODE_OF.bad_request,
        message: `malformed HTTP request${code ? ` (${code})` : ''}`,
      };
  }
}
