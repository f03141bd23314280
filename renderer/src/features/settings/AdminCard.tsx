import { Alert, Button, Card, Collapse, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PASSPHRASE_MIN_LENGTH } from '../../../../shared/schemas/admin';
import { requestAdminUnlock } from '../../api/admin-gate';
import { adminApi, adminKeys, adminStateQuery } from '../../api/admin-api';
import { ApiError } from '../../api/client';
import { ADMIN_SCOPE, RESET_HINT } from '../../lib/admin-words';
import { useAdminUnlock } from '../../lib/use-admin-unlock';

/** Settings → Administrator: whether a passphrase is set, this window's unlock, changing the passphrase. */
export function AdminCard() {
  const state = useQuery(adminStateQuery());
  const unlock = useAdminUnlock();
  const [changing, setChanging] = useState(false);
  const queryClient = useQueryClient();
  const isSet = state.data?.passphrase_set === true;
  const ask = async () => {
    await requestAdminUnlock();
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  };
  return (
    <Card withBorder padding="lg" data-testid="admin-card">
      <Title order={4} mb="xs">
        Administrator
      </Title>
      <Stack gap="sm">
        <Text size="sm">{ADMIN_SCOPE}</Text>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" fw={600} data-testid="admin-state">
            {!state.data
              ? '…'
              : !isSet
                ? 'No administrator passphrase is set yet.'
                : unlock
                  ? `Unlocked in this window until ${new Date(unlock.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.`
                  : 'Locked in this window.'}
          </Text>
          <Group gap="xs">
            {unlock ? (
              <Button variant="default" size="xs" onClick={() => void adminApi.lock()} data-testid="admin-lock">
                Lock
              </Button>
            ) : (
              <Button
                variant="light"
                size="xs"
                onClick={() => void ask()}
                disabled={!state.data}
                data-testid="admin-open-unlock"
              >
                {isSet ? 'Unlock' : 'Set passphrase'}
              </Button>
            )}
            {isSet && (
              <Button variant="subtle" size="xs" onClick={() => setChanging((open) => !open)} aria-expanded={changing}>
                Change passphrase
              </Button>
            )}
          </Group>
        </Group>
        <Collapse expanded={changing}>
          {changing && <ChangePassphraseForm onDone={() => setChanging(false)} />}
        </Collapse>
        <Text size="xs" c="dimmed">
          {RESET_HINT}
        </Text>
      </Stack>
    </Card>
  );
}

function ChangePassphraseForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { current: '', passphrase: '', repeat: '' },
    validate: {
      current: (value) => (value === '' ? 'Needed to change it' : null),
      passphrase: (value) =>
        value.length < PASSPHRASE_MIN_LENGTH ? `At least ${PASSPHRASE_MIN_LENGTH} characters` : null,
      repeat: (value, values) => (value !== values.passphrase ? 'Not the same as above' : null),
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: ({ current, passphrase }: { current: string; passphrase: string }) =>
      adminApi.setPassphrase(passphrase, current),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      onDone();
    },
    onError: (error) => {
      const current = error instanceof ApiError ? error.fields.current_passphrase : undefined;
      if (current) form.setFieldError('current', 'This is not the current passphrase');
      else setFailure(error.message);
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => change.mutate(values))}
      noValidate
      aria-label="Change the administrator passphrase"
    >
      <Stack gap="sm" maw={420}>
        <PasswordInput label="Current passphrase" autoComplete="current-password" {...form.getInputProps('current')} />
        <PasswordInput label="New passphrase" autoComplete="new-password" {...form.getInputProps('passphrase')} />
        <PasswordInput label="The same again" autoComplete="new-password" {...form.getInputProps('repeat')} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          Other windows that are unlocked are locked by the change.
        </Text>
        <Group gap="sm">
          <Button type="submit" size="xs" loading={change.isPending}>
            Change passphrase
          </Button>
          <Button variant="default" size="xs" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
