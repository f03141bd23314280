import { ADMIN_HEADER } from '../../schemas/admin';
import { deskError } from '../../schemas/desk-error';
import { specOutcomeError } from '../../schemas/contract';
import { QUEUED_HEADER } from '../queued-header';
import { jsonSchemaOf, type JsonSchema } from './json-schema';

/**
 * The parts of the document every operation shares: the error shapes, the answers the desk gives
 * whatever the route (a malformed request, a missing token…), the headers it adds, and the auth
 * schemes. Operations point at them (`$ref`), so each is said once.
 */

const ref = (kind: 'schemas' | 'responses' | 'headers', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The header the desk's copy of the remote marks its answers with (electron/offline/copy-reads.ts). */
export const COPY_SOURCE_HEADER_NAME = 'X-Desk-Source';
/** QUEUED_HEADER as HTTP spells it in a document. */
export const QUEUED_HEADER_NAME = 'X-Desk-Queued';
if (QUEUED_HEADER_NAME.toLowerCase() !== QUEUED_HEADER) throw new Error('X-Desk-Queued is misspelt');

let schemas: Record<string, JsonSchema> | undefined;

/**
 * The error shapes, as JSON Schema. Made at the first request for the document, not as the server
 * loads: zod's conversion is a few milliseconds of every start, and most starts never serve it.
 */
export function componentSchemas(): Record<string, JsonSchema> {
  schemas ??= {
    DeskError: {
      ...jsonSchemaOf(deskError),
      description:
        "The one error shape of the desk (the Sync API's, spec section 7): `error` says what failed and what to do, `status` names it, `fields` puts a message beside each field of a form, `id` names the record a 404 did not find. More properties may come (`external_id`, `admin`).",
    },
    SyncOutcomeError: {
      ...jsonSchemaOf(specOutcomeError),
      description:
        "A refusal of one record in the Sync API's outcome shape (spec section 7): `status` is one of the spec's outcomes, with `error` (a string) or `errors` (strings), and `id` and/or `external_id` where the record is known.",
    },
  };
  return schemas;
}

export const HEADERS: Record<string, JsonSchema> = {
  XDeskSource: {
    description:
      "Proxy mode: the answer is the desk's copy of the remote (the remote gave no answer, or a read of a record with writes waiting), with the age of what it says: `copy; as-of=<ISO instant>`. The body is the remote's own, in the spec's shape (docs/offline.md).",
    schema: { type: 'string', pattern: '^copy; as-of=\\S+$' },
  },
  XDeskQueued: {
    description:
      "Proxy mode: the desk's outbox took this write while the remote could not: the write's id, or a batch's first and last (`12-15`); `pending` on a read answered from the copy because the record has writes waiting; `adopted` on a filmer create answered with what an earlier create whose answer was lost made (docs/offline.md, \"Writes while offline\").",
    schema: { type: 'string', pattern: '^(\\d{1,15}(-\\d{1,15})?|pending|adopted)$' },
  },
  RetryAfter: {
    description:
      'Seconds to wait before trying again (RFC 9110 10.2.3): on a 429, and in proxy mode on a 503 for a write the outbox cannot take now (a filmer create, a booking the copy cannot place, a full outbox).',
    schema: { type: 'string', pattern: '^\\d+$' },
  },
  WWWAuthenticate: {
    description: 'The scheme to use: `Bearer realm="dropzone-desk"`.',
    schema: { type: 'string' },
  },
  ContentDisposition: {
    description: 'The download\'s file name: `attachment; filename="..."`.',
    schema: { type: 'string' },
  },
};

const errorContent = (schema = 'DeskError') => ({ 'application/json': { schema: ref('schemas', schema) } });

/** Answers any route may give, whatever its table says: named here, referenced by status from each operation. */
export const COMMON_RESPONSES: Record<string, JsonSchema> = {
  BadRequest: {
    description:
      '`bad_request`: the body is not valid JSON or not UTF-8, a URL or query string that cannot be decoded, a missing or repeated `Host` (docs/spec-decisions.md, "HTTP codes and bodies").',
    content: errorContent(),
  },
  Unauthorized: {
    description:
      '`unauthorized`: no `Authorization: Bearer <token>` header, a malformed one, or a token that is unknown or revoked; the error says which.',
    headers: { 'WWW-Authenticate': ref('headers', 'WWWAuthenticate') },
    content: errorContent(),
  },
  Forbidden: {
    description:
      "`forbidden`: a `Host`, `Origin` or absolute request target that is not this desk; a booking system's API token on a route of the desk's own API (it opens the Sync API only); an administrator route without a live unlock (`admin`: `passphrase_not_set` or `locked`); in proxy mode, a token of a dropzone other than the one the remote credentials are for.",
    content: errorContent(),
  },
  ContentTooLarge: {
    description:
      '`content_too_large`: a body over the limit (32 MiB; an import hand-over has its own), or a batch over 10,000 elements.',
    content: errorContent(),
  },
  UnsupportedMediaType: {
    description:
      '`unsupported_media_type`: a body that is not `application/json`, or one sent with a `Content-Encoding`.',
    content: errorContent(),
  },
  ExpectationFailed: {
    description: '`expectation_failed`: an `Expect` header other than `100-continue`.',
    content: errorContent(),
  },
  RequestRefused: {
    description:
      "`unprocessable_content`: the body or the query string does not match this operation's schema; `fields` names each field with its problem, and an unknown or repeated query parameter is named too.",
    content: errorContent(),
  },
  TooManyRequests: {
    description: '`too_many_requests`: wait as `Retry-After` says.',
    headers: { 'Retry-After': ref('headers', 'RetryAfter') },
    content: errorContent(),
  },
  InternalError: {
    description:
      '`internal_error`: a bug in the desk. Before the work: "the request was not applied"; after it (an answer that does not match this document): "the request may have been applied". The desk log says more.',
    content: errorContent(),
  },
  RemoteFailed: {
    description:
      "Proxy mode: `remote_unreachable` (DNS, refused, reset, TLS, no route) or `remote_bad_response` (not HTTP, or over 64 MiB): the remote gave no answer, and the desk's copy had none for this read.",
    content: errorContent(),
  },
  RemoteUnavailable: {
    description:
      "Proxy mode: `not_in_copy`: the remote did not answer and the desk's copy cannot answer truly (outside its window, a day not fetched yet); or a write the outbox cannot take now (a filmer create, a full outbox). The `error` names the remote's failure first. On a paired desk, `main_desk_unreachable`: this needs the main desk, which is not answering.",
    headers: { 'Retry-After': ref('headers', 'RetryAfter') },
    content: errorContent(),
  },
  RemoteTimeout: {
    description: 'Proxy mode: `remote_timeout`: no connection, or no complete answer, within the timeout.',
    content: errorContent(),
  },
};

/** Which common answer each status stands for, when the route's table does not give that status a schema. */
export const COMMON_RESPONSE_OF_STATUS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  413: 'ContentTooLarge',
  415: 'UnsupportedMediaType',
  417: 'ExpectationFailed',
  422: 'RequestRefused',
  429: 'TooManyRequests',
  500: 'InternalError',
  502: 'RemoteFailed',
  503: 'RemoteUnavailable',
  504: 'RemoteTimeout',
};

export const commonResponseRef = (status: number) => {
  const name = COMMON_RESPONSE_OF_STATUS[status];
  if (!name) throw new Error(`no common answer for HTTP ${status}`);
  return ref('responses', name);
};

export const headerRef = (name: keyof typeof HEADERS) => ref('headers', name);

export const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A booking system's API token for the Sync API: made in the desk under Settings → Booking systems (or `npm run token -- create`), shown once, stored only as a hash. Each token belongs to one dropzone and every answer is that dropzone's.",
  },
  deskSession: {
    type: 'http',
    scheme: 'bearer',
    description:
      "The desk's session token: a fresh one per launch, held in memory only, in the start URL the desk prints (`/?token=…`). It opens the desk's own API and the Sync API.",
  },
  adminUnlock: {
    type: 'apiKey',
    in: 'header',
    name: ADMIN_HEADER,
    description:
      'An administrator unlock (`POST /api/desk/admin/unlock` answers it), beside the session token, for the administrator routes; it ends after some minutes without an administrator action.',
  },
};
