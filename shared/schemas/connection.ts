import { z } from 'zod';
import { CONNECTION_LIMITS } from '../limits';
import { checkRemoteUrl } from '../remote-url';
import { connectionHealth, PROBE_RESULTS } from './health';
import { wellFormedString } from './text';

/**
 * The connection to a remote Sync API (/api/desk/connection): the mode, the remote's URL and
 * credentials, and what a connection test found. Request bodies strict, responses as the server
 * sends them. docs/user-guide.md "Proxy mode" and docs/architecture.md describe the endpoints.
 */

export const CONNECTION_MODES = ['local', 'proxy'] as const;
export type ConnectionMode = (typeof CONNECTION_MODES)[number];
export const connectionMode = z.enum(CONNECTION_MODES, { error: 'must be "local" or "proxy"' });

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

// ---- responses ------------------------------------------------------------------------------

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
