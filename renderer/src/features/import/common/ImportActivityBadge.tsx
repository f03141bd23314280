import { Tooltip } from '@mantine/core';
import { ROUTES } from '../../../lib/routes';
import { BadgeLink } from '../../../components/BadgeLink';
import { useImportActivity } from './import-activity';
import { useLiveImports } from './live-imports';

/**
 * "Importing bookings… 12,500 / 50,000" in the status bar while the desk sends an import, in every
 * window: it leads to the wizard that handed it over (in this window), else to the import's page
 * in the history (progress, Cancel, results).
 */
export function ImportActivityBadge() {
  const { running } = useLiveImports();
  const { sending } = useImportActivity();
  const first = running.values().next();
  if (first.done) return null;
  const progress = first.value;
  const wizardHere = sending?.kind === progress.kind && (sending.importId === progress.id || sending.importId === null);
  const route = wizardHere
    ? progress.kind === 'bookings'
      ? ROUTES.importBookings
      : ROUTES.importFilmers
    : ROUTES.importDetail(progress.id);
  const count = `${progress.sent.toLocaleString('en')} / ${progress.to_send.toLocaleString('en')}`;
  const more = running.size > 1 ? ` (+${running.size - 1} more)` : '';
  return (
    <Tooltip
      label={
        wizardHere
          ? 'The desk is sending an import; open it for the progress, Cancel and the results'
          : 'The desk is sending an import; open it in the history'
      }
    >
      <BadgeLink
        route={route}
        testId="status-importing"
        color="sky"
        variant="light"
        tt="none"
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {progress.cancelling ? 'Stopping import…' : `Importing ${progress.kind}…`} {count}
        {more}
      </BadgeLink>
    </Tooltip>
  );
}
