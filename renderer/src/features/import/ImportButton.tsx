import { Button } from '@mantine/core';
import { useLocation } from 'wouter';
import type { ImportKind } from '../../../../shared/schemas/imports';
import { ROUTES } from '../../app/routes';
import { IconFileImport } from '../../components/icons';

/** "Import…" beside a list's own actions: opens the wizard for that kind of record. */
export function ImportButton({ kind }: { kind: ImportKind }) {
  const [, navigate] = useLocation();
  return (
    <Button variant="default" leftSection={<IconFileImport />} onClick={() => navigate(kind === 'bookings' ? ROUTES.importBookings : ROUTES.importFilmers)} data-testid={`import-${kind}`}>
      Import…
    </Button>
  );
}
