import { LIMITS } from '../../shared/limits';
import type { SyncContext, SyncResult } from './context';
import { isPlainObject } from './validation';

/**
 * The batch endpoints' shared machinery: checks the `{ <key>: [...] }` envelope, then runs each
 * element on its own savepoint inside one transaction, and answers one result per element in order.
 * One commit per batch keeps it fast; the savepoints keep each element atomic (spec 4.5).
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
  const results = ctx.store.transaction(() => elements.map((element) => inSavepoint(ctx, () => handleElement(element))));
  return { status: 'ok', body: { results } };
}

/** If an element throws, only its own writes are undone and its result says so; the rest go on. */
function inSavepoint(ctx: SyncContext, work: () => SyncResult): Record<string, unknown> {
  try {
    return ctx.store.transaction(work).body as Record<string, unknown>;
  } catch (error) {
    return { error: `element could not be stored: ${(error as Error).message}`, status: 'internal_error' };
  }
}
