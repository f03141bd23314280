import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { sessionQuery } from '../../../api/queries';
import { receptionKeys } from '../../../api/reception-api';

/**
 * Proxy mode: reception's list and day sheet read the desk's copy of the remote, which the desk
 * refreshes in the background (today's bookings every minute). Nothing tells the page that a
 * booking changed at the remote, so when the session says the copy was fetched again the lists
 * are asked again: a change made at the remote shows within the copy's own refresh interval.
 */
export function useRefetchWhenCopyRefreshed(): void {
  const queryClient = useQueryClient();
  const asOf = useQuery(sessionQuery()).data?.copy?.as_of ?? null;
  const seen = useRef(asOf);
  useEffect(() => {
    if (asOf === seen.current) return;
    seen.current = asOf;
    void queryClient.invalidateQueries({ queryKey: receptionKeys.deskLists });
    void queryClient.invalidateQueries({ queryKey: receptionKeys.daySheets });
  }, [asOf, queryClient]);
}
