import { AppShell, Group, Kbd, NavLink, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { hasApiToken } from '../api/client';
import { lazy, Suspense } from 'react';
import { LoadingState, MissingTokenState } from '../components/states';
import { AdminUnlockHost } from '../features/admin/AdminUnlockHost';
import { BookingsPage } from '../features/bookings/BookingsPage';
import { ImportHost } from '../features/import/ImportHost';
import { NAV_ITEMS, ROUTES } from './routes';
import { StatusBar } from './StatusBar';

// Bookings is where the desk opens, so it ships in the first bundle; the other screens load when
// first visited, keeping the first paint fast.
const BookingDetailPage = lazy(() => import('../features/bookings/BookingDetailPage').then((m) => ({ default: m.BookingDetailPage })));
const FilmersPage = lazy(() => import('../features/filmers/FilmersPage').then((m) => ({ default: m.FilmersPage })));
const CataloguePage = lazy(() => import('../features/catalogue/CataloguePage').then((m) => ({ default: m.CataloguePage })));
const LogPage = lazy(() => import('../features/log/LogPage').then((m) => ({ default: m.LogPage })));
const HistoryPage = lazy(() => import('../features/import/HistoryPage').then((m) => ({ default: m.HistoryPage })));
const HistoryDetailPage = lazy(() => import('../features/import/HistoryDetailPage').then((m) => ({ default: m.HistoryDetailPage })));
const DaySheetPage = lazy(() => import('../features/bookings/day-sheet/DaySheetPage').then((m) => ({ default: m.DaySheetPage })));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })));

function Navigation() {
  const [location, navigate] = useLocation();
  useHotkeys(NAV_ITEMS.map((item) => [item.shortcut, () => navigate(item.path)]));
  return (
    <Stack gap={4} p="xs" component="nav" aria-label="Screens">
      {NAV_ITEMS.map((item) => (
        <NavLink
          key={item.path}
          href={`#${item.path}`}
          label={item.label}
          active={location === item.path || location.startsWith(`${item.path}/`) || ('activeFor' in item && location.startsWith(item.activeFor))}
          rightSection={<Kbd size="xs">{item.shortcut.replace('alt+', 'Alt ')}</Kbd>}
          onClick={(event) => {
            event.preventDefault();
            navigate(item.path);
          }}
        />
      ))}
    </Stack>
  );
}

function Screens() {
  return (
    <Suspense fallback={<LoadingState label="Opening…" />}>
      <Switch>
        <Route path={ROUTES.bookings} component={BookingsPage} />
        <Route path="/bookings/id/:id">
          {(params) => (/^\d{1,15}$/.test(params.id) ? <BookingDetailPage bookingId={Number(params.id)} /> : <BookingDetailPage externalId={`id/${decodeURIComponent(params.id)}`} />)}
        </Route>
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
        <Route path="/day-sheet/:day">{(params) => <DaySheetPage day={params.day} />}</Route>
        <Route path={ROUTES.imports} component={HistoryPage} />
        <Route path="/imports/:id">{(params) => <HistoryDetailPage id={Number(params.id)} />}</Route>
        <Route>
          <Redirect to={ROUTES.bookings} />
        </Route>
      </Switch>
    </Suspense>
  );
}

export function App() {
  if (!hasApiToken()) return <MissingTokenState />;
  return (
    <Router hook={useHashLocation}>
      <AppShell header={{ height: 52 }} navbar={{ width: 200, breakpoint: 0 }} footer={{ height: 32 }} padding="md">
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between">
            <Title order={4} c="sky.8">
              Dropzone Desk
            </Title>
            <Text size="xs" c="dimmed">
              <Kbd size="xs">/</Kbd> search · <Kbd size="xs">Alt 1–7</Kbd> screens · <Kbd size="xs">Esc</Kbd> close
            </Text>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar>
          <Navigation />
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
