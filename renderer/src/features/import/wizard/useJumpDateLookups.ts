import { useEffect, useRef } from 'react';
import type { ImportKind } from '../../../../../shared/schemas/imports/kinds';
import { importsApi } from '../../../api/imports-api';
import type { ColumnPlan } from '../parsing/column-plan';
import {
  idsToLookUp,
  lookUpJumpDates,
  withLookedUp,
  type JumpDateLookups,
  type StoredJumpOnLookup,
} from '../parsing/old-jump-dates';
import type { CheckSettings } from '../parsing/row-check';
import type { CheckedRows } from '../parsing/wizard-rows';

/** One call to the desk for all of them: the local store, or the remote in proxy mode, answers. */
export const storedJumpOnViaDesk: StoredJumpOnLookup = (externalIds) => importsApi.storedJumpDates(externalIds);

/**
 * A fixed cell (a date, an external id) can leave a row waiting on a lookup the check did not
 * make: this looks those up while the Check step is open and checks the rows again.
 */
export function useJumpDateLookupsAfterEdits(
  kind: ImportKind,
  checked: CheckedRows | null,
  updateRows: (update: (rows: CheckedRows) => CheckedRows) => void,
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
    void lookUpJumpDates(ids, lookups, storedJumpOnViaDesk).then(() => {
      for (const id of ids) inFlight.current.delete(id);
      updateRows((rows) => withLookedUp(rows, new Set(ids), plan, settings));
    });
  }, [kind, checked, updateRows, plan, settings, lookups, paused]);
}
