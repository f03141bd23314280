import { z } from 'zod';
import { CONNECTION_MODES } from './connection';
import { connectionHealth } from './health';

/** What a desk window shows of the desk it talks to: the dropzone, the mode, the remote's health, the version. */

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
