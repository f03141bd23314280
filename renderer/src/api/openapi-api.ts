import { queryOptions } from '@tanstack/react-query';
import { openApiRoutes } from '../../../shared/api/openapi-routes';
import { call } from './call';
import { queryKeys } from './queries';

/** GET /api/openapi.json: the API described, for this desk as it serves now (the reference page). */
export const openApiApi = {
  get: () => call(openApiRoutes.openApiDocument),
};

export const openApiQuery = () =>
  queryOptions({ queryKey: [...queryKeys.desk, 'openapi'], queryFn: openApiApi.get, staleTime: Infinity });
