import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { watchDeskChanges } from '../api/desk-changes';
import { keysShowing } from '../lib/change-invalidation';

/**
 * Keeps every screen of this window live: what another window, another tab or the booking system
 * changed is asked again as soon as the desk says so (GET /api/desk/changes), without polling.
 * Each time the stream (re)opens, everything is asked again once: changes made while it was
 * down were never told.
 */
export function useLiveChanges(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      watchDeskChanges({
        onChanges: (changes) => {
          for (const change of changes)
            for (const queryKey of keysShowing(change)) void queryClient.invalidateQueries({ queryKey });
        },
        onConnected: () => void queryClient.invalidateQueries(),
      }),
    [queryClient],
  );
}
