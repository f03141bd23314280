import { Button, Group, Kbd, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BookingListItem } from '../../../../../shared/schemas/booking';
import { IconPlus } from '../../../components/icons';
import { useHandEdits } from '../form/useSaveBooking';
import classes from './ListActions.module.css';

export const NO_EXTERNAL_ID_REASON = 'This booking has no external id: in proxy mode it is only listed, it cannot be opened, edited or deleted here.';

export interface ListActionsProps {
  selected: BookingListItem | undefined;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onCreate: () => void;
}

interface ActionButtonProps {
  label: string;
  shortcut: ReactNode;
  /** Why the action is not available now; null when it is. */
  disabledReason: string | null;
  onClick: () => void;
  color?: string;
  testId: string;
}

function ActionButton({ label, shortcut, disabledReason, onClick, color, testId }: ActionButtonProps) {
  const button = (
    <Button
      variant="subtle"
      className={classes.action}
      color={color}
      disabled={disabledReason !== null}
      onClick={onClick}
      rightSection={
        <Kbd size="xs" aria-hidden>
          {shortcut}
        </Kbd>
      }
      data-testid={testId}
    >
      {label}
    </Button>
  );
  return disabledReason ? (
    <Tooltip label={disabledReason} multiline w={260} withArrow>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

/** What can be done with the selected booking, and a new one; each with its key. */
export function ListActions({ selected, onOpen, onEdit, onDelete, onCreate }: ListActionsProps) {
  // In local mode a booking without an external id is a walk-in the desk keeps, and opens by its own id.
  const walkIns = useHandEdits();
  const reason = !selected ? 'Select a booking first.' : selected.external_id === null && !walkIns ? NO_EXTERNAL_ID_REASON : null;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionButton label="Open" shortcut="Enter" disabledReason={reason} onClick={onOpen} testId="action-open" />
      <ActionButton label="Edit" shortcut="E" disabledReason={reason} onClick={onEdit} testId="action-edit" />
      <ActionButton label="Delete" shortcut="Del" disabledReason={reason} onClick={onDelete} color="red" testId="action-delete" />
      <Button
        ml="xs"
        leftSection={<IconPlus />}
        rightSection={
          <Kbd size="xs" aria-hidden className="kbd-on-filled">
            N
          </Kbd>
        }
        onClick={onCreate}
        data-testid="new-booking"
      >
        New booking
      </Button>
    </Group>
  );
}
