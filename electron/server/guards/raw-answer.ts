import type { Duplex } from 'node:stream';
import { HTTP_CODE_OF, type ResponseStatus } from '../../../shared/outcomes';

const REASON: Partial<Record<number, string>> = {
  400: 'Bad Request',
  404: 'Not Found',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
  501: 'Not Implemented',
};

/**
 * An answer in the API's error shape written straight to the socket, for requests Fastify never
 * sees (Node's parser refused them, or a CONNECT, which Node hands over as a bare socket); then
 * the connection closes. `code` overrides the status's usual HTTP code (a 431 is a bad request).
 */
export function writeRawError(
  socket: Duplex,
  status: ResponseStatus,
  message: string,
  code: number = HTTP_CODE_OF[status],
) {
  const body = JSON.stringify({ error: message, status });
  if (!socket.writable) return;
  socket.write(
    `HTTP/1.1 ${code} ${REASON[code] ?? 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
