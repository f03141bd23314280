import { deskError } from '../schemas/desk-error';
import type { RouteSpec } from './route';

/** The refusal's wording in a mode the route's backends do not serve: one sentence, whatever the route. */
export function proxyModeRefusalMessage(why: string): string {
  return `the desk is in proxy mode: ${why}`;
}

/**
 * A route only the desk's own store serves (local mode): in proxy mode it answers 409
 * `the desk is in proxy mode: <why>` (the records are the remote service's then). Adds the
 * property and the declared refusal together, so neither is forgotten.
 */
export function servedLocallyOnly<const R extends Omit<RouteSpec, 'servedBy' | 'refusedWhy'>>(why: string, route: R) {
  return {
    ...route,
    servedBy: ['local'] as const,
    refusedWhy: why,
    responses: { ...route.responses, 409: deskError },
  };
}

/**
 * A route the desk's rules answer from its own store in local mode and from its copy of the remote
 * in proxy mode (reception's list, export, day sheet and check-ins: docs/offline.md). Refused only
 * while proxy mode has no copy open (it could not be opened); the refusal is declared like the above.
 */
export function servedLocallyOrFromCopy<const R extends Omit<RouteSpec, 'servedBy' | 'refusedWhy'>>(
  why: string,
  route: R,
) {
  return {
    ...route,
    servedBy: ['local', 'copy'] as const,
    refusedWhy: why,
    responses: { ...route.responses, 409: deskError },
  };
}
