import { z } from 'zod';

/**
 * Where the desk listens for booking systems (/api/desk/listen). docs/user-guide.md "Connect a booking
 * system" and docs/desk-api.md describe it; the server owns the rules, the Settings screen shows
 * them.
 */

/** Ports below 1024 need privileges a desk never has. */
export const FIXED_PORT_MIN = 1024;
export const FIXED_PORT_MAX = 65535;

/**
 * Why the desk listens where it does this run:
 * - `flag`: `npm run serve -- --port N` chose it for this run;
 * - `saved`: the port saved here, the same at every start;
 * - `default`: nothing saved: 4780 for `npm run serve`, a random port for the desktop app;
 * - `saved_port_busy`: the saved port was taken at start, so the desktop app took a random one.
 */
export const LISTEN_SOURCES = ['flag', 'saved', 'default', 'saved_port_busy'] as const;
export type ListenSource = (typeof LISTEN_SOURCES)[number];

const fixedPort = z
  .number({ error: 'must be a whole number or null' })
  .int({ error: 'must be a whole number or null' })
  .min(FIXED_PORT_MIN, { error: `must be from ${FIXED_PORT_MIN} to ${FIXED_PORT_MAX}` })
  .max(FIXED_PORT_MAX, { error: `must be from ${FIXED_PORT_MIN} to ${FIXED_PORT_MAX}` });

/** PUT /api/desk/listen: save a port for every start from the next one on, or null for none. */
export const listenUpdate = z.strictObject({ fixed_port: fixedPort.nullable() }, { error: 'must be an object' });
export type ListenUpdate = z.infer<typeof listenUpdate>;

/** GET and PUT /api/desk/listen */
export const listenView = z.object({
  /** The port this run listens on. */
  port: z.number().int(),
  source: z.enum(LISTEN_SOURCES),
  /** The saved port (applies from the next start), or null. */
  fixed_port: z.number().int().nullable(),
  /** Where this kind of desk listens when nothing is saved: 4780 (`npm run serve`), null for a random port (desktop app). */
  default_port: z.number().int().nullable(),
  /** The Sync API's address this run: `http://<bound address>:<port>/api/f1/sync`. */
  sync_api_url: z.string(),
});
export type ListenView = z.infer<typeof listenView>;
