import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_LAN_PORT, type DesksView } from '../../shared/schemas/desks';
import type { LanSettingsRow } from '../store/repos/lan';
import type { Store } from '../store/store';
import { lanIdentity } from './lan-identity';
import { LanListener, type LanEndpoint } from './lan-listener';
import { mainDeskName } from './main-desk-pairing';

/** What `--lan`, `--lan-port` and `--lan-address` say for this run, over the saved settings. */
export interface LanRunOverrides {
  enabled?: boolean;
  port?: number;
  address?: string;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The main desk on the venue's network: whether it listens there (saved in Settings → Desks, or
 * `--lan` for a run), where, and with which certificate. Turning it on in Settings starts the
 * listener at once; turning it off ends it and every LAN connection.
 */
export class MainDeskLan {
  private listener: LanListener | null = null;
  private problem: string | null = null;
  private overrides: LanRunOverrides;

  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
    overrides: LanRunOverrides = {},
  ) {
    this.overrides = overrides;
  }

  /** The app's request handler (the same Fastify app as loopback's), once it is built. */
  attach(handler: Handler): void {
    this.listener = new LanListener(handler);
  }

  private effective(): { enabled: boolean; port: number; address: string | null } {
    const saved = this.store.lan.settings();
    return {
      enabled: this.overrides.enabled ?? saved.enabled,
      port: this.overrides.port ?? saved.port ?? DEFAULT_LAN_PORT,
      address: this.overrides.address ?? saved.address,
    };
  }

  /**
   * Starts listening when this run or the saved settings say so. A failure asked for by a flag
   * throws (the start ends with one line); one from the saved settings is kept as `problem`.
   */
  async startAsPlanned(): Promise<void> {
    const plan = this.effective();
    if (!plan.enabled || !this.listener) return;
    try {
      await this.listener.start(await lanIdentity(this.store, this.now()), plan);
      this.problem = null;
    } catch (error) {
      this.problem = listenProblem(error, plan.port, plan.address);
      if (this.overrides.enabled) throw new Error(this.problem, { cause: error });
    }
  }

  /** Saves the settings and applies them now (the run's flags give way to what was saved). */
  async save(settings: LanSettingsRow): Promise<void> {
    this.store.lan.saveSettings(settings, this.now().toISOString());
    this.overrides = {};
    await this.listener?.stop();
    this.problem = null;
    await this.startAsPlanned();
  }

  endpoints(): LanEndpoint[] {
    return this.listener?.endpoints() ?? [];
  }

  get port(): number | null {
    return this.listener?.port ?? null;
  }

  view(): DesksView['lan'] {
    const saved = this.store.lan.settings();
    return {
      enabled: saved.enabled,
      port: saved.port,
      address: saved.address,
      default_port: DEFAULT_LAN_PORT,
      listening: this.listener?.listening ?? false,
      addresses: this.endpoints(),
      fingerprint: this.store.lan.identity()?.fingerprint ?? null,
      problem: this.problem,
    };
  }

  mainName(): string {
    return mainDeskName();
  }

  async close(): Promise<void> {
    await this.listener?.stop();
  }
}

function listenProblem(error: unknown, port: number, address: string | null): string {
  const code = (error as { code?: string }).code;
  const where = `${address ?? 'every interface'} port ${port}`;
  if (code === 'EADDRINUSE')
    return `the LAN port ${port} is in use (another desk or program): choose another with --lan-port N or in Settings → Desks`;
  if (code === 'EADDRNOTAVAIL')
    return `this computer has no address ${address ?? ''}: give one of its own with --lan-address, or leave it out for every interface`;
  if (code === 'EACCES') return `the desk may not listen on ${where}: choose a port from 1024 on`;
  return `the LAN listener could not start on ${where}: ${(error as Error).message}`;
}
