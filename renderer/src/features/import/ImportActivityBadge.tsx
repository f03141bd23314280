import { Tooltip } from '@mantine/core';
import { ROUTES } from '../../app/routes';
import { BadgeLink } from '../../components/BadgeLink';
import { useImportActivity } from './import-activity';

/** "Importing bookings… 12,500 / 50,000" in the status bar while a send goes on; opens the wizard. */
export function ImportActivityBadge() {
  const { sending } = useImportActivity();
  if (!sending) return null;
  const route = sending.kind === 'bookings' ? ROUTES.importBookings : ROUTES.importFilmers;
  const count = `${sending.done.toLocaleString('en')} / ${sending.total.toLocaleString('en')}`;
  return (
    <Tooltip label="An import is being sent; open it for the progress, Cancel and the results">
      <BadgeLink route={route} testId="status-importing" color="sky" variant="light" tt="none" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {sending.cancelling ? 'Stopping import…' : `Importing ${sending.kind}…`} {count}
      </BadgeLink>
    </Tooltip>
  );
}
