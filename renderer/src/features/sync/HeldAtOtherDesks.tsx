import { Alert, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { HeldWrite, PairedDeskView } from '../../../../shared/schemas/desks';
import { desksQuery } from '../../api/desks-api';
import { useDeskTime } from './use-desk-time';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** One held write in words: the record, then what waits. */
function heldWords(write: HeldWrite): string {
  const record = `${write.kind === 'booking' ? 'Booking' : 'Filmer'} ${write.key}${write.label ? ` (${write.label})` : ''}`;
  if (write.attention === 'conflict')
    return `${record}: ${write.fields.join(', ') || 'a field'} — changed at both desks while apart`;
  if (write.attention === 'deleted') return `${record}: deleted here while the other desk changed it`;
  return `${record}: refused here${write.fields.length > 0 ? ` (${write.fields.join(', ')})` : ''}`;
}

/** A paired desk that holds something for a person. */
type HoldingDesk = PairedDeskView & { held: NonNullable<PairedDeskView['held']> };

function DeskHeld({ desk }: { desk: HoldingDesk }) {
  const deskTime = useDeskTime();
  const { held } = desk;
  const more = held.count - held.writes.length;
  return (
    <Stack gap={4} data-testid={`held-at-${desk.id}`}>
      <Text size="sm" fw={600}>
        {desk.name}: {count(held.count, 'write waits', 'writes wait')} for a person there
        <Text span size="xs" c="dimmed" fw={400}>
          {' '}
          · as it said at {deskTime(held.reported_at)}
        </Text>
      </Text>
      <List size="sm" spacing={2}>
        {held.writes.map((write, i) => (
          <List.Item key={`${write.kind}:${write.key}:${i}`}>{heldWords(write)}</List.Item>
        ))}
        {more > 0 && <List.Item>and {more.toLocaleString('en')} more</List.Item>}
      </List>
    </Stack>
  );
}

/**
 * On the main desk: what waits at its paired desks for a person (docs/desks.md). A field both
 * desks changed while apart is decided at the desk where the edit was made, on its own Sync
 * screen; this desk keeps its values meanwhile, and shows here what is still open, and where.
 */
export function HeldAtOtherDesks() {
  const desks = useQuery(desksQuery());
  const holding = (desks.data?.desks ?? []).filter((d): d is HoldingDesk => (d.held?.count ?? 0) > 0);
  if (holding.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title="Waiting at other desks" data-testid="held-at-desks">
      <Stack gap="sm">
        <Text size="sm">
          Edits made at a paired desk while it could not reach this one, where this desk changed the same field. They
          are decided at the desk that made them (its Sync screen); until then this desk keeps its own values, and every
          other field of those edits has landed here.
        </Text>
        {holding.map((desk) => (
          <DeskHeld key={desk.id} desk={desk} />
        ))}
      </Stack>
    </Alert>
  );
}
