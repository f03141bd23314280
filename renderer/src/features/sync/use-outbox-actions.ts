import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxDecisionInput } from '../../../../shared/schemas/outbox';
import { outboxApi, refreshOutbox } from '../../api/outbox-api';
import { saveBlob } from '../../lib/save-blob';

/** A decision on one held write; the answer (taken, or refused with the desk's words) is the caller's to show. */
export function useDecision(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OutboxDecisionInput) => outboxApi.decide(id, input),
    onSettled: () => refreshOutbox(queryClient),
  });
}

/** Takes a decision back, until the write is sent (then the desk answers 409, shown as it says). */
export function useUndoDecision(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (by: string) => outboxApi.undo(id, by),
    onSettled: () => refreshOutbox(queryClient),
  });
}

export function useResolveAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (by: string) => outboxApi.resolveAll(by),
    onSettled: () => refreshOutbox(queryClient),
  });
}

/** "Send now": every waiting write is due at once; the lists follow the replay as it runs. */
export function useSendNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => outboxApi.retry(),
    onSuccess: () =>
      notifications.show({
        color: 'teal',
        title: 'Sending now',
        message: 'Every waiting write is tried at once; the lists follow as they land.',
      }),
    onError: (error) => notifications.show({ color: 'red', title: 'Not started', message: error.message }),
    onSettled: () => refreshOutbox(queryClient),
  });
}

/** The writes that need a person, one row per field, as a file a spreadsheet opens. */
export function useDownloadAttention() {
  return useMutation({
    mutationFn: () => outboxApi.attentionCsv(),
    onSuccess: (file) => saveBlob(file, file.name || 'outbox-needs-attention.csv'),
    onError: (error) => notifications.show({ color: 'red', title: 'No download', message: error.message }),
  });
}
