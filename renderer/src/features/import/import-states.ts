import type { ImportState } from '../../../../shared/schemas/imports';

export const STATE_LOOK: Record<ImportState, { label: string; color: string }> = {
  running: { label: 'Running', color: 'sky' },
  finished: { label: 'Finished', color: 'teal' },
  cancelled: { label: 'Cancelled', color: 'orange' },
};
