import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { Agent } from 'undici';
import { apiBaseOf } from './settings';
import { credentialHeader, redactedCredentialHeader, type RemoteCredentials } from './credentials';
import { classifyFailure, ResponseTooLargeError, type RemoteFailure } from './transport-errors';

/** Where and how to reach the remote Sync API server. */
export interface RemoteTarget {
  remoteUrl: string;
  credentials: RemoteCredentials | null;
  requestTimeoutMs: number;
  connectTimeoutMs: number;
  /** The one certificate to trust (SHA-256), for a paired desk's main desk: its own self-signed certificate. */
  pinnedFingerprint?: string | null;
}

export interface RemoteRequest {
  method: string;
  /** Relative to the remote's API base ({remote_url}/api/f1/sync): '' or starting with '/' or '?'. */
  path: string;
  /** Headers to send besides the credentials (lower-case names). */
  headers: Record<string, string>;
  body?: Buffer;
  /** `path` is from the server's root, not the Sync API's base (a paired desk's call to its main desk's desk API). */
  fromRoot?: boolean;
}

export type RemoteResult =
  | {
      ok: true;
      url: string;
      statusCode: number;
      headers: Record<string, string | string[]>;
      body: Buffer;
      sentHeaders: Record<string, string>;
    }
  | { ok: false; url: string; failure: RemoteFailure; sentHeaders: Record<string, string> };
// `sentHeaders`: what went to the remote, with the credential redacted (for the log and "Copy as cURL").

/** The largest answer the desk buffers and passes on (a 10,000-element batch answer is ~2 MB). */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * RFC 6761 6.4: `.invalid` names never resolve, and resolvers should say so at once without
 * asking a DNS server. (Tests use such names to provoke a DNS failure with no network traffic.)
 */
function lookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  if (/\.invalid\.?$/i.test(hostname) || hostname.toLowerCase() === 'invalid') {
    const error: NodeJS.ErrnoException & { hostname?: string } = new Error(
      `getaddrinfo ENOTFOUND ${hostname} (.invalid names never resolve: RFC 6761)`,
    );
    error.code = 'ENOTFOUND';
    error.syscall = 'getaddrinfo';
    error.hostname = hostname;
    process.nextTick(() => callback(error, ''));
    return;
  }
  dnsLookup(
    hostname,
    { ...options, all: options.all === true } as LookupOptions & { all: boolean },
    callback as (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family: number) => void,
  );
}

/**
 * One remote Sync API server over undici: a pooled keep-alive Agent with a connect timeout, and a
 * whole-request deadline (connect + send + answer + body) on every call, so a dead or silent
 * remote always ends in a RemoteFailure, never a hang. Answers are read whole (bounded), since
 * the contract check and the log need them; redirects are not followed but passed back.
 */
export class RemoteClient {
  /** Made at the first call: undici (~80 ms to load) is not loaded by a desk that never calls out. */
  private agentMade: Promise<Agent> | undefined;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly host: string;
  private readonly port: string;

  constructor(readonly target: RemoteTarget) {
    const base = new URL(apiBaseOf(target.remoteUrl));
    this.origin = base.origin;
    this.basePath = base.pathname;
    this.host = base.hostname;
    this.port = base.port || (base.protocol === 'https:' ? '443' : '80');
  }

  private agent(): Promise<Agent> {
    return (this.agentMade ??= this.makeAgent());
  }

  private async makeAgent(): Promise<Agent> {
    const [{ Agent }, { pinnedConnector }] = await Promise.all([import('undici'), import('./pinned-connector')]);
    const connectOptions = { timeout: this.target.connectTimeoutMs, lookup };
    return new Agent({
      connect: this.target.pinnedFingerprint
        ? pinnedConnector(this.target.pinnedFingerprint, connectOptions)
        : connectOptions,
      // Our own deadline below is the one that speaks; these are the backstop.
      headersTimeout: this.target.requestTimeoutMs + 1000,
      bodyTimeout: this.target.requestTimeoutMs + 1000,
      keepAliveTimeout: 4_000,
      connections: 16,
    });
  }

  urlFor(path: string, fromRoot = false): string {
    return `${this.origin}${fromRoot ? '' : this.basePath}${path}`;
  }

  /** The request's headers plus the remote credentials (or, `redacted`, a stand-in for them). */
  headersFor(request: RemoteRequest, redacted: boolean): Record<string, string> {
    const headers = { ...request.headers };
    const credential = redacted
      ? redactedCredentialHeader(this.target.credentials)
      : credentialHeader(this.target.credentials);
    if (credential) headers[credential[0]] = credential[1];
    return headers;
  }

  async send(request: RemoteRequest): Promise<RemoteResult> {
    const url = this.urlFor(request.path, request.fromRoot);
    const sentHeaders = this.headersFor(request, true);
    const deadline = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      deadline.abort();
    }, this.target.requestTimeoutMs);
    try {
      const response = await (
        await this.agent()
      ).request({
        origin: this.origin,
        path: `${request.fromRoot ? '' : this.basePath}${request.path}`,
        method: request.method as 'GET',
        headers: this.headersFor(request, false),
        body: request.body && request.body.length > 0 ? request.body : undefined,
        signal: deadline.signal,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_RESPONSE_BYTES) {
          response.body.destroy();
          throw new ResponseTooLargeError(MAX_RESPONSE_BYTES);
        }
        chunks.push(chunk as Buffer);
      }
      return {
        ok: true,
        url,
        statusCode: response.statusCode,
        headers: response.headers as Record<string, string | string[]>,
        body: Buffer.concat(chunks, size),
        sentHeaders,
      };
    } catch (error) {
      const failure = classifyFailure(error, {
        host: this.host,
        port: this.port,
        connectTimeoutMs: this.target.connectTimeoutMs,
        requestTimeoutMs: this.target.requestTimeoutMs,
        timedOut,
      });
      return { ok: false, url, failure, sentHeaders };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A GET from the server's root whose answer is read as it comes (a change stream), ended by
   * `signal`. Only the connect timeout bounds it: a stream that stays open is its point.
   */
  async stream(path: string, signal: AbortSignal) {
    return (await this.agent()).request({
      origin: this.origin,
      path,
      method: 'GET',
      headers: this.headersFor({ method: 'GET', path, headers: { accept: 'text/event-stream' } }, false),
      signal,
      bodyTimeout: 0,
    });
  }

  /** Lets calls in flight finish (each is bounded by its deadline), then closes the pool. */
  async close(): Promise<void> {
    if (this.agentMade) await (await this.agentMade).close().catch(() => undefined);
  }

  /** Ends every connection now: calls in flight fail. */
  async destroy(): Promise<void> {
    if (this.agentMade) await (await this.agentMade).destroy().catch(() => undefined);
  }
}
