import { useMutation, useQueryClient } from '@tanstack/react-query';
import { desksApi, desksKeys } from '../../../api/desks-api';

export function useSetLan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: desksApi.setLan,
    onSuccess: (view) => queryClient.setQueryData([...desksKeys.all, 'view'], view),
    onSettled: () => queryClient.invalidateQueries({ queryKey: desksKeys.all }),
  });
}

export function useNewPairingCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: desksApi.newCode,
    // The first code makes the certificate: the view then shows its fingerprint.
    onSettled: () => queryClient.invalidateQueries({ queryKey: desksKeys.all }),
  });
}

export function useRevokeDesk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: desksApi.revoke,
    // After a failure too: a 404 means it was revoked already (the CLI, another window).
    onSettled: () => queryClient.invalidateQueries({ queryKey: desksKeys.all }),
  });
}
