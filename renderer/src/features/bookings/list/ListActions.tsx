import { useLocation } from 'wouter';
import type { BookingListItem } from '../../../../../shared/schemas/booking';
import { ROUTES } from '../../../lib/routes';
import { FoldingToolbar, type ToolbarAction } from '../../../components/FoldingToolbar';
import { IconFileImport, IconPlus } from '../../../components/icons';
import { useHandEdits } from '../form/useSaveBooking';

export const NO_EXTERNAL_ID_REASON =
  'This booking has no external id: in proxy mode it is only listed, it cannot be opened, edited or deleted here.';

/**
 * Whether the desk can open, edit and delete a booking: one with an external id always; one
 * without (spec 4.1) only in local mode, where it is a walk-in the desk keeps by its own id.
 */
export const canAddress = (booking: { external_id: string | null }, walkIns: boolean): boolean =>
  booking.external_id !== null || walkIns;

export interface ListActionsProps {
  selected: BookingListItem | undefined;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onCreate: () => void;
}

/**
 * What can be done with the selected booking, and a new one; each with its key. As data for the
 * folding toolbar: on a narrow window the least used fold into "More" first (Import, then Open,
 * Delete, Edit); New booking always stays.
 */
export function ListActions({ selected, onOpen, onEdit, onDelete, onCreate }: ListActionsProps) {
  const [, navigate] = useLocation();
  // In local mode a booking without an external id is a walk-in the desk keeps, and opens by its own id.
  const walkIns = useHandEdits();
  const reason = !selected ? 'Select a booking first.' : !canAddress(selected, walkIns) ? NO_EXTERNAL_ID_REASON : null;
  const actions: ToolbarAction[] = [
    {
      id: 'import',
      label: 'Import…',
      variant: 'default',
      icon: <IconFileImport />,
      onClick: () => navigate(ROUTES.importBookings),
      priority: 0,
      testId: 'import-bookings',
    },
    {
      id: 'open',
      label: 'Open',
      shortcut: 'Enter',
      disabledReason: reason,
      onClick: onOpen,
      priority: 1,
      testId: 'action-open',
    },
    {
      id: 'edit',
      label: 'Edit',
      shortcut: 'E',
      disabledReason: reason,
      onClick: onEdit,
      priority: 3,
      testId: 'action-edit',
    },
    {
      id: 'delete',
      label: 'Delete',
      shortcut: 'Del',
      color: 'red',
      disabledReason: reason,
      onClick: onDelete,
      priority: 2,
      testId: 'action-delete',
    },
    {
      id: 'new',
      label: 'New booking',
      variant: 'filled',
      icon: <IconPlus />,
      shortcut: 'N',
      primary: true,
      onClick: onCreate,
      testId: 'new-booking',
    },
  ];
  return <FoldingToolbar actions={actions} label="Booking actions" testId="bookings-toolbar" />;
}
