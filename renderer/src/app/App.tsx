import { AppShell, Group, Kbd, NavLink, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { hasApiToken } from '../api/client';
import { MissingTokenState } from '../components/states';
import { BookingDetailPage } from '../features/bookings/BookingDetailPage';
import { BookingsPage } from '../features/bookings/BookingsPage';
import { CataloguePage } from '../features/catalogue/CataloguePage';
import { FilmersPage } from '../features/filmers/FilmersPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { NAV_ITEMS, ROUTES } from './routes';
import { StatusBar } from './StatusBar';

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
          active={location === item.path || location.startsWith(`${item.path}/`)}
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
    <Switch>
      <Route path={ROUTES.bookings} component={BookingsPage} />
      <Route path="/bookings/:externalId">{(params) => <BookingDetailPage externalId={decodeURIComponent(params.externalId)} />}</Route>
      <Route path={ROUTES.filmers} component={FilmersPage} />
      <Route path={ROUTES.catalogue} nest component={CataloguePage} />
      <Route path={ROUTES.settings} component={SettingsPage} />
      <Route>
        <Redirect to={ROUTES.bookings} />
      </Route>
    </Switch>
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
              <Kbd size="xs">/</Kbd> search · <Kbd size="xs">Alt 1–4</Kbd> screens · <Kbd size="xs">Esc</Kbd> close
            </Text>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar>
          <Navigation />
        </AppShell.Navbar>
        <AppShell.Main>
          <Screens />
        </AppShell.Main>
        <AppShell.Footer>
          <StatusBar />
        </AppShell.Footer>
      </AppShell>
    </Router>
  );
}
