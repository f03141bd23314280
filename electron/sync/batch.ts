import { LIMITS } from '../../shared/limits';
import type { SyncContext, SyncResult } from './context';

/** One element's result in a batch answer: its record or its refusal, an object either way. */
type ElementResult = SyncResult<Record<string, unknown>>;
import { isObject } from '../../shared/objects';

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
  handleElement: (element: unknown) => ElementResult,
): SyncResult<{ results: Record<string, unknown>[] }> {
  if (!isObject(body) || !Array.isArray(body[key])) {
    return {
      status: 'unprocessable_content',
      body: { error: `body must be an object with a "${key}" array`, status: 'unprocessable_content' },
    };
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
 * A batch's elements as the desk's own imports run them: exactly as runBatch runs them (one
 * transaction, a savepoint per element), and `settle` is told each element's result right after
 * it, in the same transaction. So what it writes about the element (an import's row outcome)
 * commits with the element; if writing it fails, the whole batch rolls back and this throws:
 * nothing of the batch is stored, and nothing of it is recorded.
 */
export function runSettledBatch<T>(
  ctx: SyncContext,
  elements: readonly T[],
  handleElement: (element: T) => ElementResult,
  settle: (element: T, result: Record<string, unknown>) => void,
): Record<string, unknown>[] {
  return ctx.store.transaction(() =>
    elements.map((element) => {
      const result = resultOf(() => handleElement(element));
      settle(element, result);
      return result;
    }),
  );
}

function failedElement(error: unknown): Record<string, unknown> {
  return { error: `element could not be stored: ${(error as Error).message}`, status: 'internal_error' };
}

/** If an element throws, its savepoint has already undone its writes; its result says so, the rest go on. */
function resultOf(work: () => ElementResult): Record<string, unknown> {
  try {
    return work().body;
  } catch (error) {
    return failedElement(error);
  }
}
