import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { PASSPHRASE_MIN_LENGTH } from '../../../../shared/schemas/admin';
import { adminUnlockRequested, answerAdminUnlock, subscribeAdminRequests } from '../../api/admin-gate';
import { adminApi, adminKeys, adminStateQuery } from '../../api/admin-api';
import { adminUnlock, forgetAdminUnlock } from '../../api/admin-unlock';
import { ApiError } from '../../api/client';
import { DIALOG_STYLES } from '../../components/dialog-styles';
import { ADMIN_SCOPE, RESET_HINT } from '../../lib/admin-words';

/**
 * The dialog an administrator action opens when this window is not unlocked (api/admin-gate.ts):
 * the passphrase, or, on a desk that has none yet, setting it up. Mounted once, in App. Also ends
 * the window's unlock when its time is up, so the status bar never shows a stale one.
 */
export function AdminUnlockHost() {
  const requested = useSyncExternalStore(subscribeAdminRequests, adminUnlockRequested);
  useUnlockExpiry();
  return (
    <Modal
      opened={requested}
      onClose={() => answerAdminUnlock(false)}
      title="Administrator passphrase"
      data-testid="admin-unlock-dialog"
      styles={DIALOG_STYLES}
      // Above the dialog whose action asked for it (a confirmation is often open underneath).
      zIndex={400}
    >
      {requested && <UnlockBody />}
    </Modal>
  );
}

function useUnlockExpiry() {
  useEffect(() => {
    const timer = window.setInterval(() => {
      const unlock = adminUnlock();
      if (unlock && Date.parse(unlock.expiresAt) <= Date.now()) forgetAdminUnlock();
    }, 5_000);
    return () => window.clearInterval(timer);
  }, []);
}

function failureOf(error: unknown): string {
  return error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error);
}

function UnlockBody() {
  const state = useQuery({ ...adminStateQuery(), staleTime: 0 });
  if (state.isPending) return <Text size="sm">Checking…</Text>;
  if (state.isError)
    return (
      <Alert color="red" role="alert">
        {failureOf(state.error)}
      </Alert>
    );
  return state.data.passphrase_set ? <UnlockForm /> : <FirstPassphraseForm />;
}

function UnlockForm() {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { passphrase: '' }, onValuesChange: () => setFailure(null) });
  const unlock = useMutation({
    mutationFn: adminApi.unlock,
    onSuccess: () => answerAdminUnlock(true),
    onError: (error) => setFailure(failureOf(error)),
  });
  return (
    <form
      onSubmit={form.onSubmit(({ passphrase }) => unlock.mutate(passphrase))}
      noValidate
      aria-label="Unlock administrator actions"
    >
      <Stack gap="md">
        <Text size="sm">{ADMIN_SCOPE} This window stays unlocked until you lock it or leave it idle for a while.</Text>
        <PasswordInput
          label="Administrator passphrase"
          autoComplete="current-password"
          data-autofocus
          error={failure}
          {...form.getInputProps('passphrase')}
          data-testid="admin-passphrase"
        />
        <Text size="xs" c="dimmed">
          {RESET_HINT}
        </Text>
        <Group justify="flex-end" gap="sm" className="dialog-footer">
          <Button variant="default" onClick={() => answerAdminUnlock(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={unlock.isPending} data-testid="admin-unlock">
            Unlock
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A desk without a passphrase: whoever sets it up here is its administrator. */
function FirstPassphraseForm() {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { passphrase: '', repeat: '' },
    validate: {
      passphrase: (value) =>
        value.length < PASSPHRASE_MIN_LENGTH ? `At least ${PASSPHRASE_MIN_LENGTH} characters` : null,
      repeat: (value, values) => (value !== values.passphrase ? 'Not the same as above' : null),
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const set = useMutation({
    mutationFn: (passphrase: string) => adminApi.setPassphrase(passphrase),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      answerAdminUnlock(true);
    },
    onError: (error) => setFailure(failureOf(error)),
  });
  return (
    <form
      onSubmit={form.onSubmit(({ passphrase }) => set.mutate(passphrase))}
      noValidate
      aria-label="Set the administrator passphrase"
    >
      <Stack gap="md">
        <Text size="sm">
          {ADMIN_SCOPE} This desk has no administrator passphrase yet: choose one now. Share it only with those who
          administer the desk.
        </Text>
        <PasswordInput
          label="New administrator passphrase"
          autoComplete="new-password"
          data-autofocus
          {...form.getInputProps('passphrase')}
          data-testid="admin-new-passphrase"
        />
        <PasswordInput
          label="The same again"
          autoComplete="new-password"
          {...form.getInputProps('repeat')}
          data-testid="admin-repeat-passphrase"
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" className="dialog-footer">
          <Button variant="default" onClick={() => answerAdminUnlock(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={set.isPending} data-testid="admin-set-passphrase">
            Set passphrase and unlock
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
