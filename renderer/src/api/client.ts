import type { ErrorBody } from '../../../shared/schemas/common';
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

export function hasApiToken(): boolean {
  return token !== null;
}

/** The bearer token, for every call to the desk server (the one place it is added). */
function authHeader(): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/**
 * JSON already serialised, piece by piece, by a caller with a body too large to stringify in one
 * go without freezing the page (an import's hand-over): sent as it is.
 */
export class SerialisedJson {
  constructor(readonly blob: Blob) {}
}

/**
 * One way to call the server: JSON in, JSON out, the bearer token added. Non-2xx answers become
 * ApiError, unless `acceptStatuses` lists them (outcomes such as 406 or 409 that a form shows).
 */
export async function apiRequest<T>(method: string, path: string, body?: unknown, acceptStatuses: number[] = []): Promise<{ status: number; body: T }> {
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${path}`, {
      method,
      headers: {
        ...authHeader(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : body instanceof SerialisedJson ? body.blob : JSON.stringify(body),
    });
  } catch (error) {
    throw new OfflineError(`the desk server does not answer (${(error as Error).message})`);
  }
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { status: 'bad_response', error: `the server answered with something that is not JSON (HTTP ${response.status})` };
    }
  }
  if (!response.ok && !acceptStatuses.includes(response.status)) {
    throw new ApiError(response.status, (parsed ?? { status: 'error', error: `HTTP ${response.status}` }) as ErrorBody);
  }
  return { status: response.status, body: parsed as T };
}

export async function apiGet<T>(path: string): Promise<T> {
  return (await apiRequest<T>('GET', path)).body;
}

export const SYNC = '/api/f1/sync';

/**
 * A streamed answer (Server-Sent Events), read with fetch so the bearer token goes in a header
 * like on every call (EventSource cannot send one, and a token in the URL would end up in logs).
 * Resolves once the server answered 2xx; the caller reads `body` until it ends or `signal` aborts.
 */
export async function apiStream(path: string, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  let response: Response;
  try {
    response = await fetch(`${apiBase()}${path}`, { headers: { ...authHeader(), accept: 'text/event-stream' }, signal, cache: 'no-store' });
  } catch (error) {
    throw new OfflineError(`the desk server does not answer (${(error as Error).message})`);
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    let parsed: ErrorBody = { status: 'error', error: `HTTP ${response.status}` };
    try {
      parsed = JSON.parse(text) as ErrorBody;
    } catch {
      // not JSON: the status says enough
    }
    throw new ApiError(response.status, parsed);
  }
  return response.body;
}
