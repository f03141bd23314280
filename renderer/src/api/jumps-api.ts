import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { JumpCheckInput, JumpWrite } from '../../../shared/schemas/jumps';
import { call } from './call';
import { queryKeys } from './queries';

/**
 * Jumps recorded at the desk (docs/desk-api.md, "Jumps and filmers"). A refusal comes back as an
 * ApiError with `fields` (422) or the booking's reason (409: its album, or proxy mode).
 */
export const jumpsApi = {
  record: (externalId: string, write: JumpWrite) =>
    call(deskRoutes.recordJump, { params: { external_id: externalId }, body: write }),
  check: (externalId: string, input: JumpCheckInput) =>
    call(deskRoutes.checkJump, { params: { external_id: externalId }, body: input }),
  remove: (externalId: string, recordedBy: string) =>
    call(deskRoutes.removeJump, { params: { external_id: externalId }, query: { recorded_by: recordedBy } }),
  ofFilmer: (id: number) => call(deskRoutes.filmerJumps, { params: { id } }),
  counts: () => call(deskRoutes.filmerJumpCounts),
};

/** Under the filmers' key: a change to filmers or jumps refreshes them with the filmer lists. */
export const jumpKeys = {
  ofFilmer: (id: number) => [...queryKeys.filmers, 'jumps', id] as const,
  counts: [...queryKeys.filmers, 'jump-counts'] as const,
};

export const filmerJumpsQuery = (id: number) =>
  queryOptions({ queryKey: jumpKeys.ofFilmer(id), queryFn: () => jumpsApi.ofFilmer(id) });

/** Every filmer's count, for the grid's column (a proxy-mode refusal leaves the column blank). */
export const filmerJumpCountsQuery = () =>
  queryOptions({
    queryKey: jumpKeys.counts,
    queryFn: async () => new Map((await jumpsApi.counts()).counts.map((c) => [c.filmer_id, c.count])),
    retry: false,
  });

/** What Save would refuse and warn about, asked as the person fills the dialog. */
export const jumpCheckQuery = (externalId: string, input: JumpCheckInput | null) =>
  queryOptions({
    queryKey: ['jump-check', externalId, input],
    queryFn: () => jumpsApi.check(externalId, input!),
    enabled: input !== null,
    // The last answer stays on screen while the next is asked: the warnings do not flicker.
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
