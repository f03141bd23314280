import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiTokenKeys, apiTokensApi } from '../../../api/api-tokens-api';

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: apiTokensApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: apiTokensApi.revoke,
    // Refetch after a failure too: a 404 means someone else revoked it already.
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
