import type { z } from 'zod';
import {
  isEventStream,
  isFileAnswer,
  isNoContent,
  pathOf,
  responseSchemaOf,
  type CallInput,
  type RouteSpec,
} from '../../../shared/api/route';
import { ADMIN_IDLE_MINUTES } from '../../../shared/schemas/admin';
import { AdminNotUnlocked, requestAdminUnlock } from './admin-gate';
import { adminHeaders, extendAdminUnlock, forgetAdminUnlock } from './admin-unlock';
import type { ClientAnswer, SuccessBody } from './client-answers';
import { ApiError, errorBodyOf, exchange, NOT_JSON, type Exchange } from './client';

/**
 * An answer that is not what the route table (shared/api/) says this status carries. Never a
 * person's mistake: the page and the server disagree (a page left open across an update, a bug),
 * or in proxy mode the remote answered off the spec.
 */
export class ContractError extends Error {
  override name = 'ContractError';

  constructor(
    readonly route: Pick<RouteSpec, 'method' | 'path'>,
    readonly httpStatus: number,
    readonly problems: string[],
  ) {
    super(
      `the answer to ${route.method} ${route.path} (HTTP ${httpStatus}) is not what this page expects: ${problems.join('; ')}. ${hintFor(route.path)}`,
    );
  }
}

function hintFor(path: string): string {
  return path.startsWith('/api/f1/sync')
    ? 'In proxy mode the remote server answered this: the Log shows how it differs from the Sync API.'
    : 'Reload the page (it may be older than the desk server); if it stays, report it.';
}

function problemsOf(error: z.ZodError): string[] {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(body)'} ${issue.message}`);
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A write the desk queued for the remote keeps its outbox id on the answer (proxy mode, offline). */
const queuedOf = (answer: Exchange) => (answer.queuedOp === undefined ? {} : { queuedOp: answer.queuedOp });

/** Reads an answer by the route's schema for its status; undeclared errors (401, 500…) become ApiError. */
export function readAnswer<R extends RouteSpec>(route: R, answer: Exchange): ClientAnswer<R> {
  const schema = responseSchemaOf(route, answer.status);
  if (schema === undefined) {
    if (answer.ok) throw new ContractError(route, answer.status, ['no such status is declared for this route']);
    throw new ApiError(answer.status, errorBodyOf(answer));
  }
  if (isNoContent(schema)) return { status: answer.status, body: undefined, ...queuedOf(answer) } as ClientAnswer<R>;
  if (isEventStream(schema)) throw new Error(`${route.method} ${route.path} is a stream: follow it with followEvents`);
  if (isFileAnswer(schema)) {
    if (answer.file) return { status: answer.status, body: answer.file } as ClientAnswer<R>;
    if (!answer.ok) throw new ApiError(answer.status, errorBodyOf(answer));
    throw new ContractError(route, answer.status, ['the answer is no file (no Content-Disposition: attachment)']);
  }
  const parsed = answer.json === NOT_JSON ? undefined : schema.safeParse(answer.json);
  if (!parsed?.success) {
    // A refusal in an unexpected shape is still a refusal: its status and words reach the page.
    if (!answer.ok) throw new ApiError(answer.status, errorBodyOf(answer));
    throw new ContractError(route, answer.status, parsed ? problemsOf(parsed.error) : ['the body is not JSON']);
  }
  return { status: answer.status, body: parsed.data, ...queuedOf(answer) } as ClientAnswer<R>;
}

type Args<R extends RouteSpec> = object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/**
 * Calls a route and returns every declared answer, refusals included, checked by its schema: for
 * outcomes a form shows (a 406 "too old", a 409). Undeclared errors are thrown as ApiError.
 */
export async function callForAnswer<R extends RouteSpec>(route: R, ...[input]: Args<R>): Promise<ClientAnswer<R>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const path = `${pathOf(route, params)}${queryString(query)}`;
  if (route.guard !== 'admin') return readAnswer(route, await exchange(route.method, path, body));
  // An administrator route: the window's unlock goes with it, asked for first when there is none,
  // and once more when the desk ended it meanwhile (idle too long, the passphrase changed, a restart).
  for (let attempt = 0; ; attempt++) {
    if (!(await requestAdminUnlock())) throw new AdminNotUnlocked();
    const answer = await exchange(route.method, path, body, adminHeaders());
    const endedByDesk = answer.status === 403 && (answer.json as { admin?: unknown } | null)?.admin !== undefined;
    if (!endedByDesk) {
      if (answer.ok) extendAdminUnlock(ADMIN_IDLE_MINUTES);
      return readAnswer(route, answer);
    }
    forgetAdminUnlock();
    if (attempt > 0) return readAnswer(route, answer);
  }
}

/** Calls a route and returns its success's body, checked by its schema; any other answer is thrown as ApiError. */
export async function call<R extends RouteSpec>(route: R, ...args: Args<R>): Promise<SuccessBody<R>> {
  const answer = await callForAnswer(route, ...args);
  if (answer.status >= 200 && answer.status < 300) return answer.body as SuccessBody<R>;
  throw new ApiError(answer.status, answer.body as ConstructorParameters<typeof ApiError>[1]);
}
