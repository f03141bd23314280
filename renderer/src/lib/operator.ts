import { useState } from 'react';

/** Kept under the import's old key: the name a person typed for an import is the one they go by. */
const OPERATOR_KEY = 'desk.import.operator';

/**
 * The name of the person at the desk, for what they record (an import's history, a jump, a
 * ledger event's `recorded_by`). Remembered as typed in this browser profile, so the next action
 * (also after a restart) starts with the same name; each window can change it.
 */
export function useOperatorName(): [string, (name: string) => void] {
  const [name, setName] = useState(() => localStorage.getItem(OPERATOR_KEY) ?? '');
  const remember = (next: string) => {
    setName(next);
    localStorage.setItem(OPERATOR_KEY, next);
  };
  return [name, remember];
}
