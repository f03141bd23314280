import type { ImportCounts, ImportRowStatus } from '../../../../../shared/schemas/imports/row-outcomes';
import type { WizardRow } from '../parsing/wizard-rows';

/** Rows by outcome, statuses with no rows left out (the history's `counts` shape). */
export function outcomeCounts(rows: readonly WizardRow[]): ImportCounts {
  const counts: ImportCounts = {};
  for (const row of rows) {
    if (row.outcome) counts[row.outcome.status] = (counts[row.outcome.status] ?? 0) + 1;
  }
  return counts;
}

/** The order outcomes are listed in: what went in, then what needs a look. */
export const STATUS_ORDER: ImportRowStatus[] = [
  'created',
  'ok',
  'partial_update',
  'not_found',
  'unprocessable_content',
  'not_acceptable',
  'conflict',
  'not_sent',
  'pending',
  'left_out',
];
