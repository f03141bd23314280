import type { FastifyInstance } from 'fastify';
import type { ListenSource } from '../../shared/schemas/listen';

/**
 * Which port the desk listens on. A booking system is set up once with the desk's address, so a
 * port saved in Settings (the store's listen_settings) is used at every start; a port given on
 * the command line (`npm run serve -- --port N`) wins for that run; with neither, the caller's
 * default: 4780 for `npm run serve`, a random port for the desktop app.
 */
export interface PortChoice {
  /** A port for this run only (a flag); undefined when none was given. */
  explicit: number | undefined;
  /** The saved port, or null. */
  saved: number | null;
  /** The port when nothing else says (0: a random free one). */
  whenUnset: number;
}

export interface PlannedPort {
  port: number;
  source: Exclude<ListenSource, 'saved_port_busy'>;
}

export function planPort({ explicit, saved, whenUnset }: PortChoice): PlannedPort {
  if (explicit !== undefined) return { port: explicit, source: 'flag' };
  if (saved !== null) return { port: saved, source: 'saved' };
  return { port: whenUnset, source: 'default' };
}

/**
 * Listens where the plan says. When the saved port is taken (another program, or a desk already
 * running) and `randomIfSavedBusy` is set (the desktop app: a window that opens beats one that
 * refuses to), a random port is taken instead and the source says so, so Settings can warn that
 * booking systems cannot reach the desk on its usual address. Otherwise the error stands.
 */
export async function listenAsPlanned(
  app: FastifyInstance,
  host: string,
  plan: PlannedPort,
  randomIfSavedBusy: boolean,
): Promise<ListenSource> {
  try {
    await app.listen({ host, port: plan.port });
    return plan.source;
  } catch (error) {
    if (!(randomIfSavedBusy && plan.source === 'saved' && (error as { code?: string }).code === 'EADDRINUSE'))
      throw error;
    await app.listen({ host, port: 0 });
    return 'saved_port_busy';
  }
}
