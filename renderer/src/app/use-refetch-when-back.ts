import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useReachability } from '../api/reachability';

/** Back after an outage: every query on screen asks again, so what failed meanwhile fills in by itself. */
export function useRefetchWhenBack(): void {
  const queryClient = useQueryClient();
  const { backOnlineAt } = useReachability();
  const seen = useRef(backOnlineAt);
  useEffect(() => {
    if (backOnlineAt === null || backOnlineAt === seen.current) return;
    seen.current = backOnlineAt;
    void queryClient.invalidateQueries();
  }, [backOnlineAt, queryClient]);
}
