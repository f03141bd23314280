import { z } from 'zod';
import { CONNECTION_MODES, connectionMode } from './connection';

/**
 * The desk's log of the calls it answered (/api/desk/log): who called, what came back, and how a
 * proxied answer deviated from the spec.
 */

/**
 * Who made a logged call: `desk` (a desk window's session), `token` (a booking system's API token,
 * named by its label), `paired` (a desk paired with this main desk, named by its name), `none` (no
 * credentials) or `invalid` (credentials that open nothing).
 */
export const LOG_CALLERS = ['desk', 'token', 'paired', 'none', 'invalid'] as const;
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
