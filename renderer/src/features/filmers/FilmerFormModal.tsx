import { Alert, Button, Checkbox, Group, Kbd, Modal, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import type { Filmer } from '../../../../shared/schemas/filmer';
import { DIALOG_STYLES } from '../../components/dialog-styles';
import { filmerWriteOf, formValuesOf, NEW_FILMER, problemsOf, type FilmerFormValues } from './filmer-form';
import { isSaved, useSaveFilmer } from './use-filmer-mutations';
import { SAVED_AT_DESK } from '../../lib/queued-words';

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
    <Modal
      opened={opened}
      onClose={onClose}
      title={filmer ? `Edit ${filmer.name}` : 'New filmer'}
      size="lg"
      data-testid="filmer-form"
      styles={DIALOG_STYLES}
    >
      <FilmerForm key={session} filmer={filmer} onClose={onClose} onSaved={onSaved} onDelete={onDelete} />
    </Modal>
  );
}

type FilmerFormProps = Omit<FilmerFormModalProps, 'opened' | 'session'>;

/**
 * The form itself. On a refusal it stays open with everything as typed and the server's messages
 * beside their fields (a field's message goes once that field changes); only a save closes it.
 * The server is the one judge of a filmer, so the form checks nothing itself.
 */
function FilmerForm({ filmer, onClose, onSaved, onDelete }: FilmerFormProps) {
  const form = useForm<FilmerFormValues>({ initialValues: filmer ? formValuesOf(filmer) : NEW_FILMER });
  // Messages that belong to no single field, shown above the form until the next try.
  const [general, setGeneral] = useState<string[]>([]);
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveFilmer();

  // After a refusal, put the cursor in the first field the server named.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const refuse = (fields: FormErrors, messages: string[]) => {
    form.setErrors(fields);
    setGeneral(messages);
  };

  const submit = async (values: FilmerFormValues) => {
    if (save.isPending) return;
    const write = filmerWriteOf(values, filmer ?? undefined);
    if (!write) return onClose();
    refuse({}, []);
    try {
      const outcome = await save.mutateAsync(write);
      if (isSaved(outcome)) {
        const id = Number(outcome.body.id ?? filmer?.id);
        const name = String(outcome.body.name ?? values.name.trim());
        const title = outcome.queuedOp !== undefined ? SAVED_AT_DESK : filmer ? 'Filmer saved' : 'Filmer created';
        notifications.show({ color: 'teal', title, message: name });
        onSaved({ id, externalId: (outcome.body.external_id as string | null | undefined) ?? null, created: !filmer });
      } else if (outcome.httpStatus === 404) {
        refuse({}, [
          'This filmer no longer exists: it was deleted meanwhile. Cancel, then create it again if it is still needed.',
        ]);
      } else {
        const problems = problemsOf(outcome);
        refuse(problems.fields, problems.general);
        setRefusals((count) => count + 1);
      }
    } catch (error) {
      refuse({}, [`Not saved: ${(error as Error).message}. Your input is kept; try again.`]);
    }
  };

  return (
    <form
      ref={formRef}
      onSubmit={form.onSubmit(submit)}
      noValidate
      aria-label={filmer ? `Edit ${filmer.name}` : 'New filmer'}
    >
      <Stack gap="md">
        {general.length > 0 && (
          <Alert color="red" title="The server did not accept this" data-testid="filmer-form-error">
            {general.map((message) => (
              <Text size="sm" key={message}>
                {message}
              </Text>
            ))}
          </Alert>
        )}
        <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
          <TextInput label="Name" required data-autofocus autoComplete="off" {...form.getInputProps('name')} />
          <TextInput label="E-mail" required type="email" autoComplete="off" {...form.getInputProps('email')} />
          <TextInput
            label="External id"
            description="Booking system’s id; blank if none"
            autoComplete="off"
            {...form.getInputProps('external_id')}
          />
          <TextInput
            label="External service"
            description="Where the id is from, e.g. skybook"
            autoComplete="off"
            {...form.getInputProps('external_service')}
          />
        </SimpleGrid>
        <Group gap="xl">
          <Checkbox label="Tandem instructor" {...form.getInputProps('tandem_instructor', { type: 'checkbox' })} />
          <Checkbox label="Videographer" {...form.getInputProps('videographer', { type: 'checkbox' })} />
          <Switch
            label="Active"
            description="Shown on the tablet list"
            color="teal"
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
        </Group>
        <Group justify="space-between" mt="sm" className="dialog-footer">
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
