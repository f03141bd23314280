import { Alert, Code, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { PairingCodeView } from '../../../../../shared/schemas/desks';
import { formatDateTime } from '../../../lib/format';

function minutesLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 60_000));
}

/** A one-time code, shown once with what the joining desk types; it says when it runs out. */
export function PairingCodePanel({ shown, onDismiss }: { shown: PairingCodeView; onDismiss: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const left = minutesLeft(shown.expires_at, now);
  const url = shown.urls[0] ?? 'https://<this computer’s address>:4781';
  return (
    <Alert
      color={left > 0 ? 'teal' : 'gray'}
      variant="light"
      title="Pairing code"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
      data-testid="desks-pairing-code"
    >
      <Stack gap="xs">
        <Code fz="xl" fw={700} style={{ letterSpacing: '0.08em' }} data-testid="desks-pairing-code-value">
          {shown.code}
        </Code>
        <Text size="sm">
          {left > 0
            ? `For one desk, until ${formatDateTime(shown.expires_at)} (${left} min left).`
            : 'This code has expired: make a new one.'}
        </Text>
        <Text size="sm">On the desk that joins, start it with:</Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {`npm run serve -- --join ${url} --code ${shown.code} --name "Video desk"`}
        </Code>
        <Text size="xs" c="dimmed">
          The code carries this desk&apos;s certificate check ({shown.fingerprint.slice(0, 14)}…): a joining desk shown
          another certificate stops before it sends anything.
        </Text>
      </Stack>
    </Alert>
  );
}
