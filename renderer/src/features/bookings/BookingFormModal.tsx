import { Modal, Text } from '@mantine/core';
import type { BookingListItem } from '../../../../shared/schemas/booking';
import { BookingForm } from './form/BookingForm';

export interface BookingFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The booking to edit; absent to create a new one. */
  booking?: BookingListItem;
  /** Called after a successful save (created, ok or partial_update) with the booking's external_id. */
  onSaved?: (externalId: string) => void;
}

/** Create or edit a booking through the Sync API (POST /bookings), in a dialog. */
export function BookingFormModal({ opened, onClose, booking, onSaved }: BookingFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text component="span" fw={650} size="lg">
          {booking ? `Edit booking ${booking.external_id ?? ''}` : 'New booking'}
        </Text>
      }
      size={760}
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="booking-form-dialog"
    >
      <BookingForm key={booking?.external_id ?? 'new'} booking={booking} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}
