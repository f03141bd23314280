import { Alert, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConnectionMode, ConnectionTestResult, ConnectionView } from '../../../../../shared/schemas/connection';
import { ApiError } from '../../../api/client';
import { connectionQuery } from '../../../api/queries';
import { deskApi } from '../../../api/sync-api';
import {
  formErrorsOf,
  formValuesOf,
  saveRequest,
  testRequest,
  type ConnectionFormErrors,
  type ConnectionFormValues,
} from './connection-form';
import { CredentialsFields } from './CredentialsFields';
import { LabelledSegments } from './LabelledSegments';
import { TestResult } from './TestResult';

const MODES: { value: ConnectionMode; label: string }[] = [
  { value: 'local', label: 'Local store' },
  { value: 'proxy', label: 'Proxy to a remote server' },
];

const OVERRIDE_WORDS: Record<ConnectionView['overridden'][number], string> = {
  mode: 'The mode was set at start-up (--mode) for this run.',
  remote_url: 'The remote URL was set at start-up (--remote-url) for this run.',
  credentials: 'The bearer token was set at start-up (DESK_REMOTE_TOKEN) for this run.',
};

function OverriddenNote({ settings }: { settings: ConnectionView['overridden'] }) {
  return (
    <Alert color="yellow" variant="light" title="Set at start-up for this run" data-testid="connection-overridden">
      <Stack gap={2}>
        {settings.map((setting) => (
          <Text size="sm" key={setting}>
            {OVERRIDE_WORDS[setting]}
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          Saving a setting here replaces the start-up value for the rest of this run and keeps it.
        </Text>
      </Stack>
    </Alert>
  );
}

/** Mode, remote URL, credentials and timeout: saved together, or tried first with "Test connection". */
export function ConnectionForm({ view }: { view: ConnectionView }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const [testResult, setTestResult] = useState<ConnectionTestResult | null>(null);
  const form = useForm<ConnectionFormValues>({
    initialValues: formValuesOf(view),
    // A change makes "Saved" and the server's general message old news; a field's own message goes with it (the kit's default).
    onValuesChange: () => {
      setSaved(false);
      form.setErrors(({ form: _stale, ...rest }) => rest);
    },
  });
  const errors = form.errors as ConnectionFormErrors;

  const onServerError = (error: unknown) => {
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(formErrorsOf(error.fields));
    else form.setErrors({ form: error instanceof Error ? error.message : String(error) });
  };

  const save = useMutation({
    mutationFn: deskApi.putConnection,
    onSuccess: async (next) => {
      form.setValues(formValuesOf(next));
      form.clearErrors();
      setSaved(true);
      queryClient.setQueryData(connectionQuery().queryKey, next);
      // The data source changed: every screen's data is stale now.
      await queryClient.invalidateQueries();
    },
    onError: onServerError,
  });

  const test = useMutation({
    mutationFn: deskApi.testConnection,
    onMutate: () => setTestResult(null),
    onSuccess: setTestResult,
    onError: onServerError,
  });

  const onSave = form.onSubmit((values) => {
    const checked = saveRequest(values, view);
    if (checked.errors) form.setErrors(checked.errors);
    else save.mutate(checked.body);
  });
  const onTest = () => {
    const checked = testRequest(form.getValues(), view);
    if (checked.errors) form.setErrors(checked.errors);
    else test.mutate(checked.body);
  };

  const proxy = form.values.mode === 'proxy';
  return (
    <form onSubmit={onSave} noValidate aria-label="Connection settings" data-testid="connection-form">
      <Stack gap="sm">
        <LabelledSegments
          label="Where the data comes from"
          value={form.values.mode}
          onChange={(mode) => form.setFieldValue('mode', mode)}
          data={MODES}
          error={errors.mode}
          hint={
            proxy
              ? 'Every Sync API call goes to the remote server; the screens show its data.'
              : 'The desk answers from the store on this computer.'
          }
          testId="connection-mode"
        />
        <TextInput
          label="Remote base URL"
          description="The service’s base URL; the desk adds /api/f1/sync"
          placeholder="https://sync.example.com"
          {...form.getInputProps('remoteUrl')}
          withAsterisk={proxy}
          spellCheck={false}
          autoComplete="off"
        />
        <CredentialsFields form={form} stored={view.credentials} />
        <NumberInput
          label="Request timeout (ms)"
          description="The whole call, from connecting to the last byte (100 – 600000)"
          {...form.getInputProps('timeoutMs')}
          min={100}
          max={600_000}
          step={1000}
          allowDecimal={false}
          maw={260}
          thousandSeparator=" "
        />
        {view.overridden.length > 0 && <OverriddenNote settings={view.overridden} />}
        {errors.form && (
          <Alert color="red" title="Not saved" data-testid="connection-error">
            {errors.form}
          </Alert>
        )}
        {testResult && <TestResult result={testResult} />}
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            Secrets are never shown again; kept in a {view.secret_store}.
          </Text>
          <Group gap="xs">
            {saved && (
              <Text size="sm" c="teal" data-testid="connection-saved" role="status">
                Saved
              </Text>
            )}
            <Button variant="default" onClick={onTest} loading={test.isPending}>
              Test connection
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
