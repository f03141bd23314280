import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { filmerJumpsHeld } from '../../../../shared/rules/filmer';
import type { Filmer, FilmerWrite } from '../../../../shared/schemas/filmer';
import { jumpsApi } from '../../api/jumps-api';
import { refreshOutbox } from '../../api/outbox-api';
import { SAVED_AT_DESK } from '../../lib/queued-words';
import { queryKeys } from '../../api/queries';
import { syncApi, type WriteOutcome } from '../../api/sync-api';

const listKey = [...queryKeys.filmers, 'list'] as const;

const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.filmers });

export const isSaved = (outcome: WriteOutcome) => outcome.body.status === 'created' || outcome.body.status === 'ok';

/** The server's words for a refusal, one line. */
export function refusalText(outcome: WriteOutcome): string {
  return (
    [...(outcome.body.errors ?? []), ...(outcome.body.error ? [outcome.body.error] : [])].join('; ') ||
    `HTTP ${outcome.httpStatus}`
  );
}

/**
 * A refused delete in words: the Sync API's (the spec's one message), then how many jumps hold the
 * filmer, from the desk's own counts. In proxy mode the desk counts no jumps (the route refuses):
 * the remote's message stands alone.
 */
export async function deleteRefusalText(filmer: Filmer, outcome: WriteOutcome): Promise<string> {
  const text = refusalText(outcome);
  if (outcome.httpStatus !== 422) return text;
  const count = await jumpsApi.counts().then(
    ({ counts }) => counts.find((c) => c.filmer_id === filmer.id)?.count,
    () => undefined,
  );
  return count ? `${text}; ${filmerJumpsHeld(count)}` : text;
}

/** Create or update. Refusals (422, 404) come back as outcomes for the form to show, not as errors. */
export function useSaveFilmer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: FilmerWrite) => syncApi.saveFilmer(write),
    onSuccess: (outcome) => {
      if (outcome.queuedOp !== undefined) void refreshOutbox(queryClient);
      if (isSaved(outcome)) return refresh(queryClient);
    },
  });
}

/**
 * The Active switch: the list flips at once, and flips back (with the reason) if the server
 * refuses or cannot be reached. Both lists (with and without include_all) are patched.
 */
export function useSetFilmerActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ filmer, active }: { filmer: Filmer; active: boolean }) => {
      const outcome = await syncApi.saveFilmer({ id: filmer.id, active });
      if (!isSaved(outcome)) throw new Error(refusalText(outcome));
      return outcome;
    },
    onMutate: async ({ filmer, active }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueriesData<Filmer[]>({ queryKey: listKey });
      queryClient.setQueriesData<Filmer[]>({ queryKey: listKey }, (list) =>
        list?.map((f) => (f.id === filmer.id ? { ...f, active } : f)),
      );
      return { before };
    },
    onError: (error, { filmer, active }, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      notifications.show({
        color: 'red',
        title: `${filmer.name} is still ${active ? 'inactive' : 'active'}`,
        message: `The change was not saved: ${error.message}`,
      });
    },
    onSuccess: (outcome, { filmer, active }) => {
      if (outcome.queuedOp !== undefined) void refreshOutbox(queryClient);
      notifications.show({
        color: 'teal',
        title: active ? `${filmer.name} is active` : `${filmer.name} is inactive`,
        message:
          (active
            ? 'Shown on the tablet list again.'
            : 'Taken off the tablet list; the filmer and their jumps are kept.') +
          (outcome.queuedOp !== undefined ? ` ${SAVED_AT_DESK}.` : ''),
      });
    },
    onSettled: () => refresh(queryClient),
  });
}

/** Delete. `null` when deleted; otherwise the server's outcome (a refusal, or 404 when already gone). */
export function useDeleteFilmer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filmer: Filmer) => syncApi.deleteFilmer(filmer.id),
    onSuccess: (outcome) => {
      if (outcome === null || outcome.httpStatus === 404) return refresh(queryClient);
    },
  });
}
