import { asRecord } from '../objects';
import { SYNC_OUTCOMES } from '../outcomes';
import { IMPORT_DONE_STATUSES, type ImportRowStatus } from '../schemas/imports/row-outcomes';

/** What became of one row of an import: the Sync API's outcome, or the desk's own (left out, not sent). */
export interface RowOutcome {
  status: ImportRowStatus;
  message: string | null;
  /** The record's id when the Sync API answered one. */
  record_id: number | null;
}

/** The Sync API's outcomes (spec 7): one list, in shared/outcomes.ts. */
const SYNC_STATUSES = new Set<string>(SYNC_OUTCOMES);

/** The Sync API's words for a result: its error(s), or for a partial update the warning and the fields kept. */
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
 * One batch result (the local store's or a remote's) → the row's outcome. A result that says
 * nothing was stored (`internal_error`, or a status this desk does not know) counts as not sent:
 * a retry may send it.
 */
export function outcomeOfResult(result: unknown): RowOutcome {
  const body = asRecord(result);
  const status = typeof body.status === 'string' ? body.status : '';
  const recordId = typeof body.id === 'number' ? body.id : null;
  if (SYNC_STATUSES.has(status))
    return { status: status as ImportRowStatus, message: messageOf(body), record_id: recordId };
  return {
    status: 'not_sent',
    message: `not stored by the server (${status || 'no status'}): ${messageOf(body) ?? 'no reason given'}`,
    record_id: null,
  };
}

export function isDone(outcome: RowOutcome | null): boolean {
  return outcome !== null && IMPORT_DONE_STATUSES.includes(outcome.status);
}
