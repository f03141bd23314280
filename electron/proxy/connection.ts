import type {
  ConnectionTestInput,
  ConnectionTestResult,
  ConnectionUpdate,
  ConnectionView,
} from '../../shared/schemas/connection';
import type { Store } from '../store/store';
import {
  fromInput,
  parseCredentials,
  serializeCredentials,
  viewCredentials,
  type RemoteCredentials,
} from './credentials';
import { forward, type DeskCall, type Forwarded } from './forwarder';
import { DEFAULT_HEALTH_TIMING, HealthMonitor, type HealthTiming } from './health';
import { probeRemote } from './probe';
import { RemoteClient, type RemoteRequest, type RemoteResult, type RemoteTarget } from './remote-client';
import type { ServingMode } from '../../shared/api/backends';
import type { SecretStore } from '../common/secret-store';
import type { RemoteFailure } from './transport-errors';
import {
  apiBaseOf,
  applyUpdate,
  checkEffective,
  effectiveConnection,
  type EffectiveConnection,
  type RunOverrides,
  type SettingsProblem,
  type StoredConnection,
} from './settings';

const NOT_PAIRED: RemoteFailure = {
  kind: 'unreachable',
  status: 'remote_unreachable',
  cause: 'this desk is not paired with a main desk',
  error: 'main desk unreachable: this desk is not paired with a main desk',
};

const IN_LOCAL_MODE: RemoteFailure = {
  kind: 'unreachable',
  status: 'remote_unreachable',
  cause: 'the desk is in local mode',
  error: 'remote unreachable: the desk is in local mode',
};

export interface ConnectionOptions {
  store: Store;
  secrets: SecretStore;
  /** What flags and DESK_REMOTE_TOKEN set for this run. */
  overrides?: RunOverrides;
  healthTiming?: HealthTiming;
  /**
   * A paired desk's main desk (docs/desks.md): its upstream for this whole run, whatever the stored
   * settings say: proxy mode to the main desk's LAN address, with the desk's own credential, trusting
   * exactly the certificate the pairing pinned.
   */
  mainDesk?: MainDeskUpstream;
}

/** Where a paired desk's main desk is and how it is trusted: what its pairing stored. */
export interface MainDeskUpstream {
  /** https://<address>:<port> of the main desk's LAN listener. */
  url: string;
  /** The main desk certificate's SHA-256 fingerprint, pinned at pairing. */
  fingerprint: string;
  /** This desk's own credential at the main desk (a bearer token there). */
  credential: string;
}

export class ConnectionSettingsError extends Error {
  override name = 'ConnectionSettingsError';
}

function sameTarget(a: RemoteTarget, b: RemoteTarget): boolean {
  return (
    a.remoteUrl === b.remoteUrl &&
    a.requestTimeoutMs === b.requestTimeoutMs &&
    a.connectTimeoutMs === b.connectTimeoutMs &&
    a.pinnedFingerprint === b.pinnedFingerprint &&
    JSON.stringify(a.credentials) === JSON.stringify(b.credentials)
  );
}

/**
 * The desk's connection: local store or remote server. Holds the settings in force (stored ones
 * plus this run's overrides), persists changes (the row in SQLite, the credentials in the
 * SecretStore), and keeps one RemoteClient and the health checker running while in proxy mode.
 * A change applies to the next call: no restart.
 */
export class DeskConnection {
  /** Things to tell the user at start (e.g. the secret file's permissions were tightened). */
  readonly notices: string[] = [];
  private stored: StoredConnection;
  private overrides: RunOverrides;
  private current: EffectiveConnection;
  private client: RemoteClient | null = null;
  /** Clients replaced by a settings change; closed when their calls end. */
  private readonly retired = new Set<RemoteClient>();
  private readonly health: HealthMonitor;
  /** Told when the remote in force changes (another URL or credentials, or none): the copy follows it. */
  private readonly targetListeners = new Set<() => void>();

  constructor(private readonly options: ConnectionOptions) {
    this.stored = this.load();
    const main = options.mainDesk;
    this.overrides = main
      ? { mode: 'proxy', remoteUrl: main.url, credentials: { kind: 'bearer', token: main.credential } }
      : (options.overrides ?? {});
    this.current = effectiveConnection(this.stored, this.overrides);
    const problem = checkEffective(this.current);
    if (problem) throw new ConnectionSettingsError(`${problem.error}: give --remote-url URL, or --mode local`);
    this.health = new HealthMonitor(
      () => (this.client ? probeRemote(this.client) : Promise.reject(new Error('local mode'))),
      options.healthTiming ?? DEFAULT_HEALTH_TIMING,
    );
    this.apply();
  }

  get mode(): 'local' | 'proxy' {
    return this.current.mode;
  }

  /** How the desk serves this run: its mode, or 'paired' when its upstream is a main desk (shared/api/backends.ts). */
  get servingMode(): ServingMode {
    return this.options.mainDesk ? 'paired' : this.current.mode;
  }

  /** Whether this run's upstream is the venue's main desk (settings cannot point it elsewhere). */
  get pairedWithMainDesk(): boolean {
    return this.options.mainDesk !== undefined;
  }

  get remoteUrl(): string | null {
    return this.current.remoteUrl;
  }

  /** The credentials in force, for "Copy as cURL" (which shows them redacted). */
  get credentials(): RemoteCredentials | null {
    return this.current.credentials;
  }

  healthView() {
    return this.health.view();
  }

  view(): ConnectionView {
    const c = this.current;
    return {
      mode: c.mode,
      remote_url: c.remoteUrl,
      api_base: c.remoteUrl === null ? null : apiBaseOf(c.remoteUrl),
      credentials: viewCredentials(c.credentials),
      request_timeout_ms: c.requestTimeoutMs,
      connect_timeout_ms: c.connectTimeoutMs,
      overridden: c.overridden,
      secret_store: this.options.secrets.description,
      updated_at: c.updatedAt,
      health: this.health.view(),
    };
  }

  /** PUT /api/desk/connection: validates, stores, and applies at once. */
  update(
    update: ConnectionUpdate,
    now = new Date(),
  ): { ok: true; view: ConnectionView } | { ok: false; problem: SettingsProblem } {
    // A paired desk's upstream is its main desk for as long as it is paired: no setting points it elsewhere.
    if (this.options.mainDesk)
      return {
        ok: false,
        problem: {
          field: 'mode',
          error: `cannot be changed on a paired desk: its upstream is the main desk at ${this.options.mainDesk.url} (docs/desks.md says how to leave the pairing)`,
        },
      };
    const result = applyUpdate(this.stored, this.overrides, update, now);
    if (!result.ok) return result;
    const next = result.stored;
    if (update.credentials !== undefined)
      this.options.secrets.write(next.credentials ? serializeCredentials(next.credentials) : null);
    this.options.store.connection.save({
      mode: next.mode,
      remote_url: next.remoteUrl,
      request_timeout_ms: next.requestTimeoutMs,
      connect_timeout_ms: next.connectTimeoutMs,
      updated_at: next.updatedAt,
    });
    this.stored = next;
    this.overrides = result.overrides;
    this.current = effectiveConnection(this.stored, this.overrides);
    this.apply();
    return { ok: true, view: this.view() };
  }

  /** POST /api/desk/connection/test: the connection in force, or with the given fields in its place. */
  async test(
    input: ConnectionTestInput,
  ): Promise<{ ok: true; result: ConnectionTestResult } | { ok: false; problem: SettingsProblem }> {
    const remoteUrl = input.remote_url ?? this.current.remoteUrl;
    if (remoteUrl === null)
      return {
        ok: false,
        problem: { field: 'remote_url', error: 'no remote URL to test: give remote_url, or save one first' },
      };
    const target: RemoteTarget = {
      remoteUrl,
      credentials: input.credentials === undefined ? this.current.credentials : fromInput(input.credentials),
      requestTimeoutMs: input.request_timeout_ms ?? this.current.requestTimeoutMs,
      connectTimeoutMs: input.connect_timeout_ms ?? this.current.connectTimeoutMs,
    };
    const client = new RemoteClient(target);
    try {
      const report = await probeRemote(client);
      if (this.client && sameTarget(this.client.target, target)) this.health.observe(report.result, report.message);
      return {
        ok: true,
        result: {
          ok: report.ok,
          result: report.result,
          message: report.message,
          remote_url: remoteUrl,
          tested_url: report.testedUrl,
          http_status: report.httpStatus,
          duration_ms: report.durationMs,
          catalogue_version: report.catalogueVersion,
          product_count: report.productCount,
        },
      };
    } finally {
      await client.destroy();
    }
  }

  /** Sends one Sync API call to the remote (proxy mode). */
  async forward(call: DeskCall): Promise<Forwarded> {
    const client = this.client;
    if (!client) return { kind: 'refused', error: 'the desk is in local mode' };
    const forwarded = await forward(client, call);
    if (client === this.client) {
      if (forwarded.kind === 'failure') {
        const kind = forwarded.failure.kind === 'bad_response' ? 'not_sync_api' : forwarded.failure.kind;
        this.health.observe(kind, forwarded.failure.cause);
      } else if (forwarded.kind === 'answer') {
        const rejected = forwarded.statusCode === 401 || forwarded.statusCode === 403;
        this.health.observe(
          rejected ? 'credentials_rejected' : 'ok',
          rejected ? `the remote rejected the credentials (HTTP ${forwarded.statusCode})` : null,
        );
      }
    }
    return forwarded;
  }

  /** The remote in force (proxy mode), or null: which copy of a remote the desk keeps. */
  target(): RemoteTarget | null {
    return this.client?.target ?? null;
  }

  /** Told when the remote (or main desk) answers again after it did not: HealthMonitor.onAnsweringAgain. */
  onAnsweringAgain(listener: () => void): () => void {
    return this.health.onAnsweringAgain(listener);
  }

  onTargetChange(listener: () => void): () => void {
    this.targetListeners.add(listener);
    return () => this.targetListeners.delete(listener);
  }

  /**
   * A GET of the desk's own (the copy's refresh) to the remote in force. Its outcome is the
   * health's news too, so a refresh that fails turns the status bar offline as a call would.
   */
  async remoteGet(path: string): Promise<RemoteResult> {
    return this.remoteCall('GET', path);
  }

  /**
   * A call of the desk's own to the remote in force (the copy's refresh, the outbox's replay): a
   * JSON body if given. Its outcome is the health's news too, so a failure turns the status bar
   * offline as a caller's call would.
   */
  async remoteCall(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<RemoteResult> {
    const client = this.client;
    if (!client) return { ok: false, url: path, failure: IN_LOCAL_MODE, sentHeaders: {} };
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const result = await client.send({
      method,
      path,
      headers,
      ...(body === undefined ? {} : { body: Buffer.from(JSON.stringify(body)) }),
    });
    if (client === this.client) this.observe(result);
    return result;
  }

  /**
   * A paired desk's call to its main desk's own API (a path from the server's root, /api/desk/…),
   * over the same pinned connections as its Sync API calls. Its outcome is the health's news too.
   */
  async mainDeskCall(request: Omit<RemoteRequest, 'fromRoot'>): Promise<RemoteResult> {
    const client = this.client;
    if (!client || !this.options.mainDesk)
      return { ok: false, url: request.path, failure: NOT_PAIRED, sentHeaders: {} };
    const result = await client.send({ ...request, fromRoot: true });
    if (client === this.client) this.observe(result);
    return result;
  }

  /** A long-lived GET to the main desk (its change stream): the answer's body is read as it comes. */
  mainDeskStream(path: string, signal: AbortSignal) {
    const client = this.client;
    if (!client || !this.options.mainDesk) return null;
    return client.stream(path, signal);
  }

  private observe(result: RemoteResult): void {
    if (!result.ok)
      this.health.observe(
        result.failure.kind === 'bad_response' ? 'not_sync_api' : result.failure.kind,
        result.failure.cause,
      );
    else if (result.statusCode === 401 || result.statusCode === 403)
      this.health.observe('credentials_rejected', `the remote rejected the credentials (HTTP ${result.statusCode})`);
    else if (result.statusCode < 500) this.health.observe('ok', null);
  }

  /** Stops the health checker and closes every connection to the remote at once. */
  async close(): Promise<void> {
    this.health.stop();
    const client = this.client;
    this.client = null;
    await Promise.all([client?.destroy(), ...[...this.retired].map((old) => old.destroy())]);
  }

  private load(): StoredConnection {
    const row = this.options.store.connection.get();
    let credentials: RemoteCredentials | null = null;
    const secret = this.options.secrets.read();
    if (secret !== null) {
      try {
        credentials = parseCredentials(secret, this.options.secrets.description);
      } catch (error) {
        this.notices.push(`${(error as Error).message}; proxy mode goes on without credentials`);
      }
    }
    return {
      mode: row.mode,
      remoteUrl: row.remote_url,
      credentials,
      requestTimeoutMs: row.request_timeout_ms,
      connectTimeoutMs: row.connect_timeout_ms,
      updatedAt: row.updated_at,
    };
  }

  /** Brings the client and the health checker in line with the settings in force. */
  private apply(): void {
    const c = this.current;
    const target: RemoteTarget | null =
      c.mode === 'proxy' && c.remoteUrl !== null
        ? {
            remoteUrl: c.remoteUrl,
            credentials: c.credentials,
            requestTimeoutMs: c.requestTimeoutMs,
            connectTimeoutMs: c.connectTimeoutMs,
            pinnedFingerprint: this.options.mainDesk?.fingerprint ?? null,
          }
        : null;
    if (this.client && target && sameTarget(this.client.target, target)) return;
    const old = this.client;
    if (old) {
      this.retired.add(old);
      void old.close().finally(() => this.retired.delete(old));
    }
    this.client = target ? new RemoteClient(target) : null;
    if (this.client) this.health.start();
    else this.health.stop();
    for (const listener of this.targetListeners) listener();
  }
}
