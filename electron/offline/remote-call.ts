import type { RemoteResult } from '../proxy/remote-client';

/** A call of the outbox's own to the remote in force (the replay's reads and sends, a lost create's look-up). */
export type RemoteCall = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => Promise<RemoteResult>;
