import type { z } from 'zod';
import type { ServedBy } from './backends';

/**
 * What a route of an API is, for both sides: the server registers it from this (Fastify validates
 * the request and checks the response with its schemas), the renderer's client calls it (typed by
 * it, parsing the answer with the same schemas). A shape changed here fails the typecheck of both.
 * docs/architecture.md, "One contract for both sides".
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer without a body (204). */
export const NO_CONTENT = { noContent: true } as const;
export type NoContent = typeof NO_CONTENT;

/**
 * An answer that is a file, not JSON (the desk list's CSV export): its media type. The handler
 * answers `{ status, file: { name, content } }` and serveRoute streams `content` (chunks of text,
 * made one by one as the answer is sent) with that type and `Content-Disposition: attachment`;
 * the client reads it as a File (a Blob, byte for byte: a UTF-8 BOM stays) named as the header
 * says (`''` without a name).
 */
export interface FileAnswer {
  file: string;
}
export const CSV_FILE = { file: 'text/csv; charset=utf-8' } as const satisfies FileAnswer;

/**
 * An answer that is a stream of Server-Sent Events (text/event-stream), read by the page with
 * fetch so the bearer token stays in a header. The handler opens the stream itself (the server's
 * EventStreams) and serveRoute sends nothing more; the events' schemas live beside the route's.
 */
export interface EventStreamAnswer {
  events: 'text/event-stream';
}
export const EVENT_STREAM = { events: 'text/event-stream' } as const satisfies EventStreamAnswer;

/** What a handler hands over for a FileAnswer status: the download's file name and its text, chunk by chunk. */
export interface FileContent {
  name: string;
  content: Iterable<string>;
}

export interface BodySpec<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** The record, as messages name it: "api token" (`token is not a writable api token attribute`). */
  name: string;
  /** No body at all reads as this (a settings form may send none). Without it, no body is refused like `null`. */
  whenAbsent?: z.input<S>;
  /**
   * Who words the 422 for JSON that is no object (`null`, an array): by default the desk's
   * `body must be a JSON object`; 'schema' lets the schema's own `error` say it
   * (`connection must be an object`, as docs/desk-api.md quotes it).
   */
  nonObject?: 'desk' | 'schema';
  /**
   * The body is a Sync API record that a rule in electron/sync/ checks, as it checks a sync
   * update, so its refusal has the Sync API's outcome shape (hand edits). The schema types the
   * client's call only; the server hands the rule the raw body.
   */
  checkedBy?: 'route' | 'sync-rule';
}

export interface QuerySpec<S extends z.ZodType = z.ZodType> {
  /** A strict object of the parameters (values as the query string carries them: text). */
  schema: S;
  /** For messages: "log query". Unknown and repeated parameters are refused by name either way. */
  name: string;
}

/** The answers a route gives, by HTTP status: a schema, or NO_CONTENT. Undeclared ones (401, 500…) are the desk's errors. */
export type ResponseSchemas = Readonly<Record<number, ResponseSpec>>;
export type ResponseSpec = z.ZodType | NoContent | FileAnswer | EventStreamAnswer;

export interface RouteSpec {
  method: HttpMethod;
  /** The full path, parameters as `:name` (always text: a route's handler decides what is a valid id). */
  path: string;
  /**
   * Who may call it: 'none' (only `GET /api/desk/health`); 'token', the Sync API's callers: a
   * booking system's API token or the desk's session token; default (and 'session'): the desk's
   * session token only. The server's scopes (server/app.ts) apply it; the OpenAPI document says it.
   */
  auth?: 'none' | 'session' | 'token';
  /**
   * 'admin': an administrator action (the catalogue, manual credits and corrections, API tokens,
   * the connection). Besides the session token it needs the window's administrator unlock
   * (`X-Desk-Admin`, docs/desk-api.md "Administrator"); without it the answer is 403 `admin_required`.
   */
  guard?: 'admin';
  /**
   * Which backends serve the route (shared/api/backends.ts): the desk's own store in local mode,
   * the remote server or the desk's copy of it in proxy mode, or 'desk' for the desk's own records
   * in every mode. The handler never sees a request that no backend of the route serves.
   */
  servedBy: ServedBy;
  /**
   * Why the route is refused in a mode none of its backends serves: the answer is then 409
   * `the desk is in proxy mode: <why>`, declared among `responses` (servedLocallyOnly() in
   * shared/api/served-locally.ts adds both). Required of such a route: serveRoute refuses to register one without it.
   */
  refusedWhy?: string;
  body?: BodySpec;
  query?: QuerySpec;
  /**
   * Path parameters that are whole numbers (a desk id). The server routes only digits there, so a
   * path such as `/api/desk/bookings/by-id/actions` stays the `/bookings/:external_id/actions`
   * route's (an external id may be `by-id`); anything else is no such endpoint (404).
   */
  numericParams?: readonly string[];
  /** A body limit of the route's own, above the server's usual one (an import's hand-over: a whole file). */
  bodyLimit?: number;
  responses: ResponseSchemas;
}

/** Declares a route; `const` keeps its method, path and statuses literal for the types below. */
export function defineRoute<const R extends RouteSpec>(route: R): R {
  return route;
}

// ---- types both sides derive from a route ---------------------------------------------------

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path's parameters: `{ id: string }` for `/api/desk/log/:id`. */
export type RouteParams<R extends RouteSpec, Value = string> = { [K in ParamNames<R['path']>]: Value };

type SchemaOf<Part> = Part extends { schema: infer S extends z.ZodType } ? S : never;
type IsRuleChecked<R extends RouteSpec> = R['body'] extends { checkedBy: 'sync-rule' } ? true : false;

/** What a client sends as the body (undefined: the route takes none). */
export type BodyInput<R extends RouteSpec> = R['body'] extends BodySpec ? z.input<SchemaOf<R['body']>> : undefined;
/** What the server's handler gets: checked and parsed, or the raw body when a sync rule checks it. */
export type BodyOutput<R extends RouteSpec> = R['body'] extends BodySpec
  ? IsRuleChecked<R> extends true
    ? unknown
    : z.output<SchemaOf<R['body']>>
  : undefined;

export type QueryInput<R extends RouteSpec> = R['query'] extends QuerySpec ? z.input<SchemaOf<R['query']>> : undefined;
export type QueryOutput<R extends RouteSpec> = R['query'] extends QuerySpec
  ? z.output<SchemaOf<R['query']>>
  : undefined;

export type StatusOf<R extends RouteSpec> = keyof R['responses'] & number;

/** What a handler answers: one of the route's declared statuses, with a body of that status's shape. */
export type ServerAnswer<R extends RouteSpec> = {
  [S in StatusOf<R>]: R['responses'][S] extends z.ZodType
    ? { status: S; body: z.input<R['responses'][S]> }
    : R['responses'][S] extends FileAnswer
      ? { status: S; file: FileContent }
      : { status: S };
}[StatusOf<R>];

/** Everything a call needs besides the route: only the parts the route has are asked for. */
export type CallInput<R extends RouteSpec> = (ParamNames<R['path']> extends never
  ? { params?: undefined }
  : { params: RouteParams<R, string | number> }) &
  (R['query'] extends QuerySpec ? { query: QueryInput<R> } : { query?: undefined }) &
  (R['body'] extends BodySpec ? { body: BodyInput<R> } : { body?: undefined });

/** The path with its parameters filled in, each percent-encoded (an external_id may hold `/` or `?`). */
export function pathOf(route: RouteSpec, params: Record<string, string | number> = {}): string {
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The schema of a status's answer, NO_CONTENT, a FileAnswer, or undefined when the route does not declare it. */
export function responseSchemaOf(route: RouteSpec, status: number): ResponseSpec | undefined {
  return Object.hasOwn(route.responses, status) ? route.responses[status] : undefined;
}

export function isNoContent(schema: ResponseSpec | undefined): schema is NoContent {
  return schema === NO_CONTENT;
}

export function isFileAnswer(schema: ResponseSpec | undefined): schema is FileAnswer {
  return typeof schema === 'object' && schema !== null && 'file' in schema && typeof schema.file === 'string';
}

export function isEventStream(schema: ResponseSpec | undefined): schema is EventStreamAnswer {
  return typeof schema === 'object' && schema !== null && 'events' in schema && schema.events === 'text/event-stream';
}
