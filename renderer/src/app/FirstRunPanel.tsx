import { Alert, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { FirstRunAnswer, FirstRunResult } from '../../../shared/schemas/desks';
import { DESK_LIMITS } from '../../../shared/schemas/desks';
import { desksApi } from '../api/desks-api';
import { ApiError } from '../api/client';
import { deskApi } from '../api/sync-api';
import { sessionQuery } from '../api/queries';

/** Until the desk is back as the paired desk it became: then the window starts afresh, on the main desk's data. */
function Restarting({ mainName }: { mainName: string }) {
  const { data } = useQuery({
    queryKey: ['first-run', 'back'],
    queryFn: deskApi.session,
    refetchInterval: 1_000,
    retry: false,
  });
  useEffect(() => {
    if (data?.main_desk) window.location.reload();
  }, [data]);
  return (
    <Stack gap="sm" data-testid="first-run-restarting">
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" />
        <Text fw={600}>Paired with {mainName}.</Text>
      </Group>
      <Text size="sm">
        The desk starts again as a paired desk of {mainName}; this window opens its data in a moment. If it does not
        (the desk was run with <b>npm run serve</b>), start it again: it remembers the pairing.
      </Text>
    </Stack>
  );
}

function JoinForm({ onJoined }: { onJoined: (result: FirstRunResult) => void }) {
  const [url, setUrl] = useState('');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const join = useMutation({
    mutationFn: (answer: FirstRunAnswer) => desksApi.answerFirstRun(answer),
    onSuccess: onJoined,
  });
  const fields = join.error instanceof ApiError ? join.error.fields : {};
  const problem = join.error && Object.keys(fields).length === 0 ? join.error.message : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    join.mutate({ role: 'join', url: url.trim(), code: code.trim(), name: name.trim() });
  };
  return (
    <form onSubmit={submit} aria-label="Join a main desk">
      <Stack gap="xs">
        <TextInput
          label="Main desk address"
          description="Settings → Desks on the main desk shows it"
          placeholder="https://192.168.1.10:4781"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={fields.url}
          spellCheck={false}
          autoComplete="off"
          required
        />
        <TextInput
          label="Pairing code"
          description="Shown once at the main desk: Settings → Desks → Pair a desk"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={fields.code}
          spellCheck={false}
          autoComplete="off"
          required
        />
        <TextInput
          label="This desk's name"
          placeholder="Video desk"
          value={name}
          maxLength={DESK_LIMITS.maxNameLength}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fields.name}
          required
        />
        {problem && (
          <Alert color="red" p="xs" role="alert" data-testid="first-run-problem">
            <Text size="sm">{problem}</Text>
          </Alert>
        )}
        <Button type="submit" loading={join.isPending} style={{ alignSelf: 'flex-start' }}>
          Join
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The desktop app's first run (docs/desks.md): before anything else, this desk is the venue's main
 * desk, or it joins one with the code the main desk shows. Asked until answered.
 */
export function FirstRunPanel() {
  const queryClient = useQueryClient();
  const [joined, setJoined] = useState<string | null>(null);
  const main = useMutation({
    mutationFn: () => desksApi.answerFirstRun({ role: 'main' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey }),
  });
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="xl"
      title="Start as the main desk, or join one?"
      styles={{ title: { fontSize: 'var(--mantine-h2-font-size)', fontWeight: 700 } }}
      data-testid="first-run-panel"
    >
      {joined !== null ? (
        <Restarting mainName={joined} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Card withBorder padding="md">
            <Stack gap="xs" h="100%">
              <Title order={3} size="h4">
                The main desk
              </Title>
              <Text size="sm">
                The venue's hub: the booking system syncs into it, and the other desks join it over the venue's network.
                The only desk, or the first one: start here. Other desks can join later (Settings → Desks).
              </Text>
              {main.error && (
                <Alert color="red" p="xs" role="alert">
                  <Text size="sm">{main.error.message}</Text>
                </Alert>
              )}
              <Button
                mt="auto"
                onClick={() => main.mutate()}
                loading={main.isPending}
                style={{ alignSelf: 'flex-start' }}
              >
                Start as the main desk
              </Button>
            </Stack>
          </Card>
          <Card withBorder padding="md">
            <Stack gap="xs">
              <Title order={3} size="h4">
                Join a main desk
              </Title>
              <Text size="sm">
                Another desk at this venue is the main desk: this one shows its data live and keeps working when the
                link drops.
              </Text>
              <JoinForm onJoined={(result) => setJoined(result.main_name ?? 'the main desk')} />
            </Stack>
          </Card>
        </SimpleGrid>
      )}
    </Modal>
  );
}
