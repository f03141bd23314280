import { createContext, useContext } from 'react';
import type { Filmer } from '../../../../shared/schemas/filmer';

/**
 * What the controls inside a row can do. Given through context, so the column definitions stay
 * module-level constants (TanStack: stable `columns`) while still reaching the page's handlers.
 */
export interface FilmerRowActions {
  setActive: (filmer: Filmer, active: boolean) => void;
  askDelete: (filmer: Filmer) => void;
  /** The selected row's controls are the only ones in the tab order (the grid is one tab stop). */
  selectedId: number | null;
}

export const FilmerRowActionsContext = createContext<FilmerRowActions | null>(null);

export function useFilmerRowActions(): FilmerRowActions {
  const actions = useContext(FilmerRowActionsContext);
  if (!actions) throw new Error('FilmerRowActionsContext is missing: render filmer cells inside FilmersGrid');
  return actions;
}
