import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { bookingLane } from '../../../../../shared/schemas/outbox';
import { outboxLaneQuery } from '../../../api/outbox-api';
import { IconAlertTriangle, IconCloudUpload } from '../../../components/icons';
import { formatClockTime } from '../../../lib/format';
import { attentionWords } from '../../../lib/outbox-write-words';
import { ROUTES } from '../../../lib/routes';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Proxy mode: this booking's writes the remote has not taken yet (docs/offline.md, "Writes while
 * offline"). Waiting: when they were queued. Held for a person: why, with a link to the write on
 * the Sync screen. Nothing when the booking has none.
 */
export function OutboxNotice({ externalId, timeZone }: { externalId: string; timeZone: string | undefined }) {
  const [, navigate] = useLocation();
  const lane = useQuery(outboxLaneQuery(bookingLane(externalId)));
  const ops = lane.data?.ops ?? [];
  const held = ops.find((op) => op.state === 'attention');
  const waiting = ops.filter((op) => op.state === 'waiting');
  if (held) {
    const route = ROUTES.syncWrite(held.id);
    return (
      <Alert color="orange" icon={<IconAlertTriangle />} data-testid="booking-outbox-notice" data-state="attention">
        <Text size="sm">
          Your change needs attention: {lowerFirst(attentionWords(held))} —{' '}
          <Anchor
            href={`#${route}`}
            size="sm"
            underline="always"
            fw={600}
            c="inherit"
            onClick={(event) => {
              event.preventDefault();
              navigate(route);
            }}
          >
            resolve on the Sync screen
          </Anchor>
        </Text>
      </Alert>
    );
  }
  if (waiting.length === 0) return null;
  const first = waiting.reduce((a, b) => (a.queued_at <= b.queued_at ? a : b));
  return (
    <Alert color="sky" icon={<IconCloudUpload />} data-testid="booking-outbox-notice" data-state="waiting">
      <Text size="sm">
        Your {waiting.length === 1 ? 'change is' : 'changes are'} waiting to be sent (queued{' '}
        {formatClockTime(first.queued_at, timeZone)})
      </Text>
    </Alert>
  );
}
