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
      body: body === undefined ? undefined : JSON.stringify(body),
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
 * A call that must outlive the page (sent as it unloads): `keepalive` lets the browser finish it
 * after the page is gone. No answer is read; it is best effort by nature.
 */
export function apiSendOnUnload(method: string, path: string): void {
  void fetch(`${apiBase()}${path}`, { method, keepalive: true, headers: authHeader() }).catch(() => undefined);
}
