import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { RecordedByField } from './RecordedByField';

export interface OperatorPromptProps {
  opened: boolean;
  /** The name shown to start from (the remembered one, when changing it). */
  initial: string;
  onName: (name: string) => void;
  onClose: () => void;
}

/** Who is at the desk: asked once, before the first check-in mark (each mark records it), and remembered. */
export function OperatorPrompt({ opened, initial, onName, onClose }: OperatorPromptProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Who is at the desk?" size="sm">
      {/* Mounted per opening, so the field starts from the name remembered now. */}
      {opened && <OperatorForm initial={initial} onName={onName} onClose={onClose} />}
    </Modal>
  );
}

function OperatorForm({ initial, onName, onClose }: Omit<OperatorPromptProps, 'opened'>) {
  const [name, setName] = useState(initial);
  const blank = name.trim() === '';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank) onName(name);
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Check-in marks record who made them. Your name is remembered on this computer until you change it.
        </Text>
        <RecordedByField value={name} onChange={setName} required data-autofocus />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={blank}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
