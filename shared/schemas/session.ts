import { z } from 'zod';
import { CONNECTION_MODES } from './connection';
import { connectionHealth } from './health';
import { outboxSummary } from './outbox';

/** What a desk window shows of the desk it talks to: the dropzone, the mode, the remote's health, the version. */

/** Proxy mode's copy of the remote (docs/offline.md): how old it is and what it holds; null in local mode. */
export const copyStatus = z.object({
  /** When today's bookings were last fetched whole from the remote: "data as of 14:01". Null: not yet. */
  as_of: z.string().nullable(),
  /** The jump days it holds (the spec's 14-day edit window back, as many ahead). */
  from: z.string(),
  to: z.string(),
  /** Since when the copy's refresh has failed (null: its last request was answered), and why. */
  failing_since: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type CopyStatus = z.infer<typeof copyStatus>;

/** A paired desk's main desk (docs/desks.md): which one, and whether it answers; null on any other desk. */
export const mainDeskStatus = z.object({
  name: z.string(),
  url: z.string(),
  state: z.enum(['connecting', 'answering', 'not_answering', 'removed']),
  /** Since when it is in that state (null while connecting). */
  since: z.string().nullable(),
  /** Why it does not answer, or what removal says (null otherwise). */
  detail: z.string().nullable(),
  /** Check-ins made at this desk while apart, waiting to be sent to the main desk. */
  marks_waiting: z.number().int(),
  /** What the main desk last said of itself: its own link to the remote (proxy mode), shown apart from this link. */
  main_mode: z.enum(CONNECTION_MODES).nullable(),
  main_remote_state: z.string().nullable(),
  main_outbox_waiting: z.number().int(),
});
export type MainDeskStatus = z.infer<typeof mainDeskStatus>;

/** GET /api/desk/session */
export const deskSession = z.object({
  dropzone: z.object({ key: z.string(), name: z.string(), timezone: z.string(), currency: z.string() }),
  /** The venue's mode: this desk's, or on a paired desk its main desk's once known (whose store the screens show). */
  mode: z.enum(CONNECTION_MODES),
  remote_url: z.string().nullable(),
  health: connectionHealth,
  copy: copyStatus.nullable(),
  /** Proxy mode's outbox: the writes waiting for the remote (null in local mode). */
  outbox: outboxSummary.nullable(),
  /** This dropzone's proxied responses that deviated from the spec since the desk started. */
  contract_deviations: z.number().int(),
  version: z.string(),
  /**
   * Where this server listens for booking systems (`http://<bound address>:<port>/api/f1/sync`).
   * The desktop window's own origin is app://desk, which no booking system can reach.
   */
  sync_api_url: z.string(),
  /** On a paired desk: its main desk and whether it answers (the venue's LAN, apart from the remote's health). */
  main_desk: mainDeskStatus.nullable(),
  /**
   * The desktop app's first run: "Start as the main desk, or join one?" is still to be answered
   * (POST /api/desk/first-run); the window asks before anything else. False everywhere else.
   */
  first_run: z.boolean(),
});
export type DeskSession = z.infer<typeof deskSession>;
