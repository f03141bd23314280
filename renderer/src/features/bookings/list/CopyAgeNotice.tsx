import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { sessionQuery } from '../../../api/queries';
import { copyAgeWords } from '../../../lib/remote-status-words';

// The age is in minutes: looked at again often enough that "2 min ago" never lags a minute behind
// (and at every new session, which the status bar polls every few seconds).
const RECHECK_MS = 15_000;

/**
 * Proxy mode, near the list's header: what reception sees is the desk's copy of the remote, and as
 * of when, once that is more than two minutes old (the remote not answering, or its refresh failing).
 * Nothing while the copy is fresh, nor in local mode.
 */
export function CopyAgeNotice() {
  const session = useQuery(sessionQuery());
  const [, recheck] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const timer = window.setInterval(recheck, RECHECK_MS);
    return () => window.clearInterval(timer);
  }, []);
  if (!session.data) return null;
  const words = copyAgeWords(session.data.health, session.data.copy, session.data.dropzone.timezone, new Date());
  if (!words) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      py={6}
      title={words}
      role="status"
      data-testid="copy-age"
      styles={{ title: { marginBottom: 0 } }}
    />
  );
}
