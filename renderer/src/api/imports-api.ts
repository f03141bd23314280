import { IMPORT_LIMITS, type ImportKind, type ImportMapping, type ImportOutcomes, type ImportRow, type ImportSummary, type StoredJumpDates } from '../../../shared/schemas/imports';
import { apiGet, apiRequest, type SerialisedJson } from './client';

export interface ImportRowQuery {
  status?: string;
  failed?: boolean;
  page?: number;
  perPage?: number;
}

export interface ImportRowPage {
  rows: ImportRow[];
  pagination: { page: number; per_page: number; total: number; pages: number };
}

function rowsPath(id: number, q: ImportRowQuery): string {
  const params = new URLSearchParams();
  if (q.status) params.set('status', q.status);
  if (q.failed) params.set('failed', 'true');
  if (q.page) params.set('page', String(q.page));
  if (q.perPage) params.set('per_page', String(q.perPage));
  const query = params.toString();
  return `/api/desk/imports/${id}/rows${query ? `?${query}` : ''}`;
}

/** Imports (run by the desk), their history and remembered mappings (shared/schemas/imports.ts). */
export const importsApi = {
  list: () => apiGet<{ imports: ImportSummary[] }>('/api/desk/imports'),
  get: (id: number) => apiGet<ImportSummary>(`/api/desk/imports/${id}`),
  /** Hands a new import over (its facts and every row, serialised by hand-over.ts): the desk sends it. */
  start: async (body: SerialisedJson) => (await apiRequest<ImportSummary>('POST', '/api/desk/imports', body)).body,
  /** "Retry failed rows": more rows of a stored import handed over. */
  resend: async (id: number, body: SerialisedJson) => (await apiRequest<ImportSummary>('POST', `/api/desk/imports/${id}/send`, body)).body,
  /** The batch on its way finishes; the rest is recorded as not sent. */
  cancel: async (id: number) => (await apiRequest<ImportSummary>('POST', `/api/desk/imports/${id}/cancel`)).body,
  remove: (id: number) => apiRequest<null>('DELETE', `/api/desk/imports/${id}`),
  /** Every row's outcome (no cells), once the send ended. */
  outcomes: (id: number) => apiGet<ImportOutcomes>(`/api/desk/imports/${id}/outcomes`),
  /** The jump dates these bookings already have (the local store's, or the remote's in proxy mode). */
  storedJumpDates: async (externalIds: readonly string[]) =>
    (await apiRequest<StoredJumpDates>('POST', '/api/desk/imports/stored-jump-dates', { external_ids: externalIds })).body,
  rows: (id: number, q: ImportRowQuery = {}) => apiGet<ImportRowPage>(rowsPath(id, q)),
  /** Every row matching the query, read page after page at the largest page the server gives. */
  allRows: async (id: number, q: Omit<ImportRowQuery, 'page' | 'perPage'> = {}): Promise<ImportRow[]> => {
    const rows: ImportRow[] = [];
    for (let page = 1; ; page++) {
      const answer = await importsApi.rows(id, { ...q, page, perPage: IMPORT_LIMITS.rowsPerPageMax });
      rows.push(...answer.rows);
      if (page >= answer.pagination.pages) return rows;
    }
  },
  /** The mapping remembered for files with exactly these headers, or null. */
  mapping: (kind: ImportKind, headers: readonly string[]) =>
    apiGet<{ mapping: ImportMapping | null; date_format: string | null }>(
      `/api/desk/import-mappings?${new URLSearchParams({ kind, headers: JSON.stringify(headers) })}`,
    ),
  rememberMapping: async (kind: ImportKind, headers: readonly string[], mapping: ImportMapping, dateFormat: string | null) => {
    await apiRequest<unknown>('PUT', '/api/desk/import-mappings', { kind, headers, mapping, date_format: dateFormat });
  },
};
