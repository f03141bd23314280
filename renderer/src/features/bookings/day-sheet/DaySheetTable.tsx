import { CHECK_IN_STATES, type CheckInState, type DaySheet } from '../../../../../shared/schemas/reception';
import { formatMoney } from '../../../lib/format';
import { CHECK_IN_LABELS } from '../../../lib/check-in-keys';
import { CAMERA_REQUIREMENT_LABELS } from '../../../lib/booking-labels';
import classes from './DaySheet.module.css';

/** A square to tick by pen; ticked already when reception marked the booking so. */
function Box({ ticked, label }: { ticked: boolean; label: string }) {
  return (
    <span
      className={classes.box}
      data-ticked={ticked || undefined}
      role="img"
      aria-label={`${label}: ${ticked ? 'marked' : 'not marked'}`}
    >
      {ticked ? '✓' : ''}
    </span>
  );
}

/** The sheet's table: one row per booking, never split across pages, the header on every page. */
export function DaySheetTable({ sheet }: { sheet: DaySheet }) {
  return (
    <table className={classes.table}>
      <thead>
        <tr>
          <th className={classes.number}>#</th>
          <th>Name</th>
          <th>Phone</th>
          <th>Product</th>
          <th>Camera</th>
          <th>Filmer</th>
          {CHECK_IN_STATES.map((state) => (
            <th key={state} className={classes.boxColumn}>
              {CHECK_IN_LABELS[state]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sheet.bookings.map((booking, index) => {
          const marked: CheckInState | null = booking.check_in?.state ?? null;
          return (
            <tr key={booking.id} data-testid="day-sheet-row">
              <td className={classes.number}>{index + 1}</td>
              <td>
                <div className={classes.name}>{booking.name ?? '—'}</div>
                {booking.external_id && <div className={classes.sub}>{booking.external_id}</div>}
              </td>
              <td className={classes.phone}>{booking.mobile ?? ''}</td>
              <td>
                {booking.product ? (
                  <>
                    <div>{booking.product.name}</div>
                    <div className={classes.sub}>{formatMoney(booking.product.price_cents, sheet.currency)}</div>
                  </>
                ) : (
                  (booking.camera_package ?? '')
                )}
              </td>
              <td>
                {booking.camera_requirement
                  ? (CAMERA_REQUIREMENT_LABELS[booking.camera_requirement] ?? booking.camera_requirement)
                  : ''}
              </td>
              <td>{booking.filmer ?? ''}</td>
              {CHECK_IN_STATES.map((state) => (
                <td key={state} className={classes.boxColumn}>
                  <Box ticked={marked === state} label={CHECK_IN_LABELS[state]} />
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
