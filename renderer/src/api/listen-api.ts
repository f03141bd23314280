import { queryOptions } from '@tanstack/react-query';
import type { ListenUpdate, ListenView } from '../../../shared/schemas/listen';
import { apiGet, apiRequest } from './client';
import { queryKeys } from './queries';

/** /api/desk/listen: where the desk listens for booking systems, and the port kept from the next start. */
export const listenApi = {
  get: () => apiGet<ListenView>('/api/desk/listen'),
  /** 422 (with `fields`) comes back as an ApiError for the form. */
  put: async (update: ListenUpdate) => (await apiRequest<ListenView>('PUT', '/api/desk/listen', update)).body,
};

export const listenQuery = () => queryOptions({ queryKey: [...queryKeys.desk, 'listen'], queryFn: listenApi.get });
