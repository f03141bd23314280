import { Alert, Badge, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AvailableAction } from '../../../../../../shared/schemas/booking-actions';
import { ApiError } from '../../../../api/client';
import { bookingActionsQuery } from '../../../../api/booking-actions-api';
import { formatCredits } from '../../../../lib/format';
import { albumStatus } from '../../../../lib/booking-labels';
import { ACTION_ORDER, ACTION_TEXT } from './action-labels';
import { ActionDialog } from './ActionDialog';

const inOrder = (actions: AvailableAction[]) =>
  ACTION_ORDER.map((kind) => actions.find((a) => a.kind === kind)).filter((a): a is AvailableAction => a !== undefined);

/**
 * Album and credits: the actions the booking's state allows now, each opening a confirmation
 * that shows what will be recorded. Those not possible are listed with the reason, so nobody
 * wonders where "Deliver" went. In proxy mode the remote service does all this; the card says so.
 */
export function AlbumCreditsCard({ externalId }: { externalId: string }) {
  const actions = useQuery(bookingActionsQuery(externalId));
  const [open, setOpen] = useState<AvailableAction | null>(null);

  if (actions.isPending) return <Skeleton h={120} />;
  if (actions.isError) {
    const proxied = actions.error instanceof ApiError && actions.error.httpStatus === 409;
    return (
      <Card withBorder padding="lg" data-testid="album-actions">
        <Title order={4} mb="sm">
          Album and credits
        </Title>
        <Alert color={proxied ? 'gray' : 'red'} data-testid="album-actions-unavailable">
          {actions.error.message}
        </Alert>
      </Card>
    );
  }
  const view = actions.data;
  const listed = inOrder(view.actions);
  const possible = listed.filter((a) => a.available);
  const notPossible = listed.filter((a) => !a.available);
  const album = albumStatus(view.album_status_raw);
  return (
    <Card withBorder padding="lg" data-testid="album-actions">
      <Group justify="space-between" align="flex-start" mb="sm" gap="sm">
        <Title order={4}>Album and credits</Title>
        <Group gap="xs">
          <Badge color={album.color} variant="light" tt="none" data-testid="actions-album">
            {album.label}
          </Badge>
          <Badge color="gray" variant="outline" tt="none" className="numeric" data-testid="actions-credits">
            {formatCredits(view.centi_total_credits)} credits
          </Badge>
        </Group>
      </Group>
      <Stack gap="sm">
        <Group gap="xs" data-testid="actions-possible">
          {possible.length === 0 && (
            <Text size="sm" c="dimmed">
              Nothing to record for this booking now.
            </Text>
          )}
          {possible.map((a) => (
            <Button
              key={a.kind}
              size="sm"
              variant={a.admin ? 'light' : 'filled'}
              color={a.admin ? 'grape' : undefined}
              onClick={() => setOpen(a)}
              data-testid={`action-${a.kind}`}
            >
              {ACTION_TEXT[a.kind].button}
              {a.admin && (
                <Text span size="xs" ml={6} fw={500}>
                  (admin)
                </Text>
              )}
            </Button>
          ))}
        </Group>
        {notPossible.length > 0 && (
          <Stack gap={4}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" lts={0.4}>
              Not possible now
            </Text>
            <List size="xs" spacing={2} data-testid="actions-not-possible">
              {notPossible.map((a) => (
                <List.Item key={a.kind} data-kind={a.kind}>
                  <Text span size="xs" fw={600}>
                    {ACTION_TEXT[a.kind].button}:
                  </Text>{' '}
                  <Text span size="xs" c="dimmed">
                    {a.reason}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
      {open && <ActionDialog key={open.kind} externalId={externalId} available={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
