import type { AddressInfo } from 'node:net';
import { prepareStore } from './bootstrap';
import { DeskConnection } from './proxy/connection';
import type { HealthTiming } from './proxy/health';
import { FileSecretStore, type SecretStore } from './proxy/secret-store';
import type { RunOverrides } from './proxy/settings';
import { buildApp } from './server/app';
import { newToken } from './server/tokens';
import { openStore, storePath } from './store/open';
import type { DropzoneRecord } from './store/records';
import { Store } from './store/store';

export interface DeskOptions {
  dataDir: string;
  host?: string;
  port?: number;
  seedFile?: string;
  dropzoneKey?: string;
  now?: () => Date;
  logErrors?: boolean;
  /** Connection settings for this run only (`--mode`, `--remote-url`, DESK_REMOTE_TOKEN), over the stored ones. */
  connectionOverrides?: RunOverrides;
  /** Where the remote credentials are kept (default: a 0600 file in the data dir; Electron: safeStorage). */
  secrets?: SecretStore;
  /** The proxy's background health check timing (tests shorten it). */
  healthTiming?: HealthTiming;
  /** The session token for the desk UI (default: a new one). The Electron shell keeps one per launch, across server restarts. */
  sessionToken?: string;
  /** better-sqlite3's addon to load (the Electron shell's Electron-ABI build); see openStore. */
  nativeBinding?: string;
  /** The built desk UI to serve (default: dist/renderer of this checkout, or DESK_UI_DIR). */
  uiDir?: string;
}

export interface RunningDesk {
  /** Base URL, e.g. http://127.0.0.1:43123 */
  url: string;
  port: number;
  /** This launch's session token for the desk UI; held in memory only. */
  sessionToken: string;
  dropzone: DropzoneRecord;
  storeFile: string;
  /** Local store or remote server, switchable while running. */
  connection: DeskConnection;
  /** Things to tell whoever started the desk (never secrets), e.g. a secret file's permissions were tightened. */
  notices: string[];
  /** Stops accepting, lets in-flight requests finish, then closes the remote connection and the store. */
  close(): Promise<void>;
}

/** Opens the store and serves the desk: used by `npm run serve`, the Electron shell and the tests. */
export async function startDesk(options: DeskOptions): Promise<RunningDesk> {
  const now = options.now ?? (() => new Date());
  const storeFile = storePath(options.dataDir);
  const store = new Store(openStore(storeFile, { nativeBinding: options.nativeBinding }));
  let connection: DeskConnection | undefined;
  try {
    const dropzone = prepareStore(store, { seedFile: options.seedFile, dropzoneKey: options.dropzoneKey, now: now() });
    const secrets = options.secrets ?? FileSecretStore.inDataDir(options.dataDir);
    const notices = secrets instanceof FileSecretStore && secrets.notice ? [secrets.notice] : [];
    connection = new DeskConnection({ store, secrets, overrides: options.connectionOverrides, healthTiming: options.healthTiming });
    notices.push(...connection.notices);
    const { app, auth, stop } = buildApp({ store, connection, deskDropzone: dropzone, now, logErrors: options.logErrors, uiDir: options.uiDir });
    const sessionToken = options.sessionToken ?? newToken();
    auth.addSessionToken(sessionToken, dropzone.id);
    await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
    const address = app.server.address() as AddressInfo;
    const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const open = connection;
    let closing: Promise<void> | undefined;
    return {
      url: `http://${hostForUrl}:${address.port}`,
      port: address.port,
      sessionToken,
      dropzone,
      storeFile,
      connection: open,
      notices,
      close: () => (closing ??= stop().then(() => open.close()).finally(() => store.close())),
    };
  } catch (error) {
    await connection?.close();
    store.close();
    throw error;
  }
}
