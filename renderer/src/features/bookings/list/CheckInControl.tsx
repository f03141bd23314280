import { CHECK_IN_STATES, type CheckInState } from '../../../../../shared/schemas/reception';
import type { ListedBooking } from '../../../api/reception-api';
import classes from './bookingCells.module.css';
import { CHECK_IN_KEY_OF, CHECK_IN_LABELS, nextCheckIn } from '../../../lib/check-in-keys';

const SHORT: Record<CheckInState, string> = { arrived: '✓', no_show: '✗', jumped: '↑' };

export interface CheckInControlProps {
  booking: ListedBooking;
  onCheckIn: (booking: ListedBooking, state: CheckInState | null) => void;
}

/**
 * A booking's check-in in its row: three small toggles (arrived, no-show, jumped), the set one
 * filled; a click on it again unmarks. Plain buttons (200 rows of them), out of the tab order:
 * the keyboard marks the selected row with A, X, J and U instead.
 */
export function CheckInControl({ booking, onCheckIn }: CheckInControlProps) {
  const current = booking.check_in?.state ?? null;
  const unmarkable = booking.jump_on === null;
  return (
    <span
      className={classes.checkIn}
      role="group"
      aria-label={`Check-in of ${booking.name ?? 'this booking'}`}
      data-testid="check-in-control"
    >
      {CHECK_IN_STATES.map((state) => (
        <button
          key={state}
          type="button"
          tabIndex={-1}
          className={classes.checkInButton}
          data-state={state}
          aria-pressed={current === state}
          aria-label={CHECK_IN_LABELS[state]}
          title={
            unmarkable
              ? 'No jump date: nothing to check in for'
              : `${CHECK_IN_LABELS[state]} (${CHECK_IN_KEY_OF[state]})${current === state ? ': click again to unmark' : ''}`
          }
          disabled={unmarkable}
          // The row is selected by the same click; the mark is this button's alone.
          onDoubleClick={(event) => event.stopPropagation()}
          onClick={() => onCheckIn(booking, nextCheckIn(current, state))}
        >
          {SHORT[state]}
        </button>
      ))}
    </span>
  );
}
