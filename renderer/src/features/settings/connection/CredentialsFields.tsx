import { Group, PasswordInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ConnectionView } from '../../../../../shared/schemas/connection';
import type { ConnectionFormValues, CredentialKind } from './connection-form';
import { LabelledSegments } from './LabelledSegments';

const KINDS: { value: CredentialKind; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'bearer', label: 'Bearer token' },
  { value: 'header', label: 'Header' },
];

/** How the desk signs in to the remote: nothing, a bearer token, or a header of the remote's choosing. */
export function CredentialsFields({
  form,
  stored,
}: {
  form: UseFormReturnType<ConnectionFormValues>;
  stored: ConnectionView['credentials'];
}) {
  const kind = form.values.credKind;
  // A secret is stored for this kind: a blank field keeps it.
  const secretSet = stored.set && stored.kind === kind;
  return (
    <>
      <LabelledSegments
        label="Credentials for the remote"
        value={kind}
        onChange={(next) => form.setFieldValue('credKind', next)}
        data={KINDS}
        error={form.errors.credentials}
        testId="connection-credentials-kind"
      />
      {kind === 'bearer' && (
        <PasswordInput
          label="Token"
          description={
            secretSet ? 'A token is set. Leave blank to keep it, or type a new one.' : 'Sent as Authorization: Bearer …'
          }
          placeholder={secretSet ? '•••••••• (set)' : 'the remote’s API token'}
          {...form.getInputProps('token')}
          autoComplete="off"
        />
      )}
      {kind === 'header' && (
        <Group grow align="flex-start">
          <TextInput
            label="Header name"
            placeholder="X-Api-Key"
            {...form.getInputProps('headerName')}
            spellCheck={false}
            autoComplete="off"
          />
          <PasswordInput
            label="Header value"
            description={secretSet ? 'A value is set. Leave blank to keep it.' : undefined}
            placeholder={secretSet ? '•••••••• (set)' : ''}
            {...form.getInputProps('headerValue')}
            autoComplete="off"
          />
        </Group>
      )}
    </>
  );
}
