import { Alert, Button, Checkbox, Group, Kbd, Modal, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Filmer } from '../../../../shared/schemas/filmer';
import { DIALOG_STYLES } from '../../components/dialog-styles';
import { filmerWriteOf, formValuesOf, NEW_FILMER, NO_PROBLEMS, problemsOf, type FilmerField, type FilmerFormValues, type FormProblems } from './filmer-form';
import { isSaved, useSaveFilmer } from './use-filmer-mutations';

export interface FilmerFormModalProps {
  opened: boolean;
  /** The filmer to edit; null to create one. */
  filmer: Filmer | null;
  /** Changes whenever the modal is opened afresh, so the form starts from the record again. */
  session: number;
  onClose: () => void;
  onSaved: (saved: { id: number; externalId: string | null; created: boolean }) => void;
  onDelete: (filmer: Filmer) => void;
}

export function FilmerFormModal({ opened, filmer, session, onClose, onSaved, onDelete }: FilmerFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={filmer ? `Edit ${filmer.name}` : 'New filmer'} size="lg" data-testid="filmer-form" styles={DIALOG_STYLES}>
      <FilmerForm key={session} filmer={filmer} onClose={onClose} onSaved={onSaved} onDelete={onDelete} />
    </Modal>
  );
}

type FilmerFormProps = Omit<FilmerFormModalProps, 'opened' | 'session'>;

/**
 * The form itself. On a refusal it stays open with everything as typed and the server's messages
 * beside their fields; only a save closes it.
 */
function FilmerForm({ filmer, onClose, onSaved, onDelete }: FilmerFormProps) {
  const [values, setValues] = useState<FilmerFormValues>(() => (filmer ? formValuesOf(filmer) : NEW_FILMER));
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveFilmer();

  // After a refusal, put the cursor in the first field the server named.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const set = <K extends FilmerField>(field: K, value: FilmerFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // The message was about the old value; clear it once the user changes that field.
    setProblems((current) => (current.fields[field] ? { ...current, fields: { ...current.fields, [field]: undefined } } : current));
  };
  const text = (field: Extract<FilmerField, 'name' | 'email' | 'external_id' | 'external_service'>) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
    error: problems.fields[field],
  });
  const flag = (field: Extract<FilmerField, 'tandem_instructor' | 'videographer' | 'active'>) => ({
    checked: values[field],
    onChange: (event: { currentTarget: { checked: boolean } }) => set(field, event.currentTarget.checked),
    error: problems.fields[field],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const write = filmerWriteOf(values, filmer ?? undefined);
    if (!write) return onClose();
    setProblems(NO_PROBLEMS);
    try {
      const outcome = await save.mutateAsync(write);
      if (isSaved(outcome)) {
        const id = Number(outcome.body.id ?? filmer?.id);
        const name = String(outcome.body.name ?? values.name.trim());
        notifications.show({ color: 'teal', title: filmer ? 'Filmer saved' : 'Filmer created', message: name });
        onSaved({ id, externalId: (outcome.body.external_id as string | null | undefined) ?? null, created: !filmer });
      } else if (outcome.httpStatus === 404) {
        setProblems({ fields: {}, general: ['This filmer no longer exists: it was deleted meanwhile. Cancel, then create it again if it is still needed.'] });
      } else {
        setProblems(problemsOf(outcome));
        setRefusals((count) => count + 1);
      }
    } catch (error) {
      setProblems({ fields: {}, general: [`Not saved: ${(error as Error).message}. Your input is kept; try again.`] });
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={filmer ? `Edit ${filmer.name}` : 'New filmer'}>
      <Stack gap="md">
        {problems.general.length > 0 && (
          <Alert color="red" title="The server did not accept this" data-testid="filmer-form-error">
            {problems.general.map((message) => (
              <Text size="sm" key={message}>
                {message}
              </Text>
            ))}
          </Alert>
        )}
        <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
          <TextInput label="Name" required data-autofocus autoComplete="off" {...text('name')} />
          <TextInput label="E-mail" required type="email" autoComplete="off" {...text('email')} />
          <TextInput
            label="External id"
            description="Booking system’s id; blank if none"
            autoComplete="off"
            {...text('external_id')}
          />
          <TextInput label="External service" description="Where the id is from, e.g. skybook" autoComplete="off" {...text('external_service')} />
        </SimpleGrid>
        <Group gap="xl">
          <Checkbox label="Tandem instructor" {...flag('tandem_instructor')} />
          <Checkbox label="Videographer" {...flag('videographer')} />
          <Switch label="Active" description="Shown on the tablet list" color="teal" {...flag('active')} />
        </Group>
        <Group justify="space-between" mt="sm">
          {filmer ? (
            <Button variant="subtle" color="red" onClick={() => onDelete(filmer)}>
              Delete…
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              <Kbd size="xs">Enter</Kbd> saves · <Kbd size="xs">Esc</Kbd> cancels
            </Text>
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {filmer ? 'Save changes' : 'Create filmer'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
