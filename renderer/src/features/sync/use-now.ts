import { useEffect, useState } from 'react';

/** The time now, moved on every `everyMs`: relative times ("12 s ago", "in 30 s") stay true between refetches. */
export function useNow(everyMs = 5_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
