import { Alert, Stack, Text } from '@mantine/core';
import type { ConnectionTestResult } from '../../../../../shared/schemas/connection';
import type { ProbeResultKind } from '../../../../../shared/schemas/health';

/** Each failed test result in plain words, and what to do about it. */
const RESULT_WORDS: Record<Exclude<ProbeResultKind, 'ok'>, { title: string; hint: string }> = {
  dns: {
    title: 'Host name not found',
    hint: 'The host name does not resolve: check the spelling of the URL and that this computer is online.',
  },
  refused: {
    title: 'Connection refused',
    hint: 'Nothing listens at that address and port: check the port, and that the remote server is running.',
  },
  reset: {
    title: 'Connection cut by the remote',
    hint: 'The remote closed the connection before answering: check http vs https and the port.',
  },
  unreachable: {
    title: 'Remote unreachable',
    hint: 'There is no route to that host: check the network connection, VPN or firewall.',
  },
  tls: {
    title: 'Secure connection (TLS) failed',
    hint: 'Check that the URL should be https, and that the server has a valid certificate.',
  },
  timeout: {
    title: 'No answer in time',
    hint: 'The remote did not answer within the timeout: try again, or raise the request timeout.',
  },
  credentials_rejected: {
    title: 'Credentials rejected',
    hint: 'The remote refused the token or header: check the credentials below.',
  },
  not_sync_api: {
    title: 'Not a Sync API at that address',
    hint: 'Something answered, but not the Sync API: check the base URL (without /api/f1/sync).',
  },
  http_error: {
    title: 'The Sync API answered with an error',
    hint: 'The remote is there but failing: try again later, or ask its operator.',
  },
};

/** What "Test connection" found: the remote's catalogue, or what failed and what to check. */
export function TestResult({ result }: { result: ConnectionTestResult }) {
  if (result.ok) {
    return (
      <Alert
        color="teal"
        title="Connected: the remote answers like a Sync API"
        data-testid="connection-test-result"
        data-result="ok"
      >
        <Text size="sm">
          Catalogue version <b>{result.catalogue_version ?? '?'}</b>
          {result.product_count !== null && `, ${result.product_count} products`}, in {Math.round(result.duration_ms)}{' '}
          ms.
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
