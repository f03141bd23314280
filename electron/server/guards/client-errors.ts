import type { Socket } from 'node:net';
import { HTTP_CODE_OF, type ResponseStatus } from '../../../shared/outcomes';
import { writeRawError } from './raw-answer';
import { unknownMethodMessage } from './unknown-methods';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an unknown method, headers over
 * Node's size limit, a request line that is no HTTP, a client too slow to send its request):
 * answered in the API's error shape too, so a caller never gets a body it cannot read.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message, code } = describe(
    error.code,
    Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined,
  );
  writeRawError(socket, status, message, code);
  socket.destroy(error);
}

/** A request line's first word when it looks like a method (a token of letters), not bytes of another protocol. */
function methodOf(rawPacket: Buffer | undefined): string | undefined {
  const word = rawPacket?.subarray(0, 64).toString('latin1').split(' ', 1)[0];
  return word && /^[A-Za-z][A-Za-z0-9_-]*$/.test(word) ? word : undefined;
}

function describe(
  code: string | undefined,
  rawPacket: Buffer | undefined,
): { status: ResponseStatus; message: string; code: number } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 'bad_request',
        code: 431,
        message: 'request headers are too large (over 16 KiB): send fewer or shorter headers',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 'bad_request', code: 408, message: 'the request was not received in time' };
    case 'HPE_INVALID_METHOD': {
      const method = methodOf(rawPacket);
      if (method)
        return { status: 'not_implemented', code: HTTP_CODE_OF.not_implemented, message: unknownMethodMessage(method) };
      return { status: 'bad_request', code: HTTP_CODE_OF.bad_request, message: 'unknown HTTP method' };
    }
    default:
      return {
        status: 'bad_request',
        code: HTTP_CODE_OF.bad_request,
        message: `malformed HTTP request${code ? ` (${code})` : ''}`,
      };
  }
}
