import { z } from 'zod';
import { defineRoute } from './route';

/** An OpenAPI 3.1 document: checked here only as far as a client needs to recognise one. */
export const openApiDocumentAnswer = z.looseObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
});

/**
 * The API described (shared/api/openapi/): every route of the tables, as this desk serves them in
 * its present mode. In the Sync API's own auth, so a booking system's developer reads it with the
 * token they sync with; the desk's reference page reads it with the session token.
 */
export const openApiRoutes = {
  openApiDocument: defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    servedBy: 'this-desk',
    auth: 'token',
    responses: { 200: openApiDocumentAnswer },
  }),
} as const;
