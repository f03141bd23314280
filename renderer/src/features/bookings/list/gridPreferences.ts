import type { ColumnSizingState, VisibilityState } from '@tanstack/react-table';
import { useCallback, useEffect, useState, type SetStateAction } from 'react';
import { isObject } from '../../../../../shared/objects';

/** Which columns show and how wide they are: remembered on this computer between runs. */
export interface GridPreferences {
  columnVisibility: VisibilityState;
  columnSizing: ColumnSizingState;
}

const STORAGE_KEY = 'dropzone-desk.bookings-grid.v1';

function isRecordOf<T>(value: unknown, check: (v: unknown) => v is T): value is Record<string, T> {
  return isObject(value) && Object.values(value).every(check);
}
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isWidth = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0 && v < 5000;

/** What is stored, if it still makes sense; anything else (old format, hand-edited) is ignored. */
export function loadGridPreferences(): GridPreferences {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (isObject(stored)) {
      const { columnVisibility, columnSizing } = stored;
      return {
        columnVisibility: isRecordOf(columnVisibility, isBoolean) ? columnVisibility : {},
        columnSizing: isRecordOf(columnSizing, isWidth) ? columnSizing : {},
      };
    }
  } catch {
    // Unreadable preferences are not worth an error: the defaults serve.
  }
  return { columnVisibility: {}, columnSizing: {} };
}

function saveGridPreferences(preferences: GridPreferences): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    // Storage full or disabled: the grid still works, it just forgets on restart.
  }
}

const resolve = <T>(update: SetStateAction<T>, previous: T): T =>
  typeof update === 'function' ? (update as (p: T) => T)(previous) : update;

/** The grid's preferences as state, written back on every change (a few hundred bytes). */
export function useGridPreferences() {
  const [preferences, setPreferences] = useState(loadGridPreferences);

  useEffect(() => saveGridPreferences(preferences), [preferences]);

  const setColumnVisibility = useCallback(
    (update: SetStateAction<VisibilityState>) =>
      setPreferences((p) => ({ ...p, columnVisibility: resolve(update, p.columnVisibility) })),
    [],
  );
  const setColumnSizing = useCallback(
    (update: SetStateAction<ColumnSizingState>) =>
      setPreferences((p) => ({ ...p, columnSizing: resolve(update, p.columnSizing) })),
    [],
  );
  return { preferences, setColumnVisibility, setColumnSizing };
}
