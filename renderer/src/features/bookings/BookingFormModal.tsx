import { Modal, Text } from '@mantine/core';
import { useState } from 'react';
import type { BookingListItem } from '../../../../shared/schemas/booking';
import { BookingForm, type SavedBooking } from './form/BookingForm';

export interface BookingFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The booking to edit; absent to create a new one. */
  booking?: BookingListItem;
  /** Called after a successful save (created, ok or partial_update) with the booking's ids. */
  onSaved?: (saved: SavedBooking) => void;
}

/** Create or edit a booking (through the Sync API, or as a walk-in or hand edit at the desk), in a dialog. */
export function BookingFormModal({ opened, onClose, booking, onSaved }: BookingFormModalProps) {
  // Mantine's dialog hears Esc first (a window listener, capture phase): while the date picker is
  // open, Esc is the picker's alone, so it closes the picker and the form stays with its input.
  const [pickerOpen, setPickerOpen] = useState(false);
  const close = () => {
    setPickerOpen(false);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      closeOnEscape={!pickerOpen}
      title={
        <Text component="span" fw={650} size="lg">
          {!booking
            ? 'New booking'
            : booking.external_id === null
              ? `Edit walk-in ${booking.name ?? ''}`
              : `Edit booking ${booking.external_id}`}
        </Text>
      }
      size={760}
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="booking-form-dialog"
    >
      <BookingForm
        key={booking?.id ?? 'new'}
        booking={booking}
        onClose={close}
        onSaved={onSaved}
        onPickerOpenChange={setPickerOpen}
      />
    </Modal>
  );
}
