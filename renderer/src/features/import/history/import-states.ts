import type { ImportShownState } from '../../../../../shared/schemas/imports/states';

export const STATE_LOOK: Record<ImportShownState, { label: string; color: string }> = {
  running: { label: 'Running', color: 'sky' },
  finished: { label: 'Finished', color: 'teal' },
  cancelled: { label: 'Cancelled', color: 'orange' },
  interrupted: { label: 'Interrupted', color: 'red' },
};
