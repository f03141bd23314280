import { deskRoutes } from '../../../shared/api/desk-routes';
import { pathOf, type RouteSpec } from '../../../shared/api/route';
import type { SuccessBody } from './client-answers';
import type { ErrorBody } from '../../../shared/schemas/common';
import { IMPORT_LIMITS } from '../../../shared/schemas/imports/limits';
import type { ImportRow, ImportRowStatus } from '../../../shared/schemas/imports/row-outcomes';
import { call, readAnswer } from './call';
import { ApiError, exchange, type SerialisedJson } from './client';

export interface ImportRowQuery {
  status?: ImportRowStatus;
  failed?: boolean;
  page?: number;
  perPage?: number;
}

/** The rows query as the route takes it (a query string's values are text). */
function rowQuery(q: ImportRowQuery) {
  return {
    status: q.status,
    failed: q.failed ? 'true' : undefined,
    page: q.page === undefined ? undefined : String(q.page),
    per_page: q.perPage === undefined ? undefined : String(q.perPage),
  } as const;
}

/**
 * A hand-over: its body serialised already, slice by slice (hand-over.ts), so it goes out as it
 * is; the answer is read by the route's schemas as call() reads any.
 */
async function handOver<R extends RouteSpec>(route: R, path: string, body: SerialisedJson): Promise<SuccessBody<R>> {
  const answer = readAnswer(route, await exchange(route.method, path, body));
  if (answer.status >= 200 && answer.status < 300) return answer.body as SuccessBody<R>;
  throw new ApiError(answer.status, answer.body as ErrorBody);
}

/** Imports (run by the desk) and their history, through the route table (shared/api/desk-routes.ts). */
export const importsApi = {
  list: () => call(deskRoutes.listImports, { query: {} }),
  get: (id: number) => call(deskRoutes.getImport, { params: { id } }),
  /** Hands a new import over (its facts and every row, once): the desk sends it. */
  start: (body: SerialisedJson) => handOver(deskRoutes.startImport, pathOf(deskRoutes.startImport), body),
  /** "Retry failed rows": more rows of a stored import handed over. */
  resend: (id: number, body: SerialisedJson) =>
    handOver(deskRoutes.resendImport, pathOf(deskRoutes.resendImport, { id }), body),
  /** The batch on its way finishes; the rest is recorded as not sent. */
  cancel: (id: number) => call(deskRoutes.cancelImport, { params: { id } }),
  remove: (id: number) => call(deskRoutes.deleteImport, { params: { id } }),
  /** Every row's outcome (no cells), once the send ended. */
  outcomes: (id: number) => call(deskRoutes.importOutcomes, { params: { id } }),
  /** The jump dates these bookings already have (the local store's, or the remote's in proxy mode). */
  storedJumpDates: (externalIds: readonly string[]) =>
    call(deskRoutes.storedJumpDates, { body: { external_ids: [...externalIds] } }),
  rows: (id: number, q: ImportRowQuery = {}) => call(deskRoutes.importRows, { params: { id }, query: rowQuery(q) }),
  /** Every row matching the query, read page after page at the largest page the server gives. */
  allRows: async (id: number, q: Omit<ImportRowQuery, 'page' | 'perPage'> = {}): Promise<ImportRow[]> => {
    const rows: ImportRow[] = [];
    for (let page = 1; ; page++) {
      const answer = await importsApi.rows(id, { ...q, page, perPage: IMPORT_LIMITS.rowsPerPageMax });
      rows.push(...answer.rows);
      if (page >= answer.pagination.pages) return rows;
    }
  },
};
