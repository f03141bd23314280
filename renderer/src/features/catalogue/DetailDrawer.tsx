import { Drawer } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export interface DetailDrawerProps {
  /** The record shown; null when the drawer is closed. */
  id: number | null;
  label: string;
  onClose: () => void;
  children: (id: number) => ReactNode;
}

const TITLE_STYLES = {
  title: {
    fontSize: 'var(--mantine-font-size-xs)',
    fontWeight: 700,
    textTransform: 'uppercase' as const,
    letterSpacing: '0.04em',
    color: 'var(--mantine-color-dimmed)',
  },
};

/** A record's detail beside its list. Escape or the close button goes back to the list. */
export function DetailDrawer({ id, label, onClose, children }: DetailDrawerProps) {
  // Keep the last record on screen while the drawer slides away.
  const [shownId, setShownId] = useState(id);
  if (id !== null && id !== shownId) setShownId(id);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={480}
      title={label}
      styles={TITLE_STYLES}
      closeButtonProps={{ 'aria-label': `Close ${label.toLowerCase()}` }}
    >
      {shownId !== null && children(shownId)}
    </Drawer>
  );
}
