import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS } from '../../shared/limits';
import type { ResponseStatus } from '../../shared/outcomes';
import { ResponseMismatch } from './contract/compilers';
import { RequestRefused } from './contract/refusal';
import { sendError } from './reply';

const MIB = 1024 * 1024;

/** Other refusals the framework or a plugin raises for what a caller sent: answered as they are, in the API's shape. */
const STATUS_OF_FRAMEWORK_CODE: Partial<Record<number, ResponseStatus>> = {
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'content_too_large',
  415: 'unsupported_media_type',
};

/** Every failure the framework raises becomes a JSON body with `status` and `error`. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    return sendError(reply, 'not_found', `no such endpoint: ${request.method} ${path}`);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A route of shared/api/ refused the request: its 422 names each field.
    if (error instanceof RequestRefused) return reply.code(error.statusCode).send(error.body);
    if (error instanceof ResponseMismatch) {
      // A server bug found after the work was done: say so, never "not applied".
      request.log.error({ err: error }, 'answer does not match its schema');
      return sendError(
        reply,
        'internal_error',
        `internal error: ${error.message}; the request may have been applied; see the desk log`,
      );
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE': {
        // A route may have a limit of its own (an import's hand-over).
        const limit = request.routeOptions.bodyLimit ?? LIMITS.bodyLimitBytes;
        return sendError(
          reply,
          'content_too_large',
          `request body is larger than the ${limit / MIB} MiB limit; send fewer records per request`,
        );
      }
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(
          reply,
          'unsupported_media_type',
          `Content-Type must be application/json, got "${request.headers['content-type'] ?? ''}"`,
        );
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, 'bad_request', 'Content-Length does not match the body');
      case 'DESK_INVALID_UTF8':
        return sendError(reply, 'bad_request', error.message);
    }
    if (error.statusCode === 400) {
      return sendError(reply, 'bad_request', `malformed JSON in request body: ${error.message}`);
    }
    // The UI's file server refuses what is no file of it (`/%00`, `/../..`, a name over the
    // file system's limit): for a caller that is simply no such endpoint.
    if (error.code?.startsWith('FST_STATIC')) {
      return sendError(reply, 'not_found', `no such endpoint: ${request.method} ${request.url.split('?')[0]}`);
    }
    const passOn = error.statusCode !== undefined ? STATUS_OF_FRAMEWORK_CODE[error.statusCode] : undefined;
    if (passOn) return sendError(reply, passOn, error.message);
    request.log.error({ err: error, method: request.method, path: request.url.split('?')[0] }, 'request failed');
    return sendError(reply, 'internal_error', 'internal error: the request was not applied; see the desk log');
  });
}

/**
 * JSON bodies through Fastify's own safe parser (prototype-poisoning protection), except that an
 * empty body is no body: DELETE and GET clients often send Content-Type without one.
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

function requestError(statusCode: number, code: string, message: string): FastifyError {
  return Object.assign(new Error(message), { statusCode, code, name: 'RequestError' }) as FastifyError;
}

export function installJsonParser(app: FastifyInstance): void {
  const parse = jsonBodyParser(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parse);
}

type BodyParser = (request: FastifyRequest, bytes: Buffer, done: (error: Error | null, body?: unknown) => void) => void;

/** The desk's JSON body parser (Content-Encoding refused, strict UTF-8, an empty body as none), for any scope. */
export function jsonBodyParser(app: FastifyInstance): BodyParser {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return (request, bytes, done) => {
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      return done(
        requestError(
          415,
          'DESK_CONTENT_ENCODING',
          `Content-Encoding "${encoding}" is not accepted: send the JSON uncompressed`,
        ),
        undefined,
      );
    }
    let body: string;
    try {
      // Fatal: a byte that is no UTF-8 must not be stored as U+FFFD in a customer's name.
      body = strictUtf8.decode(bytes as Buffer);
    } catch {
      return done(
        requestError(400, 'DESK_INVALID_UTF8', 'request body is not valid UTF-8: send JSON encoded as UTF-8'),
        undefined,
      );
    }
    if (body.trim() === '') return done(null, undefined);
    // The request log shows the body as it came (a reference, not a copy).
    if (request.syncCall) request.rawBodyText = body;
    return parseJson(request, body, done);
  };
}

/** What Fastify answers a body of a type no parser takes: 415, worded by the error handler above. */
export function unsupportedMediaType(): FastifyError {
  return requestError(415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE', 'Unsupported Media Type');
}
