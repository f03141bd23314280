import type { FastifyError, FastifyInstance } from 'fastify';
import { LIMITS } from '../../shared/limits';
import { sendError } from './reply';

const MIB = 1024 * 1024;

/** Every failure the framework raises becomes a JSON body with `status` and `error`. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    return sendError(reply, 'not_found', `no such endpoint: ${request.method} ${path}`);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 'content_too_large', `request body is larger than the ${LIMITS.bodyLimitBytes / MIB} MiB limit; send fewer records per request`);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 'unsupported_media_type', `Content-Type must be application/json, got "${request.headers['content-type'] ?? ''}"`);
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, 'bad_request', 'Content-Length does not match the body');
    }
    if (error.statusCode === 400) {
      return sendError(reply, 'bad_request', `malformed JSON in request body: ${error.message}`);
    }
    request.log.error({ err: error, method: request.method, path: request.url.split('?')[0] }, 'request failed');
    return sendError(reply, 'internal_error', 'internal error: the request was not applied; see the desk log');
  });
}

/**
 * JSON bodies through Fastify's own safe parser (prototype-poisoning protection), except that an
 * empty body is no body: DELETE and GET clients often send Content-Type without one.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    // The request log shows the body as it came (a reference, not a copy).
    if (request.syncCall) request.rawBodyText = body as string;
    return parseJson(request, body as string, done);
  });
}
