import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { dateInZone, isKnownTimeZone } from '../../../shared/dates';
import { sessionQuery } from '../api/queries';

function todayFor(timeZone: string | undefined): string {
  // Until the session is known (or if its zone is unknown here) the computer's own zone stands in.
  const zone = timeZone && isKnownTimeZone(timeZone) ? timeZone : Intl.DateTimeFormat().resolvedOptions().timeZone;
  return dateInZone(new Date(), zone);
}

/**
 * Today's date in the dropzone's time zone (YYYY-MM-DD), the same "today" the server counts in.
 * Looked at again every minute: the desk stays open across midnight.
 */
export function useDropzoneToday(): string {
  const timeZone = useQuery(sessionQuery()).data?.dropzone.timezone;
  const [, setMinute] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setMinute((n) => n + 1), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return todayFor(timeZone);
}
