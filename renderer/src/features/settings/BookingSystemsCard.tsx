import { Alert, Anchor, Button, Card, CopyButton, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListenView } from '../../../../shared/schemas/listen';
import { ApiError } from '../../api/client';
import { listenApi, listenQuery } from '../../api/listen-api';
import { apiBase } from '../../api/session-token';
import { ErrorState, LoadingState } from '../../components/states';
import { ROUTES } from '../../lib/routes';

/** In a browser the page's own address reaches the server (the one the user typed); the desktop window's app://desk does not. */
function syncAddress(listen: ListenView): string {
  return /^https?:$/.test(window.location.protocol) ? `${apiBase()}/api/f1/sync` : listen.sync_api_url;
}

function addressOnPort(listen: ListenView, port: number): string {
  return listen.sync_api_url.replace(/:\d+\/api\/f1\/sync$/, `:${port}/api/f1/sync`);
}

/** Why the desk listens where it does, in the words a person setting up a booking system needs. */
function PortStatus({ listen }: { listen: ListenView }) {
  const { port, source, fixed_port: fixed, default_port: fallback } = listen;
  if (source === 'saved_port_busy') {
    return (
      <Alert color="orange" title={`Port ${fixed} is taken`} data-testid="listen-busy">
        Another program (or another desk) was using port {fixed} when the desk started, so it listens on {port} for now.
        Booking systems set up with port {fixed} cannot reach it: close the other program and restart the desk.
      </Alert>
    );
  }
  const text =
    source === 'saved'
      ? `Port ${port}, the same at every start.`
      : source === 'flag'
        ? `Port ${port}, chosen for this run with --port${fixed === null ? '' : `; without --port the desk listens on ${fixed}`}.`
        : fallback === null
          ? `Port ${port}, new at this start: a booking system set up with this address loses the desk when it restarts. Keep one port below.`
          : `Port ${port}, the default.`;
  return (
    <Text size="sm" c={source === 'default' && fallback === null ? 'orange.8' : undefined} data-testid="listen-status">
      {text}
    </Text>
  );
}

function PortForm({ listen }: { listen: ListenView }) {
  const queryClient = useQueryClient();
  // The port as typed: a number, or '' while the field is empty (Mantine's NumberInput).
  const form = useForm<{ port: number | string }>({ initialValues: { port: listen.fixed_port ?? '' } });
  const save = useMutation({
    mutationFn: (fixed: number | null) => listenApi.put({ fixed_port: fixed }),
    onSuccess: (view) => {
      queryClient.setQueryData(listenQuery().queryKey, view);
      form.setValues({ port: view.fixed_port ?? '' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.fixed_port) form.setErrors({ port: error.fields.fixed_port });
    },
  });
  const typed = typeof form.values.port === 'number' ? form.values.port : null;
  const changed = typed !== listen.fixed_port;
  // Said only where nothing else says it: --port and a taken port have their own words above.
  const pending =
    listen.fixed_port !== null &&
    listen.fixed_port !== listen.port &&
    (listen.source === 'saved' || listen.source === 'default');
  return (
    <Stack gap={6}>
      <form onSubmit={form.onSubmit(() => save.mutate(typed))}>
        <Group align="flex-start" gap="xs">
          <NumberInput
            label="Port at every start"
            description="From 1024 to 65535, e.g. 4780"
            placeholder={listen.default_port === null ? 'a new one each start' : String(listen.default_port)}
            {...form.getInputProps('port')}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            w={280}
            data-testid="listen-port-input"
          />
          <Button
            type="submit"
            mt={42}
            disabled={!changed || typed === null}
            loading={save.isPending && typed !== null}
          >
            Keep this port
          </Button>
          {listen.fixed_port !== null && (
            <Button
              variant="subtle"
              mt={42}
              loading={save.isPending && typed === null}
              onClick={() => save.mutate(null)}
            >
              {listen.default_port === null ? 'Use a new port each start' : `Back to ${listen.default_port}`}
            </Button>
          )}
        </Group>
      </form>
      {save.isError && !(save.error instanceof ApiError && save.error.fields.fixed_port) && (
        <Text size="sm" c="red">
          {save.error.message}
        </Text>
      )}
      {pending && (
        <Text size="sm" c="dimmed" data-testid="listen-next-start">
          From the next start the desk listens at <code>{addressOnPort(listen, listen.fixed_port as number)}</code>:
          give booking systems that address.
        </Text>
      )}
    </Stack>
  );
}

/** How a booking system connects: the Sync API's address and the port that keeps it stable. */
export function BookingSystemsCard() {
  const listen = useQuery(listenQuery());
  return (
    <Card withBorder padding="lg" data-testid="settings-booking-systems">
      <Title order={4} mb="sm">
        Booking systems
      </Title>
      {listen.isPending ? (
        <LoadingState label="Loading the address…" />
      ) : listen.isError ? (
        <ErrorState error={listen.error} onRetry={() => listen.refetch()} />
      ) : (
        <Stack gap="sm">
          <Text size="sm">Booking systems sync into this desk at:</Text>
          <Group gap="xs">
            <Text ff="monospace" size="sm" data-testid="settings-sync-url">
              {syncAddress(listen.data)}
            </Text>
            <CopyButton value={syncAddress(listen.data)}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <PortStatus listen={listen.data} />
          <PortForm key={String(listen.data.fixed_port)} listen={listen.data} />
          <Text size="sm" c="dimmed">
            Each booking system needs a token of its own: make one under Booking system tokens.
          </Text>
          <Text size="sm">
            For its developers: the{' '}
            <Anchor href={`#${ROUTES.apiReference}`} underline="always" data-testid="settings-api-reference">
              API reference
            </Anchor>{' '}
            (try each call against this desk), and the same description at <code>/api/openapi.json</code> for a client
            generator.
          </Text>
        </Stack>
      )}
    </Card>
  );
}
