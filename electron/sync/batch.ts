import { LIMITS } from '../../shared/limits';
import type { SyncContext, SyncResult } from './context';
import { isPlainObject } from './validation';

/**
 * The batch endpoints' shared machinery: checks the `{ <key>: [...] }` envelope, then runs every
 * element inside one transaction and answers one result per element in order. One commit per
 * batch keeps it fast. Each element stays atomic (spec 4.5) because `handleElement` makes all its
 * writes inside its own `store.transaction`, which nested here is a savepoint of its own.
 */
export function runBatch(
  ctx: SyncContext,
  body: unknown,
  key: 'bookings' | 'filmers',
  handleElement: (element: unknown) => SyncResult,
): SyncResult {
  if (!isPlainObject(body) || !Array.isArray(body[key])) {
    return { status: 'unprocessable_content', body: { error: `body must be an object with a "${key}" array`, status: 'unprocessable_content' } };
  }
  const elements = body[key] as unknown[];
  if (elements.length > LIMITS.batchMaxElements) {
    return {
      status: 'content_too_large',
      body: {
        error: `batch holds ${elements.length} ${key}; at most ${LIMITS.batchMaxElements} are accepted per request, split it`,
        status: 'content_too_large',
      },
    };
  }
  const results = ctx.store.transaction(() => elements.map((element) => resultOf(() => handleElement(element))));
  return { status: 'ok', body: { results } };
}

/**
 * A batch's elements as the desk's own imports run them: the same transaction and the same
 * per-element atomicity as runBatch, and `settle` is told each element's result inside that
 * element's savepoint, so what it writes about the element (an import's row outcome) commits or
 * rolls back with the element itself. An element that throws (its savepoint undone) is settled
 * with its internal_error result in the batch's transaction, as the batch endpoint answers it.
 */
export function runSettledBatch<T>(
  ctx: SyncContext,
  elements: readonly T[],
  handleElement: (element: T) => SyncResult,
  settle: (element: T, result: Record<string, unknown>) => void,
): Record<string, unknown>[] {
  const { store } = ctx;
  return store.transaction(() =>
    elements.map((element) => {
      try {
        return store.transaction(() => {
          const result = handleElement(element).body as Record<string, unknown>;
          settle(element, result);
          return result;
        });
      } catch (error) {
        const result = failedElement(error);
        settle(element, result);
        return result;
      }
    }),
  );
}

function failedElement(error: unknown): Record<string, unknown> {
  return { error: `element could not be stored: ${(error as Error).message}`, status: 'internal_error' };
}

/** If an element throws, its savepoint has already undone its writes; its result says so, the rest go on. */
function resultOf(work: () => SyncResult): Record<string, unknown> {
  try {
    return work().body as Record<string, unknown>;
  } catch (error) {
    return failedElement(error);
  }
}
