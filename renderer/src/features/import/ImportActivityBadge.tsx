import { Badge, Tooltip } from '@mantine/core';
import { useLocation } from 'wouter';
import { ROUTES } from '../../app/routes';
import { useImportActivity } from './import-activity';

/** "Importing bookings… 12,500 / 50,000" in the status bar while a send goes on; opens the wizard. */
export function ImportActivityBadge() {
  const [, navigate] = useLocation();
  const { sending } = useImportActivity();
  if (!sending) return null;
  const route = sending.kind === 'bookings' ? ROUTES.importBookings : ROUTES.importFilmers;
  const count = `${sending.done.toLocaleString('en')} / ${sending.total.toLocaleString('en')}`;
  return (
    <Tooltip label="An import is being sent; open it for the progress, Cancel and the results">
      <Badge
        size="sm"
        color="sky"
        variant="light"
        component="a"
        href={`#${route}`}
        tt="none"
        style={{ cursor: 'pointer', fontVariantNumeric: 'tabular-nums' }}
        data-testid="status-importing"
        onClick={(event) => {
          event.preventDefault();
          navigate(route);
        }}
      >
        {sending.cancelling ? 'Stopping import…' : `Importing ${sending.kind}…`} {count}
      </Badge>
    </Tooltip>
  );
}
