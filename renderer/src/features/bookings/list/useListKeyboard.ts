import { useEffect, useRef, type RefObject } from 'react';
import type { CheckInState } from '../../../../../shared/schemas/reception';
import { checkInForKey } from '../../../lib/check-in-keys';

export interface ListKeyboardActions {
  /** Move the selection by `delta` rows, or to the first/last row. */
  move: (delta: number | 'first' | 'last') => void;
  open: () => void;
  edit: () => void;
  remove: () => void;
  create: () => void;
  focusSearch: () => void;
  /** Marks the selected booking's check-in (A, X, J; U unmarks). */
  checkIn: (state: CheckInState | null) => void;
}

/** Text the user is typing into: keys there are theirs, not shortcuts. */
function isTyping(target: HTMLElement): boolean {
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(target.type)
  );
}

/** Inside a popup (menu, calendar, listbox…) the popup's own keys apply. */
function inPopup(target: HTMLElement): boolean {
  return target.closest('[role="dialog"], [role="menu"], [role="listbox"], .mantine-Popover-dropdown') !== null;
}

const MOVES: Record<string, number | 'first' | 'last'> = {
  ArrowDown: 1,
  ArrowUp: -1,
  PageDown: 10,
  PageUp: -10,
  Home: 'first',
  End: 'last',
};

/**
 * The Bookings screen's keys. Moving and Enter work from the grid (or with nothing focused);
 * the letter shortcuts anywhere on the screen except while typing or inside a popup; nothing
 * while a dialog of the screen is open.
 */
export function useListKeyboard(
  gridRef: RefObject<HTMLElement | null>,
  enabled: boolean,
  actions: ListKeyboardActions,
): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof HTMLElement ? event.target : document.body;
      const act = latest.current;
      const onGrid = target === gridRef.current || target === document.body;

      if (onGrid && event.key in MOVES) {
        event.preventDefault();
        act.move(MOVES[event.key]!);
        return;
      }
      if (onGrid && event.key === 'Enter') {
        event.preventDefault();
        act.open();
        return;
      }
      if (isTyping(target) || inPopup(target)) return;
      const shortcut: Record<string, () => void> = {
        '/': act.focusSearch,
        n: act.create,
        N: act.create,
        e: act.edit,
        E: act.edit,
        Delete: act.remove,
      };
      const run = shortcut[event.key];
      if (run) {
        event.preventDefault();
        run();
        return;
      }
      const mark = checkInForKey(event.key);
      if (mark !== undefined) {
        event.preventDefault();
        act.checkIn(mark);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [gridRef, enabled]);
}
