import { backendsServing, type ServingMode } from '../backends';
import { proxyModeRefusalMessage } from '../served-locally';
import { isEventStream, isFileAnswer, isNoContent, type ResponseSpec, type RouteSpec } from '../route';
import { documentedRoutes, openApiPathOf, pathParamsOf, type DocumentedRoute } from './api-tables';
import {
  COMMON_RESPONSES,
  commonResponseRef,
  componentSchemas,
  HEADERS,
  headerRef,
  SECURITY_SCHEMES,
} from './common-answers';
import { jsonSchemaOf, type JsonSchema } from './json-schema';
import { SPEC_NOTES } from './spec-notes';

/** An OpenAPI 3.1 document, as plain data (it is served and written as JSON). A type, so it is a JSON object to zod too. */
export type OpenApiDocument = {
  openapi: '3.1.1';
  info: { title: string; version: string; description: string };
  servers: JsonSchema[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: Record<string, Record<string, JsonSchema>>;
  /** The mode the document describes (a client may show it). */
  'x-desk-mode': ServingMode;
};

export interface DocumentOptions {
  /** How the desk serves now: in proxy mode (and on a paired desk) the Sync API is the remote's, forwarded. */
  mode: ServingMode;
  /** The desk's version (package.json). */
  version: string;
  /** Where the desk answers, as its caller reached it; absent (a file): the default address, its port a variable. */
  origin?: string;
}

/** The default address of `npm run serve` (electron/serve.ts DEFAULT_PORT), for a document written to a file. */
const DEFAULT_SERVER = {
  url: 'http://127.0.0.1:{port}',
  description: 'A desk on this computer (`npm run serve` listens on 4780 unless told otherwise).',
  variables: { port: { default: '4780', description: 'The port the desk listens on (Settings → Booking systems).' } },
};

const MODE_WORDS: Record<ServingMode, string> = {
  local: "Local mode: the desk's own store answers the Sync API.",
  proxy:
    "Proxy mode: the desk forwards the Sync API to the remote Sync API server and passes its answers back as they came; when the remote gives no answer, the desk's copy answers reads (`X-Desk-Source`) and its outbox takes writes (`X-Desk-Queued`).",
  paired:
    "A paired desk: its Sync API is the venue's main desk's, forwarded, and so is most of its desk API; its copy answers when the main desk does not.",
};

const STATUS_WORDS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: the work goes on in the desk',
  204: 'Done: no content',
  404: 'Not found',
  406: 'Not acceptable',
  409: 'Conflict',
  422: 'Unprocessable content',
  429: 'Too many attempts',
};

/** "listBookings" → "List bookings". */
function summaryOf(operationId: string): string {
  const words = operationId.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The desk API's area (`/api/desk/<area>/…`) names its tag, so a reader finds a screen's routes together. */
function tagOf({ table, route }: DocumentedRoute): string {
  if (table.tag !== 'Desk API') return table.tag;
  const area = route.path.split('/')[3] ?? '';
  return `Desk API: ${area}`;
}

const isWrite = (route: RouteSpec) => route.method !== 'GET';

/** Which backend answers in this mode, in words; with the refusal when none does. */
function servedWords(route: RouteSpec, mode: ServingMode): string {
  const backends = backendsServing(route.servedBy, mode);
  if (backends.length === 0)
    return `Refused in this mode: \`409\` "${proxyModeRefusalMessage(route.refusedWhy ?? '…')}".`;
  const words: Record<string, string> = {
    local: "the desk's store",
    remote: 'the remote Sync API server, forwarded',
    main: 'the main desk, forwarded',
    copy: "the desk's copy of the remote",
    desk: 'this desk',
  };
  return `Answered by ${backends.map((backend) => words[backend] ?? backend).join(', else ')}.`;
}

/** In this mode, does a call go up to another server (the remote or the main desk), so its failures are the desk's answers? */
function goesUpstream(route: RouteSpec, mode: ServingMode): boolean {
  return backendsServing(route.servedBy, mode).some((backend) => backend === 'remote' || backend === 'main');
}

/** The same content, with every integer `id` in it also `null` (a record the remote has not numbered yet). */
function withNullableIds(content: JsonSchema): JsonSchema {
  const walk = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (value === null || typeof value !== 'object') return value;
    const schema = Object.fromEntries(Object.entries(value).map(([name, part]) => [name, walk(part, name)]));
    return key === 'properties' && schema.id ? { ...schema, id: { anyOf: [schema.id, { type: 'null' }] } } : schema;
  };
  return walk(content) as JsonSchema;
}

function contentOf(spec: ResponseSpec): JsonSchema | undefined {
  if (isNoContent(spec)) return undefined;
  if (isFileAnswer(spec)) return { [spec.file.split(';')[0] as string]: { schema: { type: 'string' } } };
  if (isEventStream(spec))
    return { 'text/event-stream': { schema: { type: 'string', description: 'Server-Sent Events, one per change.' } } };
  return { 'application/json': { schema: jsonSchemaOf(spec) } };
}

/** The route's own answers, from its table, with the headers the desk adds in this mode. */
function declaredResponses(documented: DocumentedRoute, mode: ServingMode): Record<string, JsonSchema> {
  const { route } = documented;
  const upstream = goesUpstream(route, mode) && documented.table.tag === 'Sync API';
  const responses: Record<string, JsonSchema> = {};
  for (const [status, spec] of Object.entries(route.responses)) {
    const code = Number(status);
    const headers: Record<string, JsonSchema> = {};
    if (isFileAnswer(spec)) headers['Content-Disposition'] = headerRef('ContentDisposition');
    if (code === 429 || code === 503) headers['Retry-After'] = headerRef('RetryAfter');
    if (upstream && code < 500) {
      if (route.method === 'GET') headers[`X-Desk-Source`] = headerRef('XDeskSource');
      headers['X-Desk-Queued'] = headerRef('XDeskQueued');
    }
    const refusal = code === 409 && route.refusedWhy ? ` Also: "${proxyModeRefusalMessage(route.refusedWhy)}".` : '';
    let content = contentOf(spec);
    // Offline, the outbox answers a create before the remote gave it an id, and the copy shows it so until it lands.
    if (upstream && code < 300 && content) content = withNullableIds(content);
    responses[status] = {
      description: `${STATUS_WORDS[code] ?? `HTTP ${code}`}.${refusal}`,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(content ? { content } : {}),
    };
  }
  return responses;
}

/** Answers the desk gives on any route of this kind, beside the table's own. */
function commonStatuses(documented: DocumentedRoute, mode: ServingMode): number[] {
  const { route, auth } = documented;
  // A body of another type, or too large, is refused before any route looks at it: on a route that takes none too.
  const statuses = [400, 403, 413, 415, 417, 500];
  if (auth !== 'none') statuses.push(401);
  if (route.body || route.query) statuses.push(422);
  if (goesUpstream(route, mode)) statuses.push(429, 502, 503, 504);
  return statuses;
}

function parametersOf(route: RouteSpec): JsonSchema[] {
  const numeric = new Set(route.numericParams ?? []);
  const path = pathParamsOf(route).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: numeric.has(name) ? { type: 'integer', minimum: 0 } : { type: 'string', minLength: 1 },
  }));
  if (!route.query) return path;
  const query = jsonSchemaOf(route.query.schema);
  const required = new Set((query.required as string[] | undefined) ?? []);
  const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
  return [
    ...path,
    ...Object.entries(properties).map(([name, schema]) => ({
      name,
      in: 'query',
      required: required.has(name),
      ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
      schema,
    })),
  ];
}

function securityOf({ route, auth }: DocumentedRoute): JsonSchema[] {
  if (auth === 'none') return [];
  if (route.guard === 'admin') return [{ deskSession: [], adminUnlock: [] }];
  if (auth === 'token') return [{ apiToken: [] }, { deskSession: [] }];
  return [{ deskSession: [] }];
}

function descriptionOf(documented: DocumentedRoute, mode: ServingMode): string {
  const { route, operationId, auth } = documented;
  const lines = [servedWords(route, mode)];
  if (auth === 'token') lines.push("A booking system's API token or the desk's session token.");
  if (auth === 'session') lines.push("The desk's session token only.");
  if (route.guard === 'admin') lines.push(`An administrator action: also the \`X-Desk-Admin\` unlock.`);
  if (route.body?.checkedBy === 'sync-rule')
    lines.push("The body is checked by the Sync API's rules, which answer a refusal in the spec's outcome shape.");
  const note = SPEC_NOTES[operationId];
  if (note) lines.push(note);
  if (goesUpstream(route, mode) && isWrite(route))
    lines.push(
      'Offline, the outbox takes the write when the Sync API\'s rules (run on the desk\'s copy) accept it: the same status and body the remote would give, with `X-Desk-Queued`; a create answers `"id": null`.',
    );
  return lines.join('\n\n');
}

function operationOf(documented: DocumentedRoute, mode: ServingMode): JsonSchema {
  const { route, operationId } = documented;
  const responses = declaredResponses(documented, mode);
  for (const status of commonStatuses(documented, mode))
    if (!(String(status) in responses)) responses[String(status)] = commonResponseRef(status);
  const sorted = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
  const parameters = parametersOf(route);
  return {
    operationId,
    summary: summaryOf(operationId),
    description: descriptionOf(documented, mode),
    tags: [tagOf(documented)],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: route.body.whenAbsent === undefined,
            content: { 'application/json': { schema: jsonSchemaOf(route.body.schema) } },
          },
        }
      : {}),
    responses: sorted,
    security: securityOf(documented),
    'x-desk-served-by': route.servedBy,
  };
}

/**
 * The OpenAPI 3.1 document of the desk's HTTP API: every route of the tables (api-tables.ts) as
 * the desk answers it in `mode`, with the answers any route may give, the auth schemes and the
 * headers the desk adds. Made from the same tables the server registers and the page calls, so
 * it cannot say what the code does not.
 */
export function openApiDocument({ mode, version, origin }: DocumentOptions): OpenApiDocument {
  const routes = documentedRoutes();
  const paths: OpenApiDocument['paths'] = {};
  for (const documented of routes) {
    const path = openApiPathOf(documented.route);
    paths[path] ??= {};
    paths[path][documented.route.method.toLowerCase()] = operationOf(documented, mode);
  }
  const tags = [...new Set(routes.map(tagOf))].map((name) => ({
    name,
    description: routes.find((route) => tagOf(route) === name)!.table.description,
  }));
  return {
    openapi: '3.1.1',
    info: {
      title: 'Dropzone Desk API',
      version,
      description: [
        "The Sync API f1 as this desk serves it, and the desk's own API. Every answer's body is JSON unless the operation says otherwise; every refusal has `status` and `error`.",
        MODE_WORDS[mode],
        'What the spec leaves open and the desk decided: docs/spec-decisions.md; the desk API in words: docs/desk-api.md.',
      ].join('\n\n'),
    },
    servers: origin ? [{ url: origin, description: 'This desk' }] : [DEFAULT_SERVER],
    tags,
    paths,
    components: {
      schemas: componentSchemas(),
      responses: COMMON_RESPONSES,
      headers: HEADERS,
      securitySchemes: SECURITY_SCHEMES,
    },
    'x-desk-mode': mode,
  };
}
