import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { API_TOKEN_LIMITS, type ApiTokenCreated } from '../../../../../shared/schemas/api-tokens';
import { ApiError } from '../../../api/client';
import { useCreateApiToken } from './use-api-token-mutations';

export interface NewTokenFormProps {
  onCreated: (created: ApiTokenCreated) => void;
  onCancel: () => void;
}

/** The server's 422 as words: `label` beside the field, anything else above the buttons. */
function describeFailure(error: unknown): { label?: string; form?: string } {
  if (!(error instanceof ApiError)) return { form: error instanceof Error ? error.message : String(error) };
  const { label, ...others } = error.fields;
  const rest = Object.values(others);
  return {
    ...(label ? { label: `Label ${label}` } : {}),
    ...(rest.length > 0 || !label ? { form: rest.length > 0 ? rest.join('; ') : error.message } : {}),
  };
}

/** A label for the new token; the server checks it, so its rules live in one place. */
export function NewTokenForm({ onCreated, onCancel }: NewTokenFormProps) {
  const create = useCreateApiToken();
  // What the server said beyond the label; gone as soon as the label changes, like the label's own message.
  const [formError, setFormError] = useState<string | undefined>();
  const form = useForm({ initialValues: { label: '' }, onValuesChange: () => setFormError(undefined) });

  const onSubmit = form.onSubmit(({ label }) => {
    create.mutate(
      { label },
      {
        onSuccess: onCreated,
        onError: (error) => {
          const failure = describeFailure(error);
          form.setErrors(failure.label ? { label: failure.label } : {});
          setFormError(failure.form);
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New booking system token" data-testid="api-token-form">
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Label"
          description="Which booking system will use it, e.g. “Booking system at the front desk”"
          {...form.getInputProps('label')}
          maxLength={API_TOKEN_LIMITS.maxLabelLength + 20}
          autoComplete="off"
          data-autofocus
          autoFocus
          style={{ flex: 1 }}
        />
        {/* Level with the input (below its label and description), not with the description. */}
        <Group gap="xs" mt={46}>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create token
          </Button>
        </Group>
      </Group>
      {formError && (
        <Alert color="red" title="No token was made" mt="sm" data-testid="api-token-form-error">
          {formError}
        </Alert>
      )}
    </form>
  );
}
