import { Alert, Button, Code as RawCode, List, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { checkSessionToken, hasApiToken, setApiToken } from '../api/client';
import { reachability } from '../api/reachability';
import { keepSessionToken, tokenFromPasted } from '../api/session-token';

const REFUSED = {
  rejected:
    'The desk does not take this address: it is from another desk, or from before the desk was started with --new-session. Print the current one (see above).',
  offline: 'The desk server does not answer: is it running? Try again once it is.',
  unreadable: 'Paste the whole sign-in address (it contains ?token=…) or the token alone.',
} as const;

/** A command or flag, never broken across lines. */
function Code({ children }: { children: string }) {
  return <RawCode style={{ whiteSpace: 'nowrap' }}>{children}</RawCode>;
}

/** What to do, in steps a reception desk can follow or hand to whoever runs the desk computer. */
function HowToSignIn({ hadToken }: { hadToken: boolean }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        {hadToken ? (
          <>
            The desk server no longer takes the sign-in this page had: it was started with <Code>--new-session</Code>,
            or on another data folder. What you had open stays behind this panel.
          </>
        ) : (
          'This page has no sign-in yet. The desk server prints a sign-in address when it starts; it ends in ?token=….'
        )}
      </Text>
      <List size="sm" type="ordered" spacing={4}>
        <List.Item>
          On the computer that runs the desk, print the address with <Code>npm run url</Code> (or{' '}
          <Code>dropzone-desk url</Code>; add <Code>--data-dir DIR</Code> when the desk runs with one). It is also the{' '}
          <b>Desk:</b> line that <Code>npm run serve</Code> printed.
        </List.Item>
        <List.Item>Open that address in this browser, or paste it below.</List.Item>
      </List>
      <Text size="xs" c="dimmed">
        Once signed in, this browser stays signed in across restarts of the desk server.
      </Text>
    </Stack>
  );
}

function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<keyof typeof REFUSED | null>(null);
  const [checking, setChecking] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const token = tokenFromPasted(pasted);
    if (!token) return setProblem('unreadable');
    setChecking(true);
    const verdict = await checkSessionToken(token);
    setChecking(false);
    if (verdict !== 'accepted') return setProblem(verdict);
    setApiToken(token);
    keepSessionToken(token);
    onSignedIn();
  };
  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="xs">
        <TextInput
          label="Sign-in address"
          placeholder="http://127.0.0.1:4780/?token=…"
          value={pasted}
          onChange={(event) => {
            setPasted(event.currentTarget.value);
            setProblem(null);
          }}
          spellCheck={false}
          autoComplete="off"
          data-autofocus
        />
        {problem && (
          <Alert color="red" p="xs" data-testid="sign-in-problem">
            <Text size="sm">{REFUSED[problem]}</Text>
          </Alert>
        )}
        <Button type="submit" loading={checking} style={{ alignSelf: 'flex-start' }}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

/**
 * In front of the desk when the server refuses this page's token (or it has none): says exactly
 * how to get the sign-in address again and takes it pasted, keeping what is open behind it.
 */
export function SignInPanel() {
  const queryClient = useQueryClient();
  const hadToken = hasApiToken();
  const onSignedIn = () => {
    reachability.signedIn();
    void queryClient.invalidateQueries();
  };
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="lg"
      title={<Title order={3}>Sign in to the desk</Title>}
      data-testid="sign-in-panel"
    >
      <Stack gap="md">
        <HowToSignIn hadToken={hadToken} />
        <SignInForm onSignedIn={onSignedIn} />
      </Stack>
    </Modal>
  );
}
