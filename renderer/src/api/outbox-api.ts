import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { OutboxDecisionInput, OutboxOpDetail, OutboxState } from '../../../shared/schemas/outbox';
import { ApiError } from './client';
import { call, callForAnswer } from './call';
import { queryKeys } from './queries';

/**
 * Proxy mode's outbox (docs/desk-api.md, "Outbox"): the writes waiting for the remote, the ones a
 * person decides, and the ones settled. In local mode the desk answers an empty outbox.
 */

/** A decision or an undo the desk would not take: the write was sent meanwhile (409), or is gone (404). */
export type DecisionAnswer = { done: true; op: OutboxOpDetail } | { done: false; status: number; message: string };

function decisionAnswer(answer: { status: number; body: unknown }): DecisionAnswer {
  if (answer.status === 200) return { done: true, op: answer.body as OutboxOpDetail };
  const body = answer.body as { error?: string; errors?: string[] } | undefined;
  return {
    done: false,
    status: answer.status,
    message: body?.error ?? body?.errors?.join('; ') ?? `the desk answered HTTP ${answer.status}`,
  };
}

export const outboxApi = {
  summary: () => call(deskRoutes.outboxSummary),
  list: (state: OutboxState | undefined, lane?: string, page = 1, perPage = 100) =>
    call(deskRoutes.listOutbox, {
      query: { state, lane, page: String(page), per_page: String(perPage) },
    }),
  get: (id: number) => call(deskRoutes.getOutboxOp, { params: { id } }),
  decide: async (id: number, input: OutboxDecisionInput): Promise<DecisionAnswer> =>
    decisionAnswer(await callForAnswer(deskRoutes.decideOutboxOp, { params: { id }, body: input })),
  undo: async (id: number, by: string): Promise<DecisionAnswer> =>
    decisionAnswer(await callForAnswer(deskRoutes.undoOutboxDecision, { params: { id }, body: { by } })),
  resolveAll: (by: string) => call(deskRoutes.resolveAllOutbox, { body: { by } }),
  attentionCsv: () => call(deskRoutes.exportOutboxAttention),
  retry: () => call(deskRoutes.retryOutbox),
};

/**
 * The outbox's queries: asked again when the desk's change stream says the outbox changed
 * (renderer/src/lib/change-invalidation.ts), which it does as writes are queued, tried, held,
 * decided and landed: no polling.
 */
const outboxKey = ['outbox'] as const;

export const outboxListQuery = (state: OutboxState) =>
  queryOptions({
    queryKey: [...outboxKey, 'list', state],
    queryFn: () => outboxApi.list(state),
    placeholderData: keepPreviousData,
  });

/** The outbox's counts, for the Sync screen's tabs. */
export const outboxSummaryQuery = (enabled: boolean) =>
  queryOptions({ queryKey: [...outboxKey, 'summary'], queryFn: outboxApi.summary, enabled });

/** One record's writes (`booking:<external id>`), for the notice on its page. */
export const outboxLaneQuery = (lane: string) =>
  queryOptions({ queryKey: [...outboxKey, 'lane', lane], queryFn: () => outboxApi.list(undefined, lane) });

export const outboxOpQuery = (id: number) =>
  queryOptions({
    queryKey: [...outboxKey, 'one', id],
    queryFn: () => outboxApi.get(id),
    retry: (failures, error) => !(error instanceof ApiError && error.httpStatus === 404) && failures < 1,
  });

/** After a write or a decision: the outbox's lists and the session (the status bar's counts) read again. */
export function refreshOutbox(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: outboxKey }),
    queryClient.invalidateQueries({ queryKey: [...queryKeys.desk, 'session'] }),
  ]);
}
