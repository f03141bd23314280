import { outcomeOfResult, type RowOutcome } from '../../shared/rules/import-outcomes';
import type { Store } from '../store/store';
import { runSettledBatch } from '../sync/batch';
import { ProductCache, upsertBooking } from '../sync/bookings';
import { atOneInstant, timestamp, type SyncContext, type SyncResult } from '../sync/context';
import { filmerView, upsertFilmer } from '../sync/filmers';
import { FilmerMatcher, refusedResult } from './filmer-matching';
import type { BatchAnswer, ImportJobFacts, SendItem } from './import-job';

/**
 * One batch into the local store, by the Sync API's own rules (as POST /bookings/batch and
 * /filmers/batch run them: one transaction, a savepoint per element). Each row's outcome is written
 * in its element's savepoint, so the history and the store can never disagree: a row is recorded
 * created exactly when its booking was created. A batch that cannot be written at all (the store
 * is locked past its timeout, the disk is full) rolls back whole and is no answer: its rows stay pending.
 */
export function sendBatchLocally(
  store: Store,
  now: () => Date,
  job: ImportJobFacts,
  batch: readonly SendItem[],
): BatchAnswer {
  // One batch happens at one instant, as one request to the batch endpoint does.
  const ctx = atOneInstant({ store, dropzone: job.dropzone, now });
  const at = timestamp(ctx);
  const outcomes: RowOutcome[] = [];
  const settle = (item: SendItem, result: Record<string, unknown>) => {
    const outcome = outcomeOfResult(result);
    store.imports.recordOutcome(job.importId, item.row_number, outcome, at);
    outcomes.push(outcome);
  };
  try {
    runSettledBatch(ctx, batch, elementHandler(ctx, job), settle);
    return { ok: true, outcomes };
  } catch (error) {
    return { ok: false, error: `the desk's store could not write the batch: ${(error as Error).message}` };
  }
}

function elementHandler(
  ctx: SyncContext,
  job: ImportJobFacts,
): (item: SendItem) => SyncResult<Record<string, unknown>> {
  if (job.kind === 'bookings') {
    const products = new ProductCache(ctx);
    return (item) => upsertBooking(ctx, item.record, products, 'summary');
  }
  // Read inside the batch's transaction (at its first element): what the store holds as the batch is written.
  let matcher: FilmerMatcher | undefined;
  return (item) => {
    matcher ??= new FilmerMatcher(ctx.store.filmers.list(ctx.dropzone.id, true).map(filmerView));
    const address = matcher.addressed(item.record);
    if ('refused' in address) return { status: 'conflict', body: refusedResult(address.refused) };
    const result = upsertFilmer(ctx, address.record, 'batch');
    // A later row of the same file with this e-mail updates the filmer this row made.
    if (result.status === 'created') matcher.remember(result.body);
    return result;
  };
}
