import { Alert, Text } from '@mantine/core';
import { ApiError } from '../../api/client';
import { ErrorState } from '../../components/states';

/** Why a record could not be shown. An unknown id needs no retry, just a way back. */
export function DetailError({
  error,
  kind,
  id,
  onRetry,
}: {
  error: unknown;
  kind: 'product' | 'upgrade';
  id: number;
  onRetry: () => void;
}) {
  if (error instanceof ApiError && error.httpStatus === 404) {
    return (
      <Alert color="gray" title={`No ${kind} with id ${Number.isNaN(id) ? '?' : id}`} data-testid="detail-not-found">
        <Text size="sm">It is not in the catalogue (any more). Close this panel and pick one from the list.</Text>
      </Alert>
    );
  }
  return <ErrorState error={error} onRetry={onRetry} />;
}

/** Retry a failed detail load once, but not an unknown id: the answer will not change. */
export function retryUnlessNotFound(failures: number, error: unknown): boolean {
  return !(error instanceof ApiError && error.httpStatus === 404) && failures < 1;
}
