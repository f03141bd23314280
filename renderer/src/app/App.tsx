import { ActionIcon, AppShell, Group, Kbd, Text, Title, Tooltip } from '@mantine/core';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../api/queries';
import { FirstRunPanel } from './FirstRunPanel';
import { useReachability } from '../api/reachability';
import { LoadingState } from '../components/states';
import { AdminUnlockHost } from '../features/admin/AdminUnlockHost';
import { BookingsPage } from '../features/bookings/BookingsPage';
import { ImportHost } from '../features/import/wizard/ImportHost';
import { IconSidebarCollapse, IconSidebarExpand } from '../components/icons';
import { ColorSchemeMenu } from '../components/ColorSchemeSwitch';
import { lazyScreen } from './lazy-screen';
import { Navigation } from './Navigation';
import { ROUTES } from '../lib/routes';
import { ScreenBoundary } from './ScreenBoundary';
import { SignInPanel } from './SignInPanel';
import { StatusBar } from './StatusBar';
import { useLiveChanges } from './use-live-changes';
import { useRefetchWhenBack } from './use-refetch-when-back';
import { useSidebarCollapsed } from './useSidebar';

// Bookings is where the desk opens, so it ships in the first bundle; the other screens load when
// first visited, keeping the first paint fast. A screen whose code fails to load (the server is
// down) loads again on the next try: lazyScreen, and ScreenBoundary around them.
const bookingDetailPage = lazyScreen(() =>
  import('../features/bookings/BookingDetailPage').then((m) => m.BookingDetailPage),
);
const filmersPage = lazyScreen(() => import('../features/filmers/FilmersPage').then((m) => m.FilmersPage));
const cataloguePage = lazyScreen(() => import('../features/catalogue/CataloguePage').then((m) => m.CataloguePage));
const logPage = lazyScreen(() => import('../features/log/LogPage').then((m) => m.LogPage));
const historyPage = lazyScreen(() => import('../features/import/history/HistoryPage').then((m) => m.HistoryPage));
const historyDetailPage = lazyScreen(() =>
  import('../features/import/history/HistoryDetailPage').then((m) => m.HistoryDetailPage),
);
const daySheetPage = lazyScreen(() =>
  import('../features/bookings/day-sheet/DaySheetPage').then((m) => m.DaySheetPage),
);
const syncPage = lazyScreen(() => import('../features/sync/SyncPage').then((m) => m.SyncPage));
const settingsPage = lazyScreen(() => import('../features/settings/SettingsPage').then((m) => m.SettingsPage));
// The API reference fetches Swagger UI (large) in a chunk of its own, once its page shows.
const apiReferencePage = lazyScreen(() =>
  import('../features/api-reference/ApiReferencePage').then((m) => m.ApiReferencePage),
);

function Screens() {
  const [location] = useLocation();
  const BookingDetailPage = bookingDetailPage();
  const FilmersPage = filmersPage();
  const CataloguePage = cataloguePage();
  const LogPage = logPage();
  const HistoryPage = historyPage();
  const HistoryDetailPage = historyDetailPage();
  const SettingsPage = settingsPage();
  const ApiReferencePage = apiReferencePage();
  const DaySheetPage = daySheetPage();
  const SyncPage = syncPage();
  return (
    <ScreenBoundary scope="screen" resetKey={location}>
      <Suspense fallback={<LoadingState label="Opening…" />}>
        <Switch>
          <Route path={ROUTES.bookings} component={BookingsPage} />
          <Route path="/bookings/id/:id">
            {(params) =>
              /^\d{1,15}$/.test(params.id) ? (
                <BookingDetailPage bookingId={Number(params.id)} />
              ) : (
                <BookingDetailPage externalId={`id/${decodeURIComponent(params.id)}`} />
              )
            }
          </Route>
          <Route path="/bookings/:externalId">
            {(params) => <BookingDetailPage externalId={decodeURIComponent(params.externalId)} />}
          </Route>
          <Route path={`${ROUTES.filmers}/:id?`} component={FilmersPage} />
          <Route path={ROUTES.catalogue} nest component={CataloguePage} />
          <Route path={ROUTES.apiReference} component={ApiReferencePage} />
          <Route path={ROUTES.settings} component={SettingsPage} />
          <Route path={ROUTES.sync} nest component={SyncPage} />
          <Route path={ROUTES.log}>{() => <LogPage />}</Route>
          <Route path={ROUTES.logDeviations}>{() => <LogPage onlyDeviations />}</Route>
          {/* The import wizards are drawn by ImportHost, which keeps one with work alive off-screen. */}
          <Route path={ROUTES.importBookings}>{() => null}</Route>
          <Route path={ROUTES.importFilmers}>{() => null}</Route>
          <Route path="/import">
            <Redirect to={ROUTES.importBookings} />
          </Route>
          <Route path="/day-sheet/:day">{(params) => <DaySheetPage day={params.day} />}</Route>
          <Route path={ROUTES.imports} component={HistoryPage} />
          <Route path="/imports/:id">{(params) => <HistoryDetailPage id={Number(params.id)} />}</Route>
          <Route>
            <Redirect to={ROUTES.bookings} />
          </Route>
        </Switch>
      </Suspense>
    </ScreenBoundary>
  );
}

/** Collapses the sidebar to icons (more room for the grids on a laptop) or opens it again. */
function SidebarToggle({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const label = collapsed ? 'Show screen names' : 'Collapse the sidebar';
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        aria-expanded={!collapsed}
        aria-controls="desk-navbar"
        onClick={onToggle}
        data-testid="sidebar-toggle"
      >
        {collapsed ? <IconSidebarExpand size={20} /> : <IconSidebarCollapse size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * What covers the screens: sign-in when the desk signed this window out, else the first-run
 * question. A component of its own, so that the session's arrival (at every page load) and each
 * change of reachability render these panels again, not the whole desk: the frame, the navigation
 * and the screen below do not read them (a cold load's profile had the session's re-render of
 * everything at ~115 ms, docs/performance.md).
 */
function SessionPanels() {
  const { signedOut } = useReachability();
  const firstRun = useQuery(sessionQuery()).data?.first_run === true;
  if (signedOut) return <SignInPanel />;
  return firstRun ? <FirstRunPanel /> : null;
}

export function App() {
  useRefetchWhenBack();
  useLiveChanges();
  const [collapsed, toggleSidebar] = useSidebarCollapsed();
  return (
    <Router hook={useHashLocation}>
      <AppShell
        header={{ height: 52 }}
        navbar={{ width: collapsed ? 64 : 220, breakpoint: 0 }}
        footer={{ height: 32 }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <SidebarToggle collapsed={collapsed} onToggle={toggleSidebar} />
              <Title order={4} c="light-dark(var(--mantine-color-sky-8), var(--mantine-color-sky-3))">
                Dropzone Desk
              </Title>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Text size="xs" c="dimmed" visibleFrom="md">
                <Kbd size="xs">/</Kbd> search · <Kbd size="xs">Alt 1–8</Kbd> screens · <Kbd size="xs">Esc</Kbd> close
              </Text>
              <ColorSchemeMenu />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar id="desk-navbar" data-collapsed={collapsed || undefined} data-testid="navbar">
          <Navigation collapsed={collapsed} />
        </AppShell.Navbar>
        <AppShell.Main>
          <Screens />
          <ScreenBoundary scope="screen">
            <ImportHost />
          </ScreenBoundary>
          <AdminUnlockHost />
          <SessionPanels />
        </AppShell.Main>
        <AppShell.Footer>
          <StatusBar />
        </AppShell.Footer>
      </AppShell>
    </Router>
  );
}
