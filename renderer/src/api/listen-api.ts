import { queryOptions } from '@tanstack/react-query';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { ListenUpdate } from '../../../shared/schemas/listen';
import { call } from './call';
import { queryKeys } from './queries';

/** /api/desk/listen: where the desk listens for booking systems, and the port kept from the next start. */
export const listenApi = {
  get: () => call(deskRoutes.getListen),
  /** 422 (with `fields`) comes back as an ApiError for the form. */
  put: (update: ListenUpdate) => call(deskRoutes.putListen, { body: update }),
};

export const listenQuery = () => queryOptions({ queryKey: [...queryKeys.desk, 'listen'], queryFn: listenApi.get });
