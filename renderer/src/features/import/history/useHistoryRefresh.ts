import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { importKeys } from '../../../api/import-queries';
import { useLiveImports } from '../common/live-imports';

/** While the desk sends an import, the history's figures are read again this often. */
export const HISTORY_REFRESH_MS = 1_000;

/**
 * Keeps the history's pages current while the desk sends imports (from this window or any other):
 * returns the refetch interval for their queries, and refreshes them at once when one ends.
 */
export function useHistoryRefresh(): number | false {
  const queryClient = useQueryClient();
  const { running, ended } = useLiveImports();
  const seen = useRef(ended);
  useEffect(() => {
    if (seen.current === ended) return;
    seen.current = ended;
    void queryClient.invalidateQueries({ queryKey: importKeys.all });
  }, [ended, queryClient]);
  return running.size > 0 ? HISTORY_REFRESH_MS : false;
}
