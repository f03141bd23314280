import type { z } from 'zod';
import { SYNC_OUTCOMES } from '../../shared/outcomes';
import {
  specBatchResults,
  specBookingCreated,
  specBookingList,
  specBookingPartialUpdate,
  specBookingShow,
  specBookingUpdated,
  specFilmer,
  specFilmerCreated,
  specFilmerList,
  specFilmerUpdated,
  specHttpError,
  specOutcomeError,
  specProduct,
  specProductList,
  specUpgrade,
  specUpgradeList,
} from '../../shared/schemas/contract';
import type { ContractDeviation } from '../../shared/schemas/log';

/**
 * The proxy's contract check: does a remote's response have the shape the spec gives for that
 * route and status? Only the spec's requirements count (docs/spec-decisions.md, "Proxy mode"):
 * a missing required field, a wrong type, an unknown `status` value, a body that is not JSON, a
 * delete that is not 204, a conflict that is not 409. Unknown extra fields never count.
 */

export interface CheckedResponse {
  method: string;
  /** The path below /api/f1/sync, without the query string, e.g. `/bookings/BK-1`. */
  path: string;
  statusCode: number;
  contentType: string | undefined;
  body: Buffer;
}

export interface ContractResult {
  /** False when there is nothing the spec says about this response (an unknown endpoint's success, a redirect, HEAD). */
  checked: boolean;
  deviations: ContractDeviation[];
  /** Every deviation found (the list holds at most MAX_LISTED). */
  deviationCount: number;
  /** The body's top-level `status`, when it is a JSON object with one. */
  status: string | null;
}

const MAX_LISTED = 50;
const MAX_CHECKED_BYTES = 16 * 1024 * 1024;
const KNOWN_OUTCOMES = new Set<string>(SYNC_OUTCOMES);

type Resource = 'bookings' | 'filmers' | 'products' | 'upgrades';
type Action = 'list' | 'show' | 'upsert' | 'batch' | 'delete';
interface Route {
  resource: Resource;
  action: Action;
}

/** Which spec endpoint (4.1 to 4.4) a method and path name, if any. */
export function routeOf(method: string, path: string): Route | null {
  const segments = path.replace(/\/+$/, '').split('/').slice(1);
  const [resource, second, extra] = segments;
  if (resource !== 'bookings' && resource !== 'filmers' && resource !== 'products' && resource !== 'upgrades')
    return null;
  if (extra !== undefined || second === '') return null;
  const writable = resource === 'bookings' || resource === 'filmers';
  if (second === undefined) {
    if (method === 'GET') return { resource, action: 'list' };
    if (method === 'POST' && writable) return { resource, action: 'upsert' };
    return null;
  }
  if (second === 'batch' && method === 'POST' && writable) return { resource, action: 'batch' };
  if (method === 'GET') return { resource, action: 'show' };
  if (method === 'DELETE' && writable) return { resource, action: 'delete' };
  return null;
}

const SUCCESS_BODIES: Record<Resource, Partial<Record<'list' | 'show' | 'batch', z.ZodType>>> = {
  bookings: { list: specBookingList, show: specBookingShow, batch: specBatchResults },
  filmers: { list: specFilmerList, show: specFilmer, batch: specBatchResults },
  products: { list: specProductList, show: specProduct },
  upgrades: { list: specUpgradeList, show: specUpgrade },
};

const UPSERT_BODIES: Record<'bookings' | 'filmers', Partial<Record<string, z.ZodType>>> = {
  bookings: { created: specBookingCreated, ok: specBookingUpdated, partial_update: specBookingPartialUpdate },
  filmers: {
    created: specFilmerCreated,
    ok: specFilmerUpdated,
    partial_update: specBookingPartialUpdate.omit({ external_id: true }),
  },
};

/** HTTP codes whose bodies are the spec's own outcomes (spec 7), so their `status` must be one. */
const OUTCOME_CODES = new Set([404, 406, 409, 422]);

function describe(value: unknown): string {
  if (value === undefined) return 'nothing (missing)';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

function fieldName(path: readonly PropertyKey[]): string {
  let name = '';
  for (const key of path) name += typeof key === 'number' ? `[${key}]` : `${name ? '.' : ''}${String(key)}`;
  return name || '(body)';
}

function toDeviations(error: z.ZodError): ContractDeviation[] {
  return error.issues.map((issue) => {
    const got = describe((issue as { input?: unknown }).input);
    // A field the spec requires but the desk's own schema leaves optional is wrapped as "nonoptional".
    const wanted =
      issue.code !== 'invalid_type'
        ? issue.message.replace(/^Invalid input: /, '')
        : issue.expected === 'nonoptional'
          ? 'a required field'
          : `${issue.expected}`;
    return { field: fieldName(issue.path), expected: `${wanted}, got ${got}` };
  });
}

function check(schema: z.ZodType, body: unknown): ContractDeviation[] {
  const result = schema.safeParse(body, { reportInput: true });
  return result.success ? [] : toDeviations(result.error);
}

function topLevelStatus(body: unknown): string | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const status = (body as { status?: unknown }).status;
  return typeof status === 'string' ? status : null;
}

function deviationsFor(
  route: Route | null,
  response: CheckedResponse,
  body: unknown,
  status: string | null,
): ContractDeviation[] {
  const code = response.statusCode;
  const deviations: ContractDeviation[] = [];
  const singleWrite = route?.action === 'upsert' || route?.action === 'delete';
  if (status === 'conflict' && singleWrite && code !== 409) {
    deviations.push({
      field: '(http status)',
      expected: `409 for status "conflict" on a single endpoint (spec 7), got ${code}`,
    });
  }
  if (code >= 400) {
    const outcome = OUTCOME_CODES.has(code) || (status !== null && KNOWN_OUTCOMES.has(status));
    return [...deviations, ...check(outcome ? specOutcomeError : specHttpError, body)];
  }
  if (!route) return deviations;
  if (route.action === 'delete') {
    return [
      ...deviations,
      { field: '(http status)', expected: `204 No Content for a successful delete (spec 4), got ${code}` },
    ];
  }
  if (route.action === 'upsert') {
    const resource = route.resource as 'bookings' | 'filmers';
    if (status === null || !KNOWN_OUTCOMES.has(status)) {
      return [
        ...deviations,
        {
          field: 'status',
          expected: `one of the spec's outcomes (${SYNC_OUTCOMES.join(', ')}), got ${describe(status ?? (body as { status?: unknown })?.status)}`,
        },
      ];
    }
    return [...deviations, ...check(UPSERT_BODIES[resource][status] ?? specOutcomeError, body)];
  }
  const schema = SUCCESS_BODIES[route.resource][route.action as 'list' | 'show' | 'batch'];
  return schema ? [...deviations, ...check(schema, body)] : deviations;
}

/** Checks one proxied response; never throws, never changes it. */
export function checkContract(response: CheckedResponse): ContractResult {
  const unchecked = (status: string | null = null): ContractResult => ({
    checked: false,
    deviations: [],
    deviationCount: 0,
    status,
  });
  const done = (deviations: ContractDeviation[], status: string | null): ContractResult => ({
    checked: true,
    deviations: deviations.slice(0, MAX_LISTED),
    deviationCount: deviations.length,
    status,
  });
  const { method, statusCode: code } = response;
  if (method === 'HEAD' || method === 'OPTIONS' || code < 200 || (code >= 300 && code < 400)) return unchecked();
  const route = routeOf(method, response.path);
  if (code < 300 && !route) return unchecked();

  if (code === 204) {
    if (route?.action === 'delete') return done([], null);
    return done([{ field: '(body)', expected: `a JSON body, got 204 No Content` }], null);
  }
  if (response.body.length > MAX_CHECKED_BYTES) return unchecked();
  const type = response.contentType ?? '';
  let body: unknown;
  try {
    if (response.body.length === 0) throw new Error('empty');
    body = JSON.parse(response.body.toString('utf8'));
  } catch {
    const what =
      response.body.length === 0
        ? 'an empty body'
        : `${response.body.length} bytes of ${type || 'untyped content'} that are not JSON`;
    return done([{ field: '(body)', expected: `a JSON body, got ${what}` }], null);
  }
  const deviations: ContractDeviation[] = [];
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    deviations.push({
      field: '(content-type)',
      expected: `application/json, got ${type ? JSON.stringify(type) : 'none'}`,
    });
  }
  const status = topLevelStatus(body);
  return done([...deviations, ...deviationsFor(route, response, body, status)], status);
}
