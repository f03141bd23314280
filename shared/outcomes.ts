/**
 * The `status` values of the spec (section 7) plus the ones this server uses for HTTP-level
 * errors the spec does not show. One table maps each to its HTTP code, so single endpoints,
 * batches and the proxy's contract check agree.
 */
export const SYNC_OUTCOMES = [
  'created',
  'ok',
  'partial_update',
  'unprocessable_content',
  'not_acceptable',
  'conflict',
  'not_found',
] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];

export const HTTP_ERROR_STATUSES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'method_not_allowed',
  'content_too_large',
  'unsupported_media_type',
  'expectation_failed',
  'too_many_requests',
  'internal_error',
  'not_implemented',
] as const;
export type HttpErrorStatus = (typeof HTTP_ERROR_STATUSES)[number];

/**
 * Proxy mode only: the desk could not get an answer from the remote Sync API server. Never sent
 * by the remote itself; the `error` names the cause (docs/spec-decisions.md, "Proxy mode").
 */
export const PROXY_ERROR_STATUSES = [
  'remote_unreachable',
  'remote_timeout',
  'remote_bad_response',
  // The remote does not answer and the desk's copy of it does not hold what was asked (docs/offline.md).
  'not_in_copy',
  // A paired desk: the venue's main desk does not answer, and this desk's copy cannot stand in (docs/desks.md).
  'main_desk_unreachable',
] as const;
export type ProxyErrorStatus = (typeof PROXY_ERROR_STATUSES)[number];

export type ResponseStatus = SyncOutcome | HttpErrorStatus | ProxyErrorStatus;

/** Literal codes (`as const`), so a route's answer built from a status is typed by the route table's statuses. */
export const HTTP_CODE_OF = {
  created: 201,
  ok: 200,
  partial_update: 200,
  unprocessable_content: 422,
  not_acceptable: 406,
  conflict: 409,
  not_found: 404,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  method_not_allowed: 405,
  content_too_large: 413,
  unsupported_media_type: 415,
  expectation_failed: 417,
  too_many_requests: 429,
  internal_error: 500,
  not_implemented: 501,
  remote_unreachable: 502,
  remote_timeout: 504,
  remote_bad_response: 502,
  not_in_copy: 503,
  main_desk_unreachable: 503,
} as const satisfies Record<ResponseStatus, number>;

/** The warning text of a partial update, exactly as the spec gives it. */
export const PARTIAL_UPDATE_WARNING = 'product locked, some changes ignored';
