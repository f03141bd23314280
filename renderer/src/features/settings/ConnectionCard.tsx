import { Alert, Badge, Button, Card, Group, NumberInput, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ConnectionMode, ConnectionTestResult, ConnectionView, CredentialsInput, ProbeResultKind } from '../../../../shared/schemas/desk';
import { ApiError } from '../../api/client';
import { connectionQuery } from '../../api/queries';
import { deskApi } from '../../api/sync-api';
import { ErrorState, LoadingState } from '../../components/states';

type CredentialKind = CredentialsInput['kind'];

interface FormValues {
  mode: ConnectionMode;
  remoteUrl: string;
  credKind: CredentialKind;
  token: string;
  headerName: string;
  headerValue: string;
  timeoutMs: number | string;
}

/** Each failed test result in plain words, and what to do about it. */
const RESULT_WORDS: Record<Exclude<ProbeResultKind, 'ok'>, { title: string; hint: string }> = {
  dns: { title: 'Host name not found', hint: 'The host name does not resolve: check the spelling of the URL and that this computer is online.' },
  refused: { title: 'Connection refused', hint: 'Nothing listens at that address and port: check the port, and that the remote server is running.' },
  reset: { title: 'Connection cut by the remote', hint: 'The remote closed the connection before answering: check http vs https and the port.' },
  unreachable: { title: 'Remote unreachable', hint: 'There is no route to that host: check the network connection, VPN or firewall.' },
  tls: { title: 'Secure connection (TLS) failed', hint: 'Check that the URL should be https, and that the server has a valid certificate.' },
  timeout: { title: 'No answer in time', hint: 'The remote did not answer within the timeout: try again, or raise the request timeout.' },
  credentials_rejected: { title: 'Credentials rejected', hint: 'The remote refused the token or header: check the credentials below.' },
  not_sync_api: { title: 'Not a Sync API at that address', hint: 'Something answered, but not the Sync API: check the base URL (without /api/f1/sync).' },
  http_error: { title: 'The Sync API answered with an error', hint: 'The remote is there but failing: try again later, or ask its operator.' },
};

const OVERRIDE_WORDS: Record<ConnectionView['overridden'][number], string> = {
  mode: 'The mode was set at start-up (--mode) for this run.',
  remote_url: 'The remote URL was set at start-up (--remote-url) for this run.',
  credentials: 'The bearer token was set at start-up (DESK_REMOTE_TOKEN) for this run.',
};

function initialValues(view: ConnectionView): FormValues {
  return {
    mode: view.mode,
    remoteUrl: view.remote_url ?? '',
    credKind: view.credentials.kind,
    token: '',
    headerName: view.credentials.kind === 'header' ? view.credentials.name : '',
    headerValue: '',
    timeoutMs: view.request_timeout_ms,
  };
}

/**
 * The credentials to send, or undefined to keep the stored ones. A blank secret keeps what is
 * stored when the kind (and header name) did not change; otherwise it is a field error.
 */
function credentialsToSend(values: FormValues, stored: ConnectionView['credentials']): { credentials?: CredentialsInput; error?: [string, string] } {
  if (values.credKind === 'none') return stored.kind === 'none' ? {} : { credentials: { kind: 'none' } };
  if (values.credKind === 'bearer') {
    if (values.token.trim()) return { credentials: { kind: 'bearer', token: values.token.trim() } };
    return stored.kind === 'bearer' ? {} : { error: ['token', 'Enter the bearer token the remote expects'] };
  }
  const name = values.headerName.trim();
  if (!name) return { error: ['headerName', 'Enter the header name, e.g. X-Api-Key'] };
  if (values.headerValue) return { credentials: { kind: 'header', name, value: values.headerValue } };
  if (stored.kind === 'header' && stored.name === name) return {};
  return { error: ['headerValue', 'Enter the header value'] };
}

/** Server field keys (`remote_url`, `credentials.token`…) onto the form's fields. */
function mapServerFields(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const target =
      key === 'remote_url' ? 'remoteUrl'
      : key.startsWith('credentials.token') ? 'token'
      : key.startsWith('credentials.name') ? 'headerName'
      : key.startsWith('credentials.value') ? 'headerValue'
      : key.startsWith('credentials') ? 'credentials'
      : key === 'request_timeout_ms' ? 'timeoutMs'
      : key === 'mode' ? 'mode'
      : 'form';
    out[target] = out[target] ? `${out[target]}; ${message}` : message;
  }
  return out;
}

function TestResult({ result }: { result: ConnectionTestResult }) {
  if (result.ok) {
    return (
      <Alert color="teal" title="Connected: the remote answers like a Sync API" data-testid="connection-test-result" data-result="ok">
        <Text size="sm">
          Catalogue version <b>{result.catalogue_version ?? '?'}</b>
          {result.product_count !== null && `, ${result.product_count} products`}, in {Math.round(result.duration_ms)} ms.
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {result.tested_url}
        </Text>
      </Alert>
    );
  }
  const words = RESULT_WORDS[result.result as Exclude<ProbeResultKind, 'ok'>];
  return (
    <Alert color="red" title={words.title} data-testid="connection-test-result" data-result={result.result}>
      <Stack gap={4}>
        <Text size="sm">{words.hint}</Text>
        <Text size="sm" c="dimmed">
          The desk says: {result.message}
          {result.http_status !== null && ` (HTTP ${result.http_status})`}
        </Text>
      </Stack>
    </Alert>
  );
}

function ConnectionForm({ view }: { view: ConnectionView }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FormValues>(() => initialValues(view));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [testResult, setTestResult] = useState<ConnectionTestResult | null>(null);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      const { [key]: _dropped, form: _form, ...rest } = e;
      return rest;
    });
    setSaved(false);
  };

  const onServerError = (error: unknown) => {
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(mapServerFields(error.fields));
    else setErrors({ form: error instanceof Error ? error.message : String(error) });
  };

  const save = useMutation({
    mutationFn: deskApi.putConnection,
    onSuccess: async (next) => {
      setValues(initialValues(next));
      setErrors({});
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

  const timeout = typeof values.timeoutMs === 'number' ? values.timeoutMs : undefined;
  const url = values.remoteUrl.trim();

  const onSave = (event?: FormEvent) => {
    event?.preventDefault();
    const creds = credentialsToSend(values, view.credentials);
    if (creds.error && (values.mode === 'proxy' || values.credKind !== 'none')) {
      setErrors({ [creds.error[0]]: creds.error[1] });
      return;
    }
    if (values.mode === 'proxy' && !url) {
      setErrors({ remoteUrl: 'Enter the remote server’s base URL, e.g. https://sync.example.com' });
      return;
    }
    save.mutate({
      mode: values.mode,
      ...(url ? { remote_url: url } : view.remote_url !== null ? { remote_url: null } : {}),
      ...(creds.credentials ? { credentials: creds.credentials } : {}),
      ...(timeout !== undefined && timeout !== view.request_timeout_ms ? { request_timeout_ms: timeout } : {}),
    });
  };

  const onTest = () => {
    if (!url && !view.remote_url) {
      setErrors({ remoteUrl: 'Enter the remote server’s base URL to test' });
      return;
    }
    const creds = credentialsToSend(values, view.credentials);
    if (creds.error) {
      setErrors({ [creds.error[0]]: creds.error[1] });
      return;
    }
    test.mutate({
      ...(url ? { remote_url: url } : {}),
      ...(creds.credentials ? { credentials: creds.credentials } : {}),
      ...(timeout !== undefined ? { request_timeout_ms: timeout } : {}),
    });
  };

  const secretSet = (kind: CredentialKind) => view.credentials.set && view.credentials.kind === kind;
  const proxy = values.mode === 'proxy';

  return (
    <form onSubmit={onSave} noValidate aria-label="Connection settings" data-testid="connection-form">
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} mb={4} id="connection-mode-label">
            Where the data comes from
          </Text>
          <SegmentedControl
            aria-labelledby="connection-mode-label"
            value={values.mode}
            onChange={(mode) => set('mode', mode as ConnectionMode)}
            data={[
              { value: 'local', label: 'Local store' },
              { value: 'proxy', label: 'Proxy to a remote server' },
            ]}
            data-testid="connection-mode"
          />
          {errors.mode && (
            <Text size="xs" c="red" mt={4}>
              {errors.mode}
            </Text>
          )}
          <Text size="xs" c="dimmed" mt={4}>
            {proxy
              ? 'Every Sync API call goes to the remote server; the screens show its data.'
              : 'The desk answers from the store on this computer.'}
          </Text>
        </div>
        <TextInput
          label="Remote base URL"
          description="The service’s base URL; the desk adds /api/f1/sync"
          placeholder="https://sync.example.com"
          value={values.remoteUrl}
          onChange={(e) => set('remoteUrl', e.currentTarget.value)}
          error={errors.remoteUrl}
          withAsterisk={proxy}
          spellCheck={false}
          autoComplete="off"
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="connection-credentials-label">
            Credentials for the remote
          </Text>
          <SegmentedControl
            aria-labelledby="connection-credentials-label"
            value={values.credKind}
            onChange={(kind) => set('credKind', kind as CredentialKind)}
            data={[
              { value: 'none', label: 'None' },
              { value: 'bearer', label: 'Bearer token' },
              { value: 'header', label: 'Header' },
            ]}
            data-testid="connection-credentials-kind"
          />
          {errors.credentials && (
            <Text size="xs" c="red" mt={4}>
              {errors.credentials}
            </Text>
          )}
        </div>
        {values.credKind === 'bearer' && (
          <PasswordInput
            label="Token"
            description={secretSet('bearer') ? 'A token is set. Leave blank to keep it, or type a new one.' : 'Sent as Authorization: Bearer …'}
            placeholder={secretSet('bearer') ? '•••••••• (set)' : 'the remote’s API token'}
            value={values.token}
            onChange={(e) => set('token', e.currentTarget.value)}
            error={errors.token}
            autoComplete="off"
          />
        )}
        {values.credKind === 'header' && (
          <Group grow align="flex-start">
            <TextInput
              label="Header name"
              placeholder="X-Api-Key"
              value={values.headerName}
              onChange={(e) => set('headerName', e.currentTarget.value)}
              error={errors.headerName}
              spellCheck={false}
              autoComplete="off"
            />
            <PasswordInput
              label="Header value"
              description={secretSet('header') ? 'A value is set. Leave blank to keep it.' : undefined}
              placeholder={secretSet('header') ? '•••••••• (set)' : ''}
              value={values.headerValue}
              onChange={(e) => set('headerValue', e.currentTarget.value)}
              error={errors.headerValue}
              autoComplete="off"
            />
          </Group>
        )}
        <NumberInput
          label="Request timeout (ms)"
          description="The whole call, from connecting to the last byte (100 – 600000)"
          value={values.timeoutMs}
          onChange={(value) => set('timeoutMs', value)}
          error={errors.timeoutMs}
          min={100}
          max={600_000}
          step={1000}
          allowDecimal={false}
          maw={260}
          thousandSeparator=" "
        />
        {view.overridden.length > 0 && (
          <Alert color="yellow" variant="light" title="Set at start-up for this run" data-testid="connection-overridden">
            <Stack gap={2}>
              {view.overridden.map((setting) => (
                <Text size="sm" key={setting}>
                  {OVERRIDE_WORDS[setting]}
                </Text>
              ))}
              <Text size="xs" c="dimmed">
                Saving a setting here replaces the start-up value for the rest of this run and keeps it.
              </Text>
            </Stack>
          </Alert>
        )}
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

/** Local store or proxy: the remote's URL, credentials and timeout, with a connection test. */
export function ConnectionCard() {
  const connection = useQuery(connectionQuery());
  return (
    <Card withBorder padding="lg" data-testid="settings-connection">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Connection</Title>
        {connection.data && (
          <Badge variant="light" color={connection.data.mode === 'proxy' ? 'grape' : 'gray'} tt="none">
            {connection.data.mode === 'proxy' ? 'Proxy to a remote server' : 'Local store on this computer'}
          </Badge>
        )}
      </Group>
      {connection.isPending ? (
        <LoadingState label="Loading the connection…" />
      ) : connection.isError ? (
        <ErrorState error={connection.error} onRetry={() => connection.refetch()} />
      ) : (
        <ConnectionForm view={connection.data} />
      )}
    </Card>
  );
}
