import { SYNC_API_PATH } from '../../shared/remote-url';
import type { ConnectionMode, ConnectionUpdate } from '../../shared/schemas/connection';
import { fromInput, type RemoteCredentials } from './credentials';

/** The connection as stored: the SQLite row plus the credentials from the SecretStore. */
export interface StoredConnection {
  mode: ConnectionMode;
  remoteUrl: string | null;
  credentials: RemoteCredentials | null;
  requestTimeoutMs: number;
  connectTimeoutMs: number;
  updatedAt: string | null;
}

/** What command-line flags (and DESK_REMOTE_TOKEN) set for one run, over the stored settings. */
export interface RunOverrides {
  mode?: ConnectionMode;
  remoteUrl?: string;
  credentials?: RemoteCredentials;
}

export type OverriddenSetting = 'mode' | 'remote_url' | 'credentials';

/** The connection in force: stored settings with this run's overrides on top. */
export interface EffectiveConnection extends StoredConnection {
  overridden: OverriddenSetting[];
}

export type SettingsProblem = { field: string; error: string };

export function effectiveConnection(stored: StoredConnection, overrides: RunOverrides): EffectiveConnection {
  const overridden: OverriddenSetting[] = [];
  if (overrides.mode !== undefined) overridden.push('mode');
  if (overrides.remoteUrl !== undefined) overridden.push('remote_url');
  if (overrides.credentials !== undefined) overridden.push('credentials');
  return {
    ...stored,
    mode: overrides.mode ?? stored.mode,
    remoteUrl: overrides.remoteUrl ?? stored.remoteUrl,
    credentials: overrides.credentials ?? stored.credentials,
    overridden,
  };
}

/** Proxy mode needs somewhere to proxy to. */
export function checkEffective(connection: EffectiveConnection): SettingsProblem | null {
  if (connection.mode === 'proxy' && connection.remoteUrl === null) {
    return {
      field: 'remote_url',
      error: "proxy mode needs a remote URL (the service's base URL, e.g. https://sync.example.com)",
    };
  }
  return null;
}

/**
 * A change from the desk API (PUT /api/desk/connection): the fields given replace the stored
 * ones and end this run's override of the same setting (the latest explicit choice wins);
 * fields left out keep their value. The stored settings must make sense on their own, since the
 * overrides end with the run.
 */
export function applyUpdate(
  stored: StoredConnection,
  overrides: RunOverrides,
  update: ConnectionUpdate,
  now: Date,
): { ok: true; stored: StoredConnection; overrides: RunOverrides } | { ok: false; problem: SettingsProblem } {
  const next: StoredConnection = {
    mode: update.mode ?? stored.mode,
    remoteUrl: update.remote_url === undefined ? stored.remoteUrl : update.remote_url,
    credentials: update.credentials === undefined ? stored.credentials : fromInput(update.credentials),
    requestTimeoutMs: update.request_timeout_ms ?? stored.requestTimeoutMs,
    connectTimeoutMs: update.connect_timeout_ms ?? stored.connectTimeoutMs,
    updatedAt: now.toISOString(),
  };
  const nextOverrides: RunOverrides = { ...overrides };
  if (update.mode !== undefined) delete nextOverrides.mode;
  if (update.remote_url !== undefined) delete nextOverrides.remoteUrl;
  if (update.credentials !== undefined) delete nextOverrides.credentials;

  if (next.mode === 'proxy' && next.remoteUrl === null) {
    const onlyForThisRun = overrides.remoteUrl !== undefined && update.remote_url === undefined;
    return {
      ok: false,
      problem: {
        field: 'remote_url',
        error: onlyForThisRun
          ? 'proxy mode needs a remote URL to store: the one given by --remote-url is for this run only; send remote_url too'
          : "proxy mode needs a remote URL (the service's base URL, e.g. https://sync.example.com)",
      },
    };
  }
  const problem = checkEffective(effectiveConnection(next, nextOverrides));
  if (problem) return { ok: false, problem };
  return { ok: true, stored: next, overrides: nextOverrides };
}

/** Where the Sync API sits at the remote: {remote_url}/api/f1/sync. */
export function apiBaseOf(remoteUrl: string): string {
  return `${remoteUrl}${SYNC_API_PATH}`;
}
