import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import type { ImportKind } from '../../../../shared/schemas/imports';
import { ApiError } from '../../api/client';
import { syncApi } from '../../api/sync-api';
import type { ColumnPlan } from './column-plan';
import { idsToLookUp, lookUpJumpDates, withLookedUp, type JumpDateLookups, type StoredJumpOnLookup } from './old-jump-dates';
import type { CheckSettings } from './row-check';
import type { CheckedRows } from './wizard-rows';

/** GET /api/f1/sync/bookings/:external_id: through the desk, so the local store or the remote answers. */
export const storedJumpOnViaSyncApi: StoredJumpOnLookup = async (externalId) => {
  try {
    return (await syncApi.getBooking(externalId)).jump_on ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 404) return null;
    throw error;
  }
};

/**
 * A fixed cell (a date, an external id) can leave a row waiting on a lookup the check did not
 * make: this looks those up while the Check step is open and checks the rows again.
 */
export function useJumpDateLookupsAfterEdits(
  kind: ImportKind,
  checked: CheckedRows | null,
  setChecked: Dispatch<SetStateAction<CheckedRows | null>>,
  plan: ColumnPlan,
  settings: CheckSettings,
  lookups: JumpDateLookups,
  paused: boolean,
): void {
  const inFlight = useRef(new Set<string>());
  useEffect(() => {
    if (kind !== 'bookings' || !checked || paused) return;
    const ids = idsToLookUp(checked.checks, lookups, inFlight.current);
    if (ids.length === 0) return;
    for (const id of ids) inFlight.current.add(id);
    void lookUpJumpDates(ids, lookups, storedJumpOnViaSyncApi).then(() => {
      for (const id of ids) inFlight.current.delete(id);
      setChecked((state) => (state ? withLookedUp(state, new Set(ids), plan, settings) : state));
    });
  }, [kind, checked, setChecked, plan, settings, lookups, paused]);
}
