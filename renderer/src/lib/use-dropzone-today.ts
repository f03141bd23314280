import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { dateInZone, isKnownTimeZone, localDateOf } from '../../../shared/dates';
import { sessionQuery } from '../api/queries';

function todayFor(timeZone: string | undefined): string {
  const now = new Date();
  if (timeZone && isKnownTimeZone(timeZone)) return dateInZone(now, timeZone);
  // Until the session is known (or if its zone is unknown here) the computer's own zone stands in:
  // its calendar date is Date's local one, read without building an Intl formatter at each render.
  return localDateOf(now);
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
