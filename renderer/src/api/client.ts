import { firstQueuedWrite, QUEUED_HEADER } from '../../../shared/api/queued-header';
import type { ErrorBody } from '../../../shared/schemas/common';
import { fileNameOf } from './content-disposition';
import { apiBase } from './session-token';

/** A non-2xx answer from the desk server, with its JSON body (spec section 7 shape). */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly body: ErrorBody,
  ) {
    super(body.error ?? body.errors?.join('; ') ?? `HTTP ${httpStatus}`);
    this.name = 'ApiError';
  }

  /** Field → message, for forms: the server's `fields`, else nothing. */
  get fields(): Record<string, string> {
    return this.body.fields ?? {};
  }
}

/** The desk server could not be reached at all (stopped, crashed, network). */
export class OfflineError extends Error {
  override name = 'OfflineError';
}

let token: string | null = null;

export function setApiToken(value: string | null): void {
  token = value;
}

/** What became of one call: answered (with its status), or no answer at all. */
export type ExchangeOutcome =
  /** `staleToken`: the call went out with a token this page has since replaced (a sign-in meanwhile). */
  | { path: string; answered: true; status: number; staleToken: boolean }
  | { path: string; answered: false; cause: string };

const exchangeWatchers = new Set<(outcome: ExchangeOutcome) => void>();

/** Every call's outcome, as it happens: how the page learns that the desk server went away, came back, or stopped taking its token. */
export function watchExchanges(watcher: (outcome: ExchangeOutcome) => void): () => void {
  exchangeWatchers.add(watcher);
  return () => exchangeWatchers.delete(watcher);
}

function tell(outcome: ExchangeOutcome): void {
  for (const watcher of exchangeWatchers) watcher(outcome);
}

/**
 * Asks the desk whether `candidate` is a session token it takes (GET /api/desk/session), without
 * touching this page's own: for the sign-in panel.
 */
export async function checkSessionToken(candidate: string): Promise<'accepted' | 'rejected' | 'offline'> {
  // Twice before "offline": a desk just restarted can drop the first call on a connection it closed.
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(`${apiBase()}/api/desk/session`, {
        headers: { authorization: `Bearer ${candidate}` },
        cache: 'no-store',
      });
      return response.ok ? 'accepted' : 'rejected';
    } catch {
      if (attempt === 2) return 'offline';
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * A short tag of this page's token (FNV-1a), never the token: names the stream the tabs of one
 * session share (a Web Lock's name shows in the browser's developer tools).
 */
export function apiTokenTag(): string {
  let hash = 0x811c9dc5;
  for (const char of token ?? '') hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash.toString(36);
}

export function hasApiToken(): boolean {
  return token !== null;
}

/** The bearer token, for every call to the desk server (the one place it is added). */
function authHeader(): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/**
 * A request the page does not send through here (the API reference's "try it"): it goes with this
 * page's token unless the person gave one of their own (a booking system's, to try the Sync API as it).
 */
export function authorizeForeignRequest(headers: Record<string, string>): void {
  const given = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization' && headers[name]);
  if (!given && token) headers.Authorization = `Bearer ${token}`;
}

/** What came back: the HTTP status and the body read as JSON (null: no body; NOT_JSON: something else). */
export interface Exchange {
  status: number;
  ok: boolean;
  json: unknown;
  /** An attachment (a CSV export), byte for byte, named as the server's Content-Disposition says (else ''): set instead of `json`. */
  file?: File;
  /** Proxy mode: the outbox's id of a write the desk accepted while the remote could not take it. */
  queuedOp?: number;
}

/** A write's id ("12"), or a batch's first and last ("12-15"): the first. A read says "pending" (no write of its own). */
export function queuedOpOf(headers: Headers): { queuedOp?: number } {
  const queuedOp = firstQueuedWrite(headers.get(QUEUED_HEADER));
  return queuedOp === undefined ? {} : { queuedOp };
}

/** A body that is not JSON (an HTML error page of something in between, a cut-off answer). */
export const NOT_JSON = Symbol('not JSON');

/**
 * JSON already serialised, piece by piece, by a caller with a body too large to stringify in one
 * go without freezing the page (an import's hand-over): sent as it is.
 */
export class SerialisedJson {
  constructor(readonly blob: Blob) {}
}

/** The one place a call goes out: the bearer token added, JSON in, JSON out; no answer at all is an OfflineError. */
export async function exchange(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Exchange> {
  let response: Response;
  const sentToken = token;
  try {
    response = await fetch(`${apiBase()}${path}`, {
      method,
      headers: {
        ...authHeader(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof SerialisedJson ? body.blob : JSON.stringify(body),
    });
  } catch (error) {
    const cause = `the desk server does not answer (${(error as Error).message})`;
    tell({ path, answered: false, cause });
    throw new OfflineError(cause);
  }
  tell({ path, answered: true, status: response.status, staleToken: sentToken !== token });
  // A download: read as bytes, since text() would drop a UTF-8 BOM the spreadsheet needs.
  const disposition = response.headers.get('content-disposition');
  if (response.ok && disposition?.startsWith('attachment')) {
    const blob = await response.blob();
    return {
      status: response.status,
      ok: true,
      json: NOT_JSON,
      file: new File([blob], fileNameOf(disposition) ?? '', { type: blob.type }),
    };
  }
  const text = await response.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = NOT_JSON;
    }
  }
  return { status: response.status, ok: response.ok, json, ...queuedOpOf(response.headers) };
}

/** An error answer as the ApiError carries it: the server's body, or one that says what came instead. */
export function errorBodyOf({ status, json }: Exchange): ErrorBody {
  if (json === NOT_JSON)
    return { status: 'bad_response', error: `the server answered with something that is not JSON (HTTP ${status})` };
  return (json ?? { status: 'error', error: `HTTP ${status}` }) as ErrorBody;
}

/**
 * A streamed answer (Server-Sent Events), read with fetch so the bearer token goes in a header
 * like on every call (EventSource cannot send one, and a token in the URL would end up in logs).
 * Resolves once the server answered 2xx; the caller reads `body` until it ends or `signal` aborts.
 */
export async function apiStream(path: string, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${path}`, {
      headers: { ...authHeader(), accept: 'text/event-stream' },
      signal,
      cache: 'no-store',
    });
  } catch (error) {
    throw new OfflineError(`the desk server does not answer (${(error as Error).message})`);
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = NOT_JSON;
    }
    throw new ApiError(response.status, errorBodyOf({ status: response.status, ok: false, json }));
  }
  return response.body;
}
