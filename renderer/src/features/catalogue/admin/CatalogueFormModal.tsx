import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DIALOG_STYLES } from '../../../components/dialog-styles';
import type { CatalogueFormKind, FormValues } from './catalogue-form-kind';
import { useCatalogueSave } from './use-catalogue-save';

export interface CatalogueFormModalProps<Target, Values extends FormValues, Body, Saved> {
  kind: CatalogueFormKind<Target, Values, Body, Saved>;
  /** null: closed. */
  target: Target | null;
  currency: string;
  onClose: () => void;
  onSaved: (saved: Saved) => void;
}

/** A product's or an upgrade's form, new or to edit, in a modal. */
export function CatalogueFormModal<Target, Values extends FormValues, Body, Saved>({
  kind,
  target,
  currency,
  onClose,
  onSaved,
}: CatalogueFormModalProps<Target, Values, Body, Saved>) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target === null ? `New ${kind.noun}` : formTitle(kind, target)}
      size="lg"
      styles={DIALOG_STYLES}
      data-testid={`${kind.noun}-form`}
    >
      {target !== null && (
        <CatalogueForm
          key={kind.key(target)}
          kind={kind}
          target={target}
          currency={currency}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

function formTitle<Target, Values extends FormValues, Body, Saved>(
  kind: CatalogueFormKind<Target, Values, Body, Saved>,
  target: Target,
): string {
  const editing = kind.editing(target);
  return editing ? `Edit ${editing.name}` : `New ${kind.noun}`;
}

function CatalogueForm<Target, Values extends FormValues, Body, Saved>({
  kind,
  target,
  currency,
  onClose,
  onSaved,
}: CatalogueFormModalProps<Target, Values, Body, Saved> & { target: Target }) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: kind.initialValues(target),
    onValuesChange: () => clearGeneral(),
  });
  const { submit, pending, general, clearGeneral } = useCatalogueSave({
    setErrors: form.setErrors,
    toBody: kind.toBody,
    save: (body: Body) => kind.save(target, body),
    fieldOf: kind.fieldOf,
    onSaved,
  });
  const editing = kind.editing(target) !== null;
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={formTitle(kind, target)}>
      <Stack gap="md">
        {general && (
          <Alert color="red" title="Not saved" data-testid={`${kind.noun}-form-error`}>
            {general}
          </Alert>
        )}
        <kind.Fields form={form} currency={currency} />
        <Group justify="flex-end" gap="sm" mt="sm" className="dialog-footer">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {editing ? `Save ${kind.noun}` : `Create ${kind.noun}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
