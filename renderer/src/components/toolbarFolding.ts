import type { ButtonVariant } from '@mantine/core';
import type { ReactNode } from 'react';

/** One action of a screen's toolbar, as data: the bar draws it as a button, or as a "More" menu item when folded. */
export interface ToolbarAction {
  /** Stable and unique in the bar. */
  id: string;
  label: string;
  onClick: () => void;
  /** The screen's main action (New booking): never folded. */
  primary?: boolean;
  /** Among the others, the higher folds later; equal ones fold from the end of the bar. */
  priority?: number;
  variant?: ButtonVariant;
  color?: string;
  icon?: ReactNode;
  /** The key that does it, shown beside the label. */
  shortcut?: string;
  /** Why it cannot be done now; null or absent when it can. */
  disabledReason?: string | null;
  testId?: string;
}

/** The gap between a bar's buttons, in pixels (FoldingToolbar.module.css). */
export const TOOLBAR_GAP = 6;

/** The actions that stay in the bar: all when they fit, else the primary ones and the most important others before "More". */
export function actionsInBar(
  actions: ToolbarAction[],
  widths: Map<string, number>,
  moreWidth: number,
  room: number,
): Set<string> {
  const all = new Set(actions.map((action) => action.id));
  const width = (action: ToolbarAction) => widths.get(action.id) ?? 0;
  const total = actions.reduce((sum, action) => sum + width(action) + TOOLBAR_GAP, -TOOLBAR_GAP);
  if (room <= 0 || total <= room) return all;
  const kept = new Set<string>();
  let used = moreWidth;
  const byImportance = [...actions]
    .map((action, index) => ({ action, index }))
    .sort(
      (a, b) =>
        Number(b.action.primary ?? false) - Number(a.action.primary ?? false) ||
        (b.action.priority ?? 0) - (a.action.priority ?? 0) ||
        a.index - b.index,
    );
  for (const { action } of byImportance) {
    if (action.primary || used + TOOLBAR_GAP + width(action) <= room) {
      kept.add(action.id);
      used += TOOLBAR_GAP + width(action);
    }
  }
  return kept;
}
