import type { BookingListItem } from '../../../../../shared/schemas/booking';

/**
 * Which dialog of the Bookings screen is open, for which booking. Closing keeps the booking, so
 * a dialog still shows it while it fades out.
 */
export interface BookingDialogs {
  open: 'form' | 'delete' | null;
  booking?: BookingListItem;
}

export type BookingDialogAction =
  { type: 'create' } | { type: 'edit' | 'delete'; booking: BookingListItem } | { type: 'close' };

export const NO_DIALOG: BookingDialogs = { open: null };

export function bookingDialogs(state: BookingDialogs, action: BookingDialogAction): BookingDialogs {
  switch (action.type) {
    case 'create':
      return { open: 'form', booking: undefined };
    case 'edit':
      return { open: 'form', booking: action.booking };
    case 'delete':
      return { open: 'delete', booking: action.booking };
    case 'close':
      return { ...state, open: null };
  }
}
