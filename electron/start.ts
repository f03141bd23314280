import type { AddressInfo } from 'node:net';
import { prepareStore } from './bootstrap';
import { buildApp } from './server/app';
import { newToken } from './server/tokens';
import { storePath } from './store/open';
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
}

export interface RunningDesk {
  /** Base URL, e.g. http://127.0.0.1:43123 */
  url: string;
  port: number;
  /** This launch's session token for the desk UI; held in memory only. */
  sessionToken: string;
  dropzone: DropzoneRecord;
  storeFile: string;
  /** Stops accepting, lets in-flight requests finish, then closes the store. */
  close(): Promise<void>;
}

/** Opens the store and serves the desk: used by `npm run serve`, the Electron shell and the tests. */
export async function startDesk(options: DeskOptions): Promise<RunningDesk> {
  const now = options.now ?? (() => new Date());
  const storeFile = storePath(options.dataDir);
  const store = Store.open(storeFile);
  try {
    const dropzone = prepareStore(store, { seedFile: options.seedFile, dropzoneKey: options.dropzoneKey, now: now() });
    const { app, auth, stop } = buildApp({ store, now, logErrors: options.logErrors });
    const sessionToken = newToken();
    auth.addSessionToken(sessionToken, dropzone.id);
    await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
    const address = app.server.address() as AddressInfo;
    const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    let closing: Promise<void> | undefined;
    return {
      url: `http://${hostForUrl}:${address.port}`,
      port: address.port,
      sessionToken,
      dropzone,
      storeFile,
      close: () => (closing ??= stop().then(() => store.close())),
    };
  } catch (error) {
    store.close();
    throw error;
  }
}
