import { IMPORT_DONE_STATUSES, type ImportRowStatus } from '../../../../shared/schemas/imports';

/** What became of one row: the server's outcome, or the wizard's own (left out, not sent). */
export interface RowOutcome {
  status: ImportRowStatus;
  message: string | null;
  recordId: number | null;
}

const SERVER_STATUSES = new Set<string>(['created', 'ok', 'partial_update', 'not_found', 'unprocessable_content', 'not_acceptable', 'conflict']);

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The server's words for a result: its error(s), or for a partial update the warning and the fields kept. */
function messageOf(result: Record<string, unknown>): string | null {
  const parts: string[] = [];
  if (typeof result.error === 'string') parts.push(result.error);
  if (Array.isArray(result.errors)) parts.push(...result.errors.filter((e): e is string => typeof e === 'string'));
  if (typeof result.warning === 'string') {
    const ignored = Array.isArray(result.ignored_attributes) ? result.ignored_attributes.join(', ') : '';
    parts.push(ignored ? `${result.warning} (kept: ${ignored})` : result.warning);
  }
  return parts.length > 0 ? parts.join('; ') : null;
}

/**
 * One batch result → the row's outcome. A result the server could not store (`internal_error`,
 * or a status this desk does not know) counts as not sent: nothing was stored, a retry may send it.
 */
export function outcomeOfResult(result: unknown): RowOutcome {
  const body = asRecord(result);
  const status = typeof body.status === 'string' ? body.status : '';
  const recordId = typeof body.id === 'number' ? body.id : null;
  if (SERVER_STATUSES.has(status)) return { status: status as ImportRowStatus, message: messageOf(body), recordId };
  return { status: 'not_sent', message: `not stored by the server (${status || 'no status'}): ${messageOf(body) ?? 'no reason given'}`, recordId: null };
}

export function isDone(outcome: RowOutcome | null): boolean {
  return outcome !== null && IMPORT_DONE_STATUSES.includes(outcome.status);
}

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
