import { queryOptions } from '@tanstack/react-query';
import type { ApiTokenCreate, ApiTokenCreated, ApiTokenInfo } from '../../../shared/schemas/api-tokens';
import { apiGet, apiRequest } from './client';

const PATH = '/api/desk/api-tokens';

/** The booking systems' tokens (/api/desk/api-tokens). A 422 comes back as an ApiError with `fields`. */
export const apiTokensApi = {
  list: () => apiGet<ApiTokenInfo[]>(PATH),
  create: async (input: ApiTokenCreate) => (await apiRequest<ApiTokenCreated>('POST', PATH, input)).body,
  revoke: async (id: number) => void (await apiRequest<null>('DELETE', `${PATH}/${id}`)),
};

/** Mutations invalidate ['api-tokens']: the list is the only query under it. */
export const apiTokenKeys = { all: ['api-tokens'] as const };

export const apiTokensQuery = () => queryOptions({ queryKey: [...apiTokenKeys.all, 'list'], queryFn: apiTokensApi.list });
