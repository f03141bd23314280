import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Drawer,
  Group,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { LogEntryDetail } from '../../../../shared/schemas/log';
import { ApiError } from '../../api/client';
import { logEntryQuery } from '../../api/queries';
import { ErrorState, LoadingState } from '../../components/states';
import { formatBytes } from '../../lib/format';
import { ROUTES } from '../../lib/routes';
import { firstQueuedWrite, QUEUED_HEADER } from '../../../../shared/api/queued-header';
import { httpColor } from './http-color';

type Message = NonNullable<LogEntryDetail['request']>;

/** JSON bodies pretty-printed; anything else as it came. */
function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function MessageSection({ title, message, testId }: { title: string; message: Message | null; testId: string }) {
  return (
    <Stack gap={6} data-testid={testId}>
      <Title order={5}>{title}</Title>
      {message === null ? (
        <Text size="sm" c="dimmed">
          Headers and body are no longer kept (only the last 100 calls keep them).
        </Text>
      ) : (
        <>
          <Table withTableBorder fz="xs" verticalSpacing={2}>
            <Table.Tbody>
              {Object.entries(message.headers).map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Th w={200} ff="monospace">
                    {name}
                  </Table.Th>
                  <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {value}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {message.body !== null ? (
            <Code block mah={320} style={{ overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {prettyBody(message.body)}
            </Code>
          ) : (
            <Text size="xs" c="dimmed">
              {message.body_note ?? 'No body.'}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

/** A call the outbox took (proxy mode, the remote not answering): a link to the write and its attempts. */
function QueuedWriteLink({ entry }: { entry: LogEntryDetail }) {
  const header = entry.response?.headers[QUEUED_HEADER];
  const first = firstQueuedWrite(header);
  if (first === undefined) return null;
  const last = Number(header?.split('-')[1] ?? first);
  const more = last - first;
  return (
    <Text size="sm" data-testid="log-queued-write">
      Queued in the desk&apos;s outbox:{' '}
      <Anchor href={`#${ROUTES.syncWrite(first)}`} underline="always">
        write {first}
      </Anchor>
      {more > 0 ? ` and the ${more} after it` : ''} (its attempts and what became of it are on the Sync screen).
    </Text>
  );
}

function Detail({ entry }: { entry: LogEntryDetail }) {
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={httpColor(entry.http_status)}>{entry.http_status}</Badge>
        {entry.status && <Badge variant="light">{entry.status}</Badge>}
        <Badge variant="light" color={entry.mode === 'proxy' ? 'grape' : 'gray'} tt="none">
          {entry.forwarded ? 'proxied' : entry.mode}
        </Badge>
        <Text size="sm" c="dimmed">
          {new Date(entry.time).toLocaleString()} · {Math.round(entry.duration_ms)} ms · sent{' '}
          {formatBytes(entry.request_bytes)}, received {formatBytes(entry.response_bytes)}
        </Text>
      </Group>
      {entry.upstream_url && (
        <Text size="sm">
          Went to <Code>{entry.upstream_url}</Code>
        </Text>
      )}
      {entry.remote_error && (
        <Alert color="red" title="The remote could not be reached">
          {entry.remote_error}
        </Alert>
      )}
      <QueuedWriteLink entry={entry} />
      {entry.deviations.length > 0 && (
        <Alert
          color="orange"
          title={`${entry.deviations.length} contract deviation${entry.deviations.length === 1 ? '' : 's'} (the response went through unchanged)`}
          data-testid="log-deviations"
        >
          <Stack gap={2}>
            {entry.deviations.map((d, index) => (
              <Text size="sm" key={index}>
                <Code>{d.field}</Code> {d.expected}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Stack gap={6}>
        <Group justify="space-between">
          <Title order={5}>As cURL</Title>
          <Group gap="xs">
            {entry.curl_upstream && (
              <CopyButton value={entry.curl_upstream}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy upstream cURL'}
                  </Button>
                )}
              </CopyButton>
            )}
            <CopyButton value={entry.curl}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? 'Copied' : 'Copy as cURL'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Group>
        <Code block data-testid="log-curl" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {entry.curl}
        </Code>
        <Text size="xs" c="dimmed">
          Credentials are redacted: put your token in place of &lt;redacted&gt;.
        </Text>
      </Stack>
      <MessageSection title="Request" message={entry.request} testId="log-request" />
      <MessageSection title="Response" message={entry.response} testId="log-response" />
    </Stack>
  );
}

/** One call in detail: headers and bodies (redacted by the server), deviations, cURL. */
export function LogEntryDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const entry = useQuery({ ...logEntryQuery(id ?? 0), enabled: id !== null, retry: false });
  const title = entry.data ? `${entry.data.method} ${entry.data.path}` : 'Call';
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        <Text fw={600} ff="monospace" style={{ wordBreak: 'break-all' }}>
          {title}
        </Text>
      }
      data-testid="log-drawer"
    >
      {id === null ? null : entry.isPending ? (
        <LoadingState label="Loading the call…" />
      ) : entry.isError ? (
        entry.error instanceof ApiError && entry.error.httpStatus === 404 ? (
          <Alert color="gray" title="No longer kept">
            The log keeps the last 5,000 calls; this one has been dropped. Close this and pick a newer call.
          </Alert>
        ) : (
          <ErrorState error={entry.error} onRetry={() => entry.refetch()} />
        )
      ) : (
        <Detail entry={entry.data} />
      )}
    </Drawer>
  );
}
