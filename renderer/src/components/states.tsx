import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError, OfflineError } from '../api/client';

/** Loading, empty and error states that say what is happening and what to do. */

export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="xl" data-testid="loading">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Center py="xl" data-testid="empty">
      <Stack align="center" gap={4} maw={420}>
        <Text fw={600}>{title}</Text>
        {children && (
          <Text size="sm" c="dimmed" ta="center">
            {children}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

/** What went wrong, in words a desk user can act on, and a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  let title = 'Something went wrong';
  let detail = error instanceof Error ? error.message : String(error);
  if (error instanceof OfflineError) {
    title = 'The desk server does not answer';
    detail = 'Is it still running? Start it again (npm run serve), then retry.';
  } else if (error instanceof ApiError && error.httpStatus === 401) {
    title = 'Not signed in';
    detail = "The desk does not take this page's sign-in any more: sign in again with the desk's sign-in address.";
  } else if (error instanceof ApiError && error.httpStatus === 404) {
    title = 'Not found';
  }
  return (
    <Alert color="red" title={title} data-testid="error" my="md">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{detail}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
