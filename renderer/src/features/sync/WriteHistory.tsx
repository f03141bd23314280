import { Stack, Table, Text, Title } from '@mantine/core';
import type { OutboxOpDetail } from '../../../../shared/schemas/outbox';
import classes from './sync.module.css';
import { useDeskTime } from './use-desk-time';

/** What happened to the write, oldest first: queued, tried, held, decided, undone, sent. */
export function WriteHistory({ history }: { history: OutboxOpDetail['history'] }) {
  const deskTime = useDeskTime();
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        History
      </Title>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing yet.
        </Text>
      ) : (
        <Table className={classes.table} verticalSpacing={4} data-testid="write-history">
          <Table.Caption className={classes.visuallyHidden}>What happened to this write</Table.Caption>
          <colgroup>
            <col style={{ width: '24%' }} />
            <col style={{ width: '20%' }} />
            <col style={{ width: '56%' }} />
          </colgroup>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>What</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.map((entry, index) => (
              <Table.Tr key={index}>
                <Table.Td>{deskTime(entry.at)}</Table.Td>
                <Table.Td className={classes.wrap}>{entry.who === 'desk' ? 'The desk' : entry.who}</Table.Td>
                <Table.Td className={classes.wrap}>{entry.what}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
