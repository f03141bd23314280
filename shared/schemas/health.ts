import { z } from 'zod';

/**
 * Health: the remote's, as the desk last found it (proxy mode), and the desk's own answer that it
 * is here (GET /api/desk/health).
 */

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
  /** Since when the state has been what it is (ISO 8601): "offline since 14:02". Null before the first check. */
  since: z.string().nullable(),
  /** When the background check runs next (null in local mode). */
  next_check_at: z.string().nullable(),
  /** The remote's products `version`, from the last successful check. */
  catalogue_version: z.string().nullable(),
});
export type ConnectionHealth = z.infer<typeof connectionHealth>;

/** GET /api/desk/health: no token, no data; tells a client that a Dropzone Desk answers here. */
export const deskHealth = z.object({
  status: z.literal('ok'),
  service: z.literal('dropzone-desk'),
  api: z.literal('f1'),
  version: z.string(),
});
export type DeskHealth = z.infer<typeof deskHealth>;
