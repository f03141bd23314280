import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Readable } from 'node:stream';
import {
  isEventStream,
  isFileAnswer,
  isNoContent,
  responseSchemaOf,
  type BodyOutput,
  type QueryOutput,
  type RouteParams,
  type RouteSpec,
  type ServerAnswer,
} from '../../../shared/api/route';
import type { DeskChanges } from '../../common/desk-changes';
import { changesOfRoute } from '../changes/route-changes';
import { routeBackend, type CopyScope, type StoreBackend } from './route-backend';

export interface RouteCall<R extends RouteSpec> {
  params: RouteParams<R>;
  /** Checked and parsed by the route's query schema. */
  query: QueryOutput<R>;
  /** Checked and parsed by the route's body schema (raw, when a sync rule checks it). */
  body: BodyOutput<R>;
  /** The store's records the request is answered from (the route's `servedBy`, decided for the desk's mode). */
  backend: StoreBackend;
  /** When `backend` is 'copy': the copy's store and dropzone, which the desk's rules run on unchanged. */
  copy: CopyScope | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A paired desk's way to its main desk (electron/desks/main-desk-forward.ts): a request passed on as it came. */
export type MainDeskForward = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<{ answered: true } | { answered: false; why: string; retryAfterSeconds: number }>;

declare module 'fastify' {
  interface FastifyInstance {
    /** On a paired desk: passes a request on to the main desk (routes whose backend is 'main'); else null. */
    deskMainForward?: MainDeskForward | null;
    /** The administrator guard (server/admin-unlocks.ts): the preHandler of every `guard: 'admin'` route. */
    adminGuard: preHandlerAsyncHookHandler | null;
    /** The change bus (common/desk-changes.ts): told what each writing route changed, after its commit. */
    deskChanges: DeskChanges | null;
  }
}

/** The route's guard; an administrator route on a server without the guard is a wiring mistake, refused at start. */
function guardOf(app: FastifyInstance, route: RouteSpec): preHandlerAsyncHookHandler | undefined {
  if (route.guard !== 'admin') return undefined;
  if (!app.adminGuard)
    throw new Error(
      `${route.method} ${route.path} is an administrator route, and this server has no administrator guard`,
    );
  return app.adminGuard;
}

export type RouteHandler<R extends RouteSpec> = (call: RouteCall<R>) => ServerAnswer<R> | Promise<ServerAnswer<R>>;

/** The parts Fastify checks: a body or query schema from the table, and each status's answer. */
function fastifySchema(route: RouteSpec) {
  // Only JSON answers have a schema to check; a file answer is text streamed as it is made.
  const response = Object.fromEntries(
    Object.entries(route.responses).filter(
      ([, schema]) => !isNoContent(schema) && !isFileAnswer(schema) && !isEventStream(schema),
    ),
  );
  const checksBody = route.body !== undefined && route.body.checkedBy !== 'sync-rule';
  return {
    ...(checksBody ? { body: route.body } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    response,
  };
}

/** The path as Fastify routes it: a numeric parameter matches digits only (find-my-way then tries the other routes). */
function urlOf(route: RouteSpec): string {
  const numeric = new Set(route.numericParams ?? []);
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (param, name: string) =>
    numeric.has(name) ? `${param}(^\\d+$)` : param,
  );
}

/**
 * Registers a route of shared/api/ (full path, so register the plugin without a prefix). Fastify
 * checks the request before the handler runs (a 422 in the desk's error shape) and the answer
 * after it (contractCompilers); the handler answers one of the route's declared statuses.
 */
export function serveRoute<R extends RouteSpec>(
  app: FastifyInstance,
  route: R,
  handler: NoInfer<RouteHandler<R>>,
): void {
  const whenAbsent = route.body?.whenAbsent;
  const guard = guardOf(app, route);
  const backendNow = routeBackend(app, route, { upstreams: ['main'] });
  app.route({
    method: route.method,
    url: urlOf(route),
    ...(route.bodyLimit === undefined ? {} : { bodyLimit: route.bodyLimit }),
    schema: fastifySchema(route),
    // After the body is checked: a malformed request is told so whoever sends it.
    ...(guard ? { preHandler: guard } : {}),
    // Before the check: "no body" and a JSON `null` read the same to a validator.
    preValidation:
      whenAbsent === undefined
        ? undefined
        : async (request) => {
            if (request.body === undefined) request.body = whenAbsent;
          },
    handler: async (request, reply) => {
      // After the guard and the checks, as a handler's own refusal came before: a malformed request is told so in any mode.
      let decision = backendNow();
      if ('serve' in decision && decision.serve === 'upstream') {
        const forward = app.deskMainForward;
        const passed = forward ? await forward(request, reply) : null;
        if (passed?.answered) return reply;
        // The main desk did not answer: its copy serves what it can; the rest waits for the main desk.
        if ('refuse' in decision.otherwise) {
          const why = passed?.why ?? 'this desk has no main desk to ask';
          return reply
            .code(503)
            .header('retry-after', String(passed?.retryAfterSeconds ?? 30))
            .send({ error: why, status: 'main_desk_unreachable' });
        }
        decision = decision.otherwise;
      }
      if ('refuse' in decision) return reply.code(decision.refuse.status).send(decision.refuse.body);
      const answer = await handler({
        backend: decision.serve,
        copy: decision.serve === 'copy' ? decision.copy : null,
        params: request.params as RouteParams<R>,
        query: request.query as QueryOutput<R>,
        body: request.body as BodyOutput<R>,
        request,
        reply,
      });
      // A stream answers as it opens (EventStreams): nothing more to send.
      if (isEventStream(responseSchemaOf(route, answer.status))) return reply;
      // The rule's transaction has ended by now: every window may ask again and read what it wrote.
      if (answer.status >= 200 && answer.status < 300 && request.dropzone) {
        const body = 'body' in answer ? answer.body : null;
        for (const { kind, records } of changesOfRoute(route, {
          params: request.params as Record<string, string>,
          body,
        }))
          app.deskChanges?.emit(request.dropzone.id, kind, records);
      }
      reply.code(answer.status);
      if ('file' in answer) {
        const declared = responseSchemaOf(route, answer.status);
        if (!isFileAnswer(declared))
          throw new Error(
            `${route.method} ${route.path} answered a file with ${answer.status}, which it does not declare as one`,
          );
        return reply
          .header('content-type', declared.file)
          .header('content-disposition', `attachment; filename="${answer.file.name.replace(/[^\w.-]/g, '_')}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(answer.file.content, { objectMode: false }));
      }
      return 'body' in answer ? reply.send(answer.body) : reply.send();
    },
  });
}
