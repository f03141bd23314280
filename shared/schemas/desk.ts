import { z } from 'zod';
import { CONNECTION_LIMITS } from '../limits';
import { checkRemoteUrl } from '../remote-url';
import { wellFormedString } from './text';

/**
 * The desk's own API for proxy mode (/api/desk/connection, /api/desk/log, /api/desk/session):
 * request bodies strict, responses as the server sends them. README "Proxy mode" and
 * docs/architecture.md describe the endpoints.
 */

export const CONNECTION_MODES = ['local', 'proxy'] as const;
export type ConnectionMode = (typeof CONNECTION_MODES)[number];
const connectionMode = z.enum(CONNECTION_MODES, { error: 'must be "local" or "proxy"' });

// ---- requests -------------------------------------------------------------------------------

/** RFC 9110 field-name token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the desk sets itself or that belong to one connection, so credentials cannot use them. */
export const RESERVED_HEADER_NAMES = [
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
  'proxy-connection',
  'accept',
  'accept-encoding',
] as const;

export const remoteUrlInput = wellFormedString()
  .max(2048, { error: 'must be at most 2048 characters' })
  .transform((value, ctx) => {
    const checked = checkRemoteUrl(value);
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', message: checked.error });
      return z.NEVER;
    }
    return checked.url;
  });

/** What a user enters: a bearer token, or a header name and value, or none at all. */
export const credentialsInput = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('none') }),
    z.strictObject({
      kind: z.literal('bearer'),
      token: wellFormedString().regex(/^[\x21-\x7e]{1,4096}$/, {
        error: 'must be 1 to 4096 visible ASCII characters without spaces',
      }),
    }),
    z.strictObject({
      kind: z.literal('header'),
      name: wellFormedString()
        .regex(HEADER_NAME, { error: 'must be an HTTP header name (letters, digits and -)' })
        .max(256, { error: 'must be at most 256 characters' })
        .refine((n) => !(RESERVED_HEADER_NAMES as readonly string[]).includes(n.toLowerCase()), {
          error: 'is a header the desk sets itself; choose another',
        }),
      value: wellFormedString().regex(/^[\x21-\x7e\x80-\xff](?:[\t\x20-\x7e\x80-\xff]{0,8190}[\x21-\x7e\x80-\xff])?$/, {
        error: 'must be 1 to 8192 characters without line breaks or leading/trailing spaces',
      }),
    }),
  ],
  { error: 'must be {"kind":"none"}, {"kind":"bearer","token":…} or {"kind":"header","name":…,"value":…}' },
);
export type CredentialsInput = z.infer<typeof credentialsInput>;

const timeout = (min: number, max: number) =>
  z
    .number({ error: 'must be a whole number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(min, { error: `must be at least ${min} ms` })
    .max(max, { error: `must be at most ${max} ms` });
const requestTimeout = timeout(CONNECTION_LIMITS.requestTimeoutMsMin, CONNECTION_LIMITS.requestTimeoutMsMax);
const connectTimeout = timeout(CONNECTION_LIMITS.connectTimeoutMsMin, CONNECTION_LIMITS.connectTimeoutMsMax);

/**
 * PUT /api/desk/connection. Every field is optional: what is left out keeps its value.
 * `remote_url: null` forgets the URL (only in local mode); `credentials: {"kind":"none"}` forgets them.
 */
export const connectionUpdate = z.strictObject(
  {
    mode: connectionMode.optional(),
    remote_url: remoteUrlInput.nullable().optional(),
    credentials: credentialsInput.optional(),
    request_timeout_ms: requestTimeout.optional(),
    connect_timeout_ms: connectTimeout.optional(),
  },
  { error: 'must be an object' },
);
export type ConnectionUpdate = z.infer<typeof connectionUpdate>;

/**
 * POST /api/desk/connection/test. An empty body (or none) tests the connection in force; any
 * field given replaces the one in force for this test only (a form can test before saving).
 */
export const connectionTestInput = z.strictObject(
  {
    remote_url: remoteUrlInput.optional(),
    credentials: credentialsInput.optional(),
    request_timeout_ms: requestTimeout.optional(),
    connect_timeout_ms: connectTimeout.optional(),
  },
  { error: 'must be an object' },
);
export type ConnectionTestInput = z.infer<typeof connectionTestInput>;

/**
 * Who made a logged call: `desk` (a desk window's session), `token` (a booking system's API token,
 * named by its label), `none` (no credentials) or `invalid` (credentials that open nothing).
 */
export const LOG_CALLERS = ['desk', 'token', 'none', 'invalid'] as const;
export type LogCaller = (typeof LOG_CALLERS)[number];

/** GET /api/desk/log query parameters (all optional; unknown ones are a 422). */
export const logQuery = z.strictObject({
  /** HTTP method, any case. */
  method: z
    .string()
    .regex(/^[A-Za-z]{1,16}$/, { error: 'must be an HTTP method such as GET' })
    .optional(),
  /** Case-insensitive substring of the path (query string included). */
  path: z.string().max(2048).optional(),
  /** An HTTP code (`422`), a class (`4xx`), or an outcome `status` (`unprocessable_content`). */
  status: z
    .string()
    .regex(/^(?:[1-5]\d\d|[1-5]xx|[a-z_]{1,64})$/, {
      error: 'must be an HTTP code (422), a class (4xx) or a status name (not_found)',
    })
    .optional(),
  mode: connectionMode.optional(),
  /** `true` (or `1`): only calls whose response deviated from the spec. */
  deviations: z.enum(['true', '1', 'false', '0'], { error: 'must be true or false' }).optional(),
  /** Only calls of this caller (see LOG_CALLERS). */
  caller: z.enum(LOG_CALLERS, { error: `must be one of ${LOG_CALLERS.join(', ')}` }).optional(),
  /** `true` (or `1`): leave out the desk's own calls (its screens), keep a booking system's. */
  exclude_desk: z.enum(['true', '1', 'false', '0'], { error: 'must be true or false' }).optional(),
  /** Entries per page, newest first: 1 to 500, default 100. */
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: 'must be a number from 1 to 500' })
    .refine((s) => Number(s) >= 1 && Number(s) <= 500, { error: 'must be a number from 1 to 500' })
    .optional(),
  /** The `next_cursor` of the previous page: entries older than it. */
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'must be a log entry id' })
    .optional(),
  /** Only entries newer than this id (to poll for new calls). */
  after: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'must be a log entry id' })
    .optional(),
});
export type LogQuery = z.infer<typeof logQuery>;

// ---- responses ------------------------------------------------------------------------------

export const HEALTH_STATES = ['online', 'offline', 'error', 'unknown'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

/** What a connection test (or a health check) found; `ok` or the one thing that went wrong. */
export const PROBE_RESULTS = [
  'ok',
  'dns', // the host name does not resolve
  'refused', // nothing listens on that port
  'reset', // the connection was cut
  'unreachable', // no route to the host, or another network failure
  'tls', // the TLS handshake failed (certificate, protocol)
  'timeout', // no connection, or no complete answer, within the timeout
  'credentials_rejected', // HTTP 401 or 403
  'not_sync_api', // an answer, but not the Sync API's (404, not JSON, not the products list shape)
  'http_error', // the Sync API answered with another error (5xx, 429…)
] as const;
export type ProbeResultKind = (typeof PROBE_RESULTS)[number];

export const connectionHealth = z.object({
  state: z.enum(HEALTH_STATES),
  /** What went wrong, in words (null when online or not checked). */
  cause: z.string().nullable(),
  /** The same as a code, for icons and tests (null when not checked). */
  result: z.enum(PROBE_RESULTS).nullable(),
  /** When the remote was last checked or last answered a call (ISO 8601), null if never. */
  checked_at: z.string().nullable(),
  /** When the background check runs next (null in local mode). */
  next_check_at: z.string().nullable(),
  /** The remote's products `version`, from the last successful check. */
  catalogue_version: z.string().nullable(),
});
export type ConnectionHealth = z.infer<typeof connectionHealth>;

/** Credentials as every response shows them: never the secret. */
export const credentialsView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none'), set: z.literal(false) }),
  z.object({ kind: z.literal('bearer'), set: z.literal(true) }),
  z.object({ kind: z.literal('header'), name: z.string(), set: z.literal(true) }),
]);
export type CredentialsView = z.infer<typeof credentialsView>;

export const OVERRIDABLE_SETTINGS = ['mode', 'remote_url', 'credentials'] as const;

/** GET and PUT /api/desk/connection. */
export const connectionView = z.object({
  mode: z.enum(CONNECTION_MODES),
  remote_url: z.string().nullable(),
  /** `remote_url` + /api/f1/sync: where calls go in proxy mode. */
  api_base: z.string().nullable(),
  credentials: credentialsView,
  request_timeout_ms: z.number().int(),
  connect_timeout_ms: z.number().int(),
  /** Settings a command-line flag (or DESK_REMOTE_TOKEN) set for this run, over the stored ones. */
  overridden: z.array(z.enum(OVERRIDABLE_SETTINGS)),
  /** Where the credentials are kept, in words (e.g. "file readable only by you: …/remote-credentials.json"). */
  secret_store: z.string(),
  updated_at: z.string().nullable(),
  health: connectionHealth,
});
export type ConnectionView = z.infer<typeof connectionView>;

/** POST /api/desk/connection/test. Always 200 when the test ran; `ok` says how it went. */
export const connectionTestResult = z.object({
  ok: z.boolean(),
  result: z.enum(PROBE_RESULTS),
  /** One sentence: what went wrong and what to check, or what answered. */
  message: z.string(),
  remote_url: z.string(),
  /** The URL the test called: {remote_url}/api/f1/sync/products. */
  tested_url: z.string(),
  http_status: z.number().int().nullable(),
  duration_ms: z.number(),
  catalogue_version: z.string().nullable(),
  product_count: z.number().int().nullable(),
});
export type ConnectionTestResult = z.infer<typeof connectionTestResult>;

/** One way a proxied response differs from the spec's shapes (the response still went through). */
export const contractDeviation = z.object({
  /** Where: a path into the body such as `bookings[0].jump_on`, `(body)` or `(http status)`. */
  field: z.string(),
  /** What the spec expects there, and what came instead. */
  expected: z.string(),
});
export type ContractDeviation = z.infer<typeof contractDeviation>;

export const logEntrySummary = z.object({
  id: z.number().int(),
  /** When the call came in (ISO 8601). */
  time: z.string(),
  method: z.string(),
  /** The path as called, query string included, secret-looking parameters redacted. */
  path: z.string(),
  /** The mode in force when the call came in. */
  mode: z.enum(CONNECTION_MODES),
  /** Who called: the desk's own screens, a booking system's token, or no valid credentials. */
  caller: z.enum(LOG_CALLERS),
  /** For `token`: the token's label (never the token). Null otherwise. */
  caller_label: z.string().nullable(),
  /** True when the call was sent to the remote. */
  forwarded: z.boolean(),
  http_status: z.number().int(),
  /** The top-level `status` of the response body, when it has one. */
  status: z.string().nullable(),
  duration_ms: z.number(),
  request_bytes: z.number().int(),
  response_bytes: z.number().int(),
  /** Contract deviations found in the (proxied) response; 0 for local calls. */
  deviation_count: z.number().int(),
  /** Whether the proxied response was checked against the spec (false for local calls). */
  contract_checked: z.boolean(),
  /** Whether this call's headers and bodies are still kept (the last 100 calls). */
  details_kept: z.boolean(),
});
export type LogEntrySummary = z.infer<typeof logEntrySummary>;

/** GET /api/desk/log */
export const logPage = z.object({
  entries: z.array(logEntrySummary),
  /** Pass as `cursor` for the next (older) page; null when this is the last. */
  next_cursor: z.number().int().nullable(),
  /** Calls the log holds now that the asking desk may see: its dropzone's and those without a valid credential (5,000 of each at most). */
  kept: z.number().int(),
  /** The asking desk's dropzone's proxied responses that deviated from the spec since the desk started. */
  deviation_count: z.number().int(),
});
export type LogPage = z.infer<typeof logPage>;

export const loggedMessage = z.object({
  /** Header names lower-cased; credentials and secret-looking headers redacted. */
  headers: z.record(z.string(), z.string()),
  /** The body as text (JSON with secret-looking fields redacted), or null when there was none or it is not kept. */
  body: z.string().nullable(),
  /** Why `body` is null although there was one (e.g. too large to keep). */
  body_note: z.string().nullable(),
});

/** GET /api/desk/log/:id */
export const logEntryDetail = logEntrySummary.extend({
  /** Proxied calls: the remote URL the call went to. */
  upstream_url: z.string().nullable(),
  /** The cause when the remote could not be reached (502/504). */
  remote_error: z.string().nullable(),
  deviations: z.array(contractDeviation),
  /** null once the call is older than the last 100 (only the summary is kept then). */
  request: loggedMessage.nullable(),
  response: loggedMessage.nullable(),
  /** The call as a curl command line against the desk, the Authorization redacted. */
  curl: z.string(),
  /** Proxied calls: the call as it went to the remote, the remote credentials redacted. */
  curl_upstream: z.string().nullable(),
});
export type LogEntryDetail = z.infer<typeof logEntryDetail>;

/** GET /api/desk/session */
export const deskSession = z.object({
  dropzone: z.object({ key: z.string(), name: z.string(), timezone: z.string(), currency: z.string() }),
  mode: z.enum(CONNECTION_MODES),
  remote_url: z.string().nullable(),
  health: connectionHealth,
  /** This dropzone's proxied responses that deviated from the spec since the desk started. */
  contract_deviations: z.number().int(),
  version: z.string(),
  /**
   * Where this server listens for booking systems (`http://<bound address>:<port>/api/f1/sync`).
   * The desktop window's own origin is app://desk, which no booking system can reach.
   */
  sync_api_url: z.string(),
});
export type DeskSession = z.infer<typeof deskSession>;

/** GET /api/desk/health: no token, no data; tells a client that a Dropzone Desk answers here. */
export const deskHealth = z.object({
  status: z.literal('ok'),
  service: z.literal('dropzone-desk'),
  api: z.literal('f1'),
  version: z.string(),
});
export type DeskHealth = z.infer<typeof deskHealth>;
