import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../../api/queries';
import { formatClockTime } from '../../lib/format';

/**
 * An instant on the dropzone's clock ("14:05", "26 Nov, 14:05" another day), as the status bar and
 * a booking's notice say it: the Sync screen's times agree with them whatever the computer's zone.
 */
export function useDeskTime(): (iso: string) => string {
  const timeZone = useQuery(sessionQuery()).data?.dropzone.timezone;
  return (iso) => formatClockTime(iso, timeZone);
}
