import { deskRoutes } from '../desk-routes';
import { openApiRoutes } from '../openapi-routes';
import type { RouteSpec } from '../route';
import { syncRoutes } from '../sync-routes';

/** Who may call a route (shared/api/route.ts `auth`), its table's default applied. */
export type RouteAuth = 'none' | 'session' | 'token';

export interface ApiTable {
  /** The document's tag for the table's routes ('Desk API' routes get a tag per area, see tagOf). */
  tag: string;
  description: string;
  routes: Readonly<Record<string, RouteSpec>>;
  /** What a route of the table takes when it says nothing: the Sync API takes API tokens, the desk API its session. */
  defaultAuth: RouteAuth;
}

/**
 * Every route table of the server, so the document holds every route and nothing else. A new
 * route in a table appears by itself; a new table is added here (a test fails on a route the
 * server answers that no table holds).
 */
export const API_TABLES: readonly ApiTable[] = [
  {
    tag: 'Sync API',
    description:
      "The Sync API f1 (the spec's sections 4 to 8): bookings, filmers, products and upgrades of the caller's dropzone. " +
      "In local mode the desk's own store answers; in proxy mode the desk forwards each call to the remote Sync API server.",
    routes: syncRoutes,
    defaultAuth: 'token',
  },
  {
    tag: 'Desk API',
    description: "The desk's own API (/api/desk): what its screens call. The desk's session token only.",
    routes: deskRoutes,
    defaultAuth: 'session',
  },
  {
    tag: 'API document',
    description: 'This document.',
    routes: openApiRoutes,
    defaultAuth: 'session',
  },
];

export interface DocumentedRoute {
  /** The route's name in its table: the operation's id (a generated client's function name). */
  operationId: string;
  route: RouteSpec;
  table: ApiTable;
  auth: RouteAuth;
}

/** Every route of every table, in table order; a name used twice is a mistake (two operations, one id). */
export function documentedRoutes(): DocumentedRoute[] {
  const seen = new Set<string>();
  const routes: DocumentedRoute[] = [];
  for (const table of API_TABLES) {
    for (const [operationId, route] of Object.entries(table.routes)) {
      if (seen.has(operationId)) throw new Error(`two routes of the API tables are named ${operationId}`);
      seen.add(operationId);
      routes.push({ operationId, route, table, auth: route.auth ?? table.defaultAuth });
    }
  }
  return routes;
}

/** The OpenAPI path of a route: `/bookings/:external_id` becomes `/bookings/{external_id}`. */
export function openApiPathOf(route: RouteSpec): string {
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/** The path's parameter names, in order. */
export function pathParamsOf(route: RouteSpec): string[] {
  return [...route.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] as string);
}
