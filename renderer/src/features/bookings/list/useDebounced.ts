import { useCallback, useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `delay` ms, and a `flush` to take it at once (Enter in
 * the search box should not wait for the timer).
 */
export function useDebounced<T>(value: T, delay: number): [T, () => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  const flush = useCallback(() => setSettled(value), [value]);
  return [settled, flush];
}
