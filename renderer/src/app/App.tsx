import { AppShell, Group, Kbd, NavLink, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { Suspense } from 'react';
import { useReachability } from '../api/reachability';
import { LoadingState } from '../components/states';
import { AdminUnlockHost } from '../features/admin/AdminUnlockHost';
import { BookingsPage } from '../features/bookings/BookingsPage';
import { ImportHost } from '../features/import/ImportHost';
import { lazyScreen } from './lazy-screen';
import { NAV_ITEMS, ROUTES } from './routes';
import { ScreenBoundary } from './ScreenBoundary';
import { SignInPanel } from './SignInPanel';
import { StatusBar } from './StatusBar';
import { useRefetchWhenBack } from './use-refetch-when-back';

// Bookings is where the desk opens, so it ships in the first bundle; the other screens load when
// first visited, keeping the first paint fast. A screen whose code fails to load (the server is
// down) loads again on the next try: lazyScreen, and ScreenBoundary around them.
const bookingDetailPage = lazyScreen(() => import('../features/bookings/BookingDetailPage').then((m) => m.BookingDetailPage));
const filmersPage = lazyScreen(() => import('../features/filmers/FilmersPage').then((m) => m.FilmersPage));
const cataloguePage = lazyScreen(() => import('../features/catalogue/CataloguePage').then((m) => m.CataloguePage));
const logPage = lazyScreen(() => import('../features/log/LogPage').then((m) => m.LogPage));
const historyPage = lazyScreen(() => import('../features/import/HistoryPage').then((m) => m.HistoryPage));
const historyDetailPage = lazyScreen(() => import('../features/import/HistoryDetailPage').then((m) => m.HistoryDetailPage));
const daySheetPage = lazyScreen(() => import('../features/bookings/day-sheet/DaySheetPage').then((m) => m.DaySheetPage));
const settingsPage = lazyScreen(() => import('../features/settings/SettingsPage').then((m) => m.SettingsPage));

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
  const [location] = useLocation();
  const BookingDetailPage = bookingDetailPage();
  const FilmersPage = filmersPage();
  const CataloguePage = cataloguePage();
  const LogPage = logPage();
  const HistoryPage = historyPage();
  const HistoryDetailPage = historyDetailPage();
  const SettingsPage = settingsPage();
  const DaySheetPage = daySheetPage();
  return (
    <ScreenBoundary scope="screen" resetKey={location}>
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
    </ScreenBoundary>
  );
}

export function App() {
  const { signedOut } = useReachability();
  useRefetchWhenBack();
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
          <ScreenBoundary scope="screen">
            <ImportHost />
          </ScreenBoundary>
          <AdminUnlockHost />
          {signedOut && <SignInPanel />}
        </AppShell.Main>
        <AppShell.Footer>
          <StatusBar />
        </AppShell.Footer>
      </AppShell>
    </Router>
  );
}
