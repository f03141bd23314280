import { IMPORT_LIMITS, type ImportCreate, type ImportKind, type ImportMapping, type ImportRow, type ImportRowInput, type ImportState, type ImportSummary } from '../../../shared/schemas/imports';
import { apiGet, apiRequest, apiSendOnUnload, SYNC } from './client';

/** The Sync API's batch endpoints (spec 4.1, 4.2): one result per element, in order. */
export const batchApi = {
  send: async (kind: ImportKind, records: readonly object[]): Promise<unknown[]> => {
    const { body } = await apiRequest<{ results?: unknown }>('POST', `${SYNC}/${kind}/batch`, { [kind]: records });
    if (!body || !Array.isArray(body.results) || body.results.length !== records.length) {
      throw new Error(`the server's answer does not hold one result per ${kind === 'bookings' ? 'booking' : 'filmer'} sent`);
    }
    return body.results;
  },
};

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

/** Import history and remembered mappings, kept by the desk itself (shared/schemas/imports.ts). */
export const importsApi = {
  list: () => apiGet<{ imports: ImportSummary[] }>('/api/desk/imports'),
  get: (id: number) => apiGet<ImportSummary>(`/api/desk/imports/${id}`),
  create: async (body: ImportCreate) => (await apiRequest<ImportSummary>('POST', '/api/desk/imports', body)).body,
  setState: async (id: number, state: ImportState) => (await apiRequest<ImportSummary>('PATCH', `/api/desk/imports/${id}`, { state })).body,
  remove: (id: number) => apiRequest<null>('DELETE', `/api/desk/imports/${id}`),
  /** The sending window is still there (every IMPORT_LEASE_RENEW_MS while it sends). */
  renewLease: async (id: number) => {
    await apiRequest<null>('PUT', `/api/desk/imports/${id}/lease`);
  },
  /** The sending window is unloading: the import shows as interrupted at once. */
  releaseLeaseOnUnload: (id: number) => apiSendOnUnload('DELETE', `/api/desk/imports/${id}/lease`),
  recordRows: async (id: number, rows: ImportRowInput[]) => {
    await apiRequest<unknown>('POST', `/api/desk/imports/${id}/rows`, { rows });
  },
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
