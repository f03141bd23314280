import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { IMPORT_KINDS, type ImportKind } from '../../../../../shared/schemas/imports/kinds';
import { ROUTES } from '../../../lib/routes';
import { LoadingState } from '../../../components/states';
import { useWizardsWithWork } from '../common/import-activity';

// The wizard's code loads when first opened, as every screen but Bookings does.
const ImportPage = lazy(() => import('./ImportPage').then((m) => ({ default: m.ImportPage })));

const ROUTE_OF: Record<ImportKind, string> = { bookings: ROUTES.importBookings, filmers: ROUTES.importFilmers };

/**
 * The import wizards live here, beside the routed screens rather than inside them: a wizard with
 * work (rows checked, a send on its way, results) stays mounted, hidden, while another screen
 * shows, so going to Bookings mid-send and coming back finds the progress or the results, and the
 * send goes on meanwhile. A wizard with nothing in it is dropped when left, as any screen is.
 */
export function ImportHost() {
  const [location] = useLocation();
  const withWork = useWizardsWithWork();
  return (
    <>
      {IMPORT_KINDS.map((kind) => {
        const shown = location === ROUTE_OF[kind];
        if (!shown && !withWork[kind]) return null;
        return (
          <div key={kind} hidden={!shown} data-testid={`import-host-${kind}`}>
            <Suspense fallback={<LoadingState label="Opening…" />}>
              <ImportPage kind={kind} />
            </Suspense>
          </div>
        );
      })}
    </>
  );
}
