import type { RouteSpec, ServerAnswer } from '../../../shared/api/route';
import { HTTP_CODE_OF, type ResponseStatus } from '../../../shared/outcomes';
import type { SyncResult } from '../../sync/context';

/** A refusal in the desk's one error shape: `{ error, …extra, status }` with the status's HTTP code. */
export function refusal<S extends ResponseStatus>(status: S, error: string, extra: Record<string, unknown> = {}) {
  return { status: HTTP_CODE_OF[status], body: { error, ...extra, status } };
}

/**
 * A Sync API rule's result as a route's answer. The rules type their bodies for themselves
 * (electron/sync/), not by the route table; the answer's check against the table's schema
 * (contractCompilers) is what holds them to it. `route` only names the answer's type.
 */
export function syncAnswer<R extends RouteSpec>(_route: R, result: SyncResult): ServerAnswer<R> {
  const answer = result.body === null ? { status: 204 } : { status: HTTP_CODE_OF[result.status], body: result.body };
  return answer as ServerAnswer<R>;
}
