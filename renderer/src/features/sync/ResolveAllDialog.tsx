import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { RecordedByField } from '../../components/RecordedByField';
import { useOperatorName } from '../../lib/operator';
import { useResolveAll } from './use-outbox-actions';

/**
 * "Resolve all": the desk decides every held write whose safe choice it knows (docs/offline.md),
 * recorded under the name of the person who asked; what is left stays for a person, write by write.
 */
export function ResolveAllDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [operator, rememberOperator] = useOperatorName();
  const [name, setName] = useState(operator);
  const resolve = useResolveAll();
  const close = () => {
    resolve.reset();
    onClose();
  };
  const result = resolve.data;
  return (
    <Modal opened={opened} onClose={close} title="Resolve what is safe" size="md" data-testid="resolve-all-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() === '' || resolve.isPending) return;
          rememberOperator(name.trim());
          resolve.mutate(name.trim());
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            The desk decides every held write whose safe choice it knows, and leaves the rest for you. Each decision
            records your name and can be undone on its write until it is sent.
          </Text>
          <RecordedByField value={name} onChange={setName} required data-autofocus />
          {result && (
            <Alert
              color={result.left > 0 ? 'orange' : 'teal'}
              title="Resolve all: done"
              data-testid="resolve-all-result"
            >
              Resolved {result.resolved.toLocaleString('en')}; {result.left.toLocaleString('en')} left for a person.
            </Alert>
          )}
          {resolve.isError && (
            <Alert color="red" title="Not resolved">
              {resolve.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs" className="dialog-footer">
            <Button variant="default" onClick={close}>
              {result ? 'Done' : 'Cancel'}
            </Button>
            {!result && (
              <Button type="submit" disabled={name.trim() === ''} loading={resolve.isPending}>
                Resolve all
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
