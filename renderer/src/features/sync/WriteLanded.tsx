import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import type { OutboxOpView } from '../../../../shared/schemas/outbox';
import { outboxFieldLabel, valueWords } from '../../lib/outbox-write-words';
import { ROUTES } from '../../lib/routes';
import classes from './sync.module.css';
import { useAppNavigate } from './use-app-navigate';

/**
 * Beside a held write's fields: what of its record already reached the remote meanwhile (the
 * write's own fields that did not conflict, the record's other writes). A decision changes none of it.
 */
export function WriteLanded({ op }: { op: OutboxOpView }) {
  const navigate = useAppNavigate();
  if (op.state !== 'attention' || op.landed.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="write-landed">
      <Title order={3} size="h4">
        Already at the remote
      </Title>
      <Text size="sm" c="dimmed">
        Landed for this {op.record.kind} while the fields above wait for you; your decision does not change them.
      </Text>
      <Table className={classes.table} verticalSpacing={4} withTableBorder>
        <Table.Caption className={classes.visuallyHidden}>Fields of the record that already landed</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th>From write</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {op.landed.map((field) => (
            <Table.Tr key={field.name} data-testid="landed-field" data-field={field.name}>
              <Table.Td>{outboxFieldLabel(op.record.kind, field.name)}</Table.Td>
              <Table.Td className={classes.wrap}>{valueWords(field.value)}</Table.Td>
              <Table.Td>
                {field.write === op.id ? (
                  'this one'
                ) : (
                  <Anchor
                    href={`#${ROUTES.syncWrite(field.write)}`}
                    size="sm"
                    onClick={(event) => {
                      event.preventDefault();
                      navigate(ROUTES.syncWrite(field.write));
                    }}
                  >
                    {field.write}
                  </Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
