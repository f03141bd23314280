import type { ImportRowStatus } from '../../../../../shared/schemas/imports/row-outcomes';

export { isDone, type RowOutcome } from '../../../../../shared/rules/import-outcomes';

/** Words people read in the results table and its filter. */
export const STATUS_LABELS: Record<ImportRowStatus, string> = {
  created: 'Created',
  ok: 'Updated',
  partial_update: 'Saved in part',
  not_found: 'Not found',
  unprocessable_content: 'Refused',
  not_acceptable: 'Too old',
  conflict: 'Conflict',
  left_out: 'Left out',
  not_sent: 'Not sent',
  pending: 'Not sent yet',
};

export const STATUS_COLORS: Record<ImportRowStatus, string> = {
  created: 'teal',
  ok: 'sky',
  partial_update: 'yellow',
  not_found: 'orange',
  unprocessable_content: 'red',
  not_acceptable: 'red',
  conflict: 'red',
  left_out: 'gray',
  not_sent: 'orange',
  pending: 'gray',
};
