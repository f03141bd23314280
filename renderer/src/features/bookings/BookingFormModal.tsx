import { Modal, Text } from '@mantine/core';
import type { BookingListItem } from '../../../../shared/schemas/booking';

export interface BookingFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The booking to edit; absent to create a new one. */
  booking?: BookingListItem;
  /** Called after a successful save (created, ok or partial_update) with the booking's external_id. */
  onSaved?: (externalId: string) => void;
}

/** Create or edit a booking through the Sync API. (Placeholder: the bookings feature fills this in.) */
export function BookingFormModal({ opened, onClose, booking }: BookingFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={booking ? `Edit ${booking.external_id}` : 'New booking'}>
      <Text>Not built yet.</Text>
    </Modal>
  );
}
