import { queryOptions } from '@tanstack/react-query';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { ApiTokenCreate } from '../../../shared/schemas/api-tokens';
import { call } from './call';

/** The booking systems' tokens (/api/desk/api-tokens). A 422 comes back as an ApiError with `fields`. */
export const apiTokensApi = {
  list: () => call(deskRoutes.listApiTokens),
  create: (input: ApiTokenCreate) => call(deskRoutes.createApiToken, { body: input }),
  revoke: async (id: number) => void (await call(deskRoutes.revokeApiToken, { params: { id } })),
};

/** Mutations invalidate ['api-tokens']: the list is the only query under it. */
export const apiTokenKeys = { all: ['api-tokens'] as const };

export const apiTokensQuery = () =>
  queryOptions({ queryKey: [...apiTokenKeys.all, 'list'], queryFn: apiTokensApi.list });
