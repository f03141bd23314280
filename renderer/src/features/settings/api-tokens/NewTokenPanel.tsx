import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { ApiTokenCreated } from '../../../../../shared/schemas/api-tokens';

/**
 * The new token, shown this once: the server keeps only its hash, so once dismissed nobody can
 * see it again (a lost token is revoked and replaced, never recovered).
 */
export function NewTokenPanel({ created, onDismiss }: { created: ApiTokenCreated; onDismiss: () => void }) {
  return (
    <Alert
      color="teal"
      variant="light"
      title={`Token for “${created.label}”`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
      data-testid="api-token-created"
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Copy it now: it is not shown again.
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code block data-testid="api-token-value" style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {created.token}
          </Code>
          <CopyButton value={created.token}>
            {({ copied, copy }) => (
              // Filled: a light button vanishes into the panel's own teal.
              <Button size="xs" variant="filled" color={copied ? 'gray' : 'teal'} onClick={copy} miw={72}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">
          Enter it in the booking system as its API token; it sends it as <code>Authorization: Bearer …</code>.
        </Text>
      </Stack>
    </Alert>
  );
}
