import type {
  FastifyBaseLogger,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyServerOptions,
} from 'fastify';
import type { z } from 'zod';
import type { BodySpec, QuerySpec } from '../../../shared/api/route';
import { checkBody, checkQuery } from './refusal';

/** What `Fastify({ schemaController: { compilersFactory } })` takes. */
type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * What a response that does not match its route's schema does (a server bug either way):
 * - 'refuse' (tests, the default): a 500 naming the route and the field, so any test that
 *   touches the route fails on it;
 * - 'report' (`serve`, the desktop app): the answer goes out as it is and the desk log says why.
 *   By the time an answer is serialised its work is done (a token made, a setting saved); a 500
 *   would claim otherwise, and every client but the renderer (scripts, a booking system's
 *   tooling) would lose an answer it may not even read that field of. The renderer parses every
 *   answer with the same schema and says what is wrong where a person sees it.
 */
export type ResponseCheck = 'refuse' | 'report';

/** An answer that does not match its route's schema. */
export class ResponseMismatch extends Error {
  constructor(method: string, url: string, status: string, error: z.ZodError) {
    const where = error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    super(
      `the answer to ${method} ${url} (HTTP ${status}) does not match its schema in shared/api/: ${where.join('; ')}`,
    );
    this.name = 'ResponseMismatch';
  }
}

/**
 * Fastify checks requests and answers of the routes in shared/api/ with their zod schemas
 * (routes without a schema, such as the Sync API's, keep their own checks). A schema part is
 * the table's BodySpec or QuerySpec; a response part, the zod schema of that status.
 *
 * Given to `Fastify()` as its schema controller's compilers (`schemaController.compilersFactory`),
 * not set on the app after: Fastify then never loads its own, ajv and fast-json-stringify, which
 * the desk does not use (~15 ms of every start, and ajv's code generation at the first route).
 * `log` is the app's logger, read when an answer does not match (the app does not exist yet here).
 */
export function contractCompilers(responseCheck: ResponseCheck, log: () => FastifyBaseLogger): CompilersFactory {
  const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
    if (httpPart === 'body') return (body: unknown) => checkBody(schema as BodySpec, body);
    if (httpPart === 'querystring')
      return (query: unknown) => checkQuery(schema as QuerySpec, query as Record<string, string>);
    throw new Error(`a route in shared/api/ declared a ${httpPart} schema, which the desk does not check`);
  };
  const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url, httpStatus }) => {
    const zodSchema = schema as z.ZodType;
    return (data: unknown) => {
      const checked = zodSchema.safeParse(data);
      if (!checked.success)
        reportMismatch(log(), responseCheck, new ResponseMismatch(method, url, String(httpStatus), checked.error));
      return JSON.stringify(data);
    };
  };
  // Fastify types these factories after its own compilers (ajv's, fast-json-stringify's); what a
  // factory returns is used exactly as setValidatorCompiler's and setSerializerCompiler's argument
  // (fastify/lib/schema-controller.js), which is what these are.
  return {
    buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
    buildSerializer: (() => serializerCompiler) as unknown as CompilersFactory['buildSerializer'],
  };
}

function reportMismatch(log: FastifyBaseLogger, responseCheck: ResponseCheck, mismatch: ResponseMismatch): void {
  if (responseCheck === 'refuse') throw mismatch;
  log.error({ err: mismatch }, 'answer sent although it does not match its schema');
}
