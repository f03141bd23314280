import { ActionIcon, AppShell, Group, Kbd, Text, Title, Tooltip } from '@mantine/core';
import { Redirect, Route, Router, Switch } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { hasApiToken } from '../api/client';
import { lazy, Suspense } from 'react';
import { LoadingState, MissingTokenState } from '../components/states';
import { AdminUnlockHost } from '../features/admin/AdminUnlockHost';
import { BookingsPage } from '../features/bookings/BookingsPage';
import { ImportHost } from '../features/import/ImportHost';
import { IconSidebarCollapse, IconSidebarExpand } from '../components/icons';
import { ColorSchemeMenu } from './ColorSchemeSwitch';
import { Navigation } from './Navigation';
import { ROUTES } from './routes';
import { StatusBar } from './StatusBar';
import { useSidebarCollapsed } from './useSidebar';

// Bookings is where the desk opens, so it ships in the first bundle; the other screens load when
// first visited, keeping the first paint fast.
const BookingDetailPage = lazy(() => import('../features/bookings/BookingDetailPage').then((m) => ({ default: m.BookingDetailPage })));
const FilmersPage = lazy(() => import('../features/filmers/FilmersPage').then((m) => ({ default: m.FilmersPage })));
const CataloguePage = lazy(() => import('../features/catalogue/CataloguePage').then((m) => ({ default: m.CataloguePage })));
const LogPage = lazy(() => import('../features/log/LogPage').then((m) => ({ default: m.LogPage })));
const HistoryPage = lazy(() => import('../features/import/HistoryPage').then((m) => ({ default: m.HistoryPage })));
const HistoryDetailPage = lazy(() => import('../features/import/HistoryDetailPage').then((m) => ({ default: m.HistoryDetailPage })));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })));

function Screens() {
  return (
    <Suspense fallback={<LoadingState label="Opening…" />}>
      <Switch>
        <Route path={ROUTES.bookings} component={BookingsPage} />
        <Route path="/bookings/:externalId">{(params) => <BookingDetailPage externalId={decodeURIComponent(params.externalId)} />}</Route>
        <Route path={`${ROUTES.filmers}/:id?`} component={FilmersPage} />
        <Route path={ROUTES.catalogue} nest component={CataloguePage} />
        <Route path={ROUTES.settings} component={SettingsPage} />
        <Route path={ROUTES.log}>{() => <LogPage />}</Route>
        <Route path={ROUTES.logDeviations}>{() => <LogPage onlyDeviations />}</Route>
        {/* The import wizards are drawn by ImportHost, which keeps one with work alive off-screen. */}
        <Route path={ROUTES.importBookings}>{() => null}</Route>
        <Route path={ROUTES.importFilmers}>{() => null}</Route>
        <Route path="/import">
          <Redirect to={ROUTES.importBookings} />
        </Route>
        <Route path={ROUTES.imports} component={HistoryPage} />
        <Route path="/imports/:id">{(params) => <HistoryDetailPage id={Number(params.id)} />}</Route>
        <Route>
          <Redirect to={ROUTES.bookings} />
        </Route>
      </Switch>
    </Suspense>
  );
}

/** Collapses the sidebar to icons (more room for the grids on a laptop) or opens it again. */
function SidebarToggle({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const label = collapsed ? 'Show screen names' : 'Collapse the sidebar';
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} aria-expanded={!collapsed} aria-controls="desk-navbar" onClick={onToggle} data-testid="sidebar-toggle">
        {collapsed ? <IconSidebarExpand size={20} /> : <IconSidebarCollapse size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}

export function App() {
  const [collapsed, toggleSidebar] = useSidebarCollapsed();
  if (!hasApiToken()) return <MissingTokenState />;
  return (
    <Router hook={useHashLocation}>
      <AppShell header={{ height: 52 }} navbar={{ width: collapsed ? 64 : 220, breakpoint: 0 }} footer={{ height: 32 }} padding="md">
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
                <Kbd size="xs">/</Kbd> search · <Kbd size="xs">Alt 1–7</Kbd> screens · <Kbd size="xs">Esc</Kbd> close
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
          <ImportHost />
          <AdminUnlockHost />
        </AppShell.Main>
        <AppShell.Footer>
          <StatusBar />
        </AppShell.Footer>
      </AppShell>
    </Router>
  );
}
