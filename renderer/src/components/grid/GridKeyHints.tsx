import { Kbd, Text } from '@mantine/core';

/** A quiet line under a grid naming its keys, e.g. [['↑ ↓', 'select'], ['Enter', 'open']]. */
export function GridKeyHints({ hints }: { hints: [keys: string, action: string][] }) {
  return (
    <Text size="xs" c="dimmed" data-testid="grid-key-hints">
      {hints.map(([keys, action], index) => (
        <span key={keys}>
          {index > 0 && ' · '}
          {keys.split(' ').map((key) => (
            <Kbd key={key} size="xs" mr={2}>
              {key}
            </Kbd>
          ))}{' '}
          {action}
        </span>
      ))}
    </Text>
  );
}
