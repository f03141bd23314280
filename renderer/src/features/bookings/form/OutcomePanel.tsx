import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { fieldLabel } from '../../../lib/booking-field-labels';

/** One field an update left alone: what it kept, and what the user had asked for. */
export interface IgnoredChange {
  field: string;
  kept: string;
  asked: string;
}

const shown = (value: string) => (value === '' ? 'empty' : `“${value}”`);

/** `partial_update`: what was saved, what stayed, and why (the server's own warning). */
export function PartialUpdatePanel({ warning, ignored }: { warning: string; ignored: IgnoredChange[] }) {
  return (
    <Alert color="yellow" title="Saved, except for locked fields" data-testid="partial-update">
      <Stack gap={6}>
        <Text size="sm">
          The server says: <b>{warning}</b>.
        </Text>
        {ignored.length > 0 ? (
          <>
            <Text size="sm">These fields stayed unchanged:</Text>
            <List size="sm" spacing={2} data-testid="ignored-fields">
              {ignored.map(({ field, kept, asked }) => (
                <List.Item key={field}>
                  <b>{fieldLabel(field)}</b>{' '}
                  <Text span size="xs" c="dimmed" ff="monospace">
                    ({field})
                  </Text>{' '}
                  kept {shown(kept)}; you entered {shown(asked)}.
                </List.Item>
              ))}
            </List>
          </>
        ) : (
          <Text size="sm">The server did not say which fields stayed unchanged.</Text>
        )}
        <Text size="sm">All your other changes were saved.</Text>
      </Stack>
    </Alert>
  );
}

export function RefusedPanel({ title, message }: { title: string; message: string }) {
  return (
    <Alert color="red" title={title} data-testid="save-refused" role="alert">
      <Text size="sm">{message}</Text>
    </Alert>
  );
}

export function DraftPanel({ onDiscard }: { onDiscard: () => void }) {
  return (
    <Alert color="sky" variant="light" data-testid="draft-restored">
      <Stack gap={4} align="flex-start">
        <Text size="sm">Your unsaved input from before is back.</Text>
        <Button size="compact-xs" variant="subtle" onClick={onDiscard}>
          Discard it
        </Button>
      </Stack>
    </Alert>
  );
}
