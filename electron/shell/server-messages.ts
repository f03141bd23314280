import type { RunOverrides } from '../proxy/settings';

/**
 * What the main process and the server process say to each other over the utility process's
 * MessagePort (under plain Node, in tests: the IPC channel of child_process.fork). Secrets cross
 * only this private channel: never argv (process lists) nor the environment.
 */
export interface StartServer {
  type: 'start';
  dataDir: string;
  /** This launch's session token for the page; the same across server restarts. */
  sessionToken: string;
  uiDir?: string;
  connectionOverrides?: RunOverrides;
  /** Present when main keeps the remote credentials (safeStorage): their current plaintext, or null. */
  secret?: { value: string | null; description: string };
}

export interface StopServer {
  type: 'stop';
}

export type ToServer = StartServer | StopServer;

export interface ServerReady {
  type: 'ready';
  url: string;
  dropzone: string;
  storeFile: string;
  notices: string[];
}

/** Starting failed for a reason a restart will not cure (a store from a newer version…). */
export interface ServerFailed {
  type: 'failed';
  error: string;
}

export interface ServerStopped {
  type: 'stopped';
}

/** The page saved new remote credentials: main encrypts and stores them (null removes them). */
export interface SecretWrite {
  type: 'secret-write';
  value: string | null;
}

/** The server asks to be started again (it joined a main desk at its first run: the next start is the paired desk's). */
export interface RestartServer {
  type: 'restart';
}

export type FromServer = ServerReady | ServerFailed | ServerStopped | SecretWrite | RestartServer;

export function isFromServer(message: unknown): message is FromServer {
  const type = (message as { type?: unknown } | null)?.type;
  return type === 'ready' || type === 'failed' || type === 'stopped' || type === 'secret-write' || type === 'restart';
}
