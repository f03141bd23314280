import { ROUTES } from '../lib/routes';

/** The navigation's entries, in order, with their keyboard shortcuts. */
export const NAV_ITEMS = [
  { label: 'Bookings', path: ROUTES.bookings, shortcut: 'alt+1' },
  { label: 'Filmers', path: ROUTES.filmers, shortcut: 'alt+2' },
  { label: 'Catalogue', path: ROUTES.catalogue, shortcut: 'alt+3' },
  { label: 'Settings', path: ROUTES.settings, shortcut: 'alt+4' },
  { label: 'Log', path: ROUTES.log, shortcut: 'alt+5' },
  // The wizard opens on bookings; its own switch goes to filmers (and the nav item stays lit there).
  { label: 'Import', path: ROUTES.importBookings, shortcut: 'alt+6', activeFor: '/import/' },
  { label: 'Import history', path: ROUTES.imports, shortcut: 'alt+7' },
  // Proxy mode's outbox; in local mode the screen says there is none and why.
  { label: 'Sync', path: ROUTES.sync, shortcut: 'alt+8' },
] as const;
