import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './app/app.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setApiToken } from './api/client';
import { takeSessionToken } from './api/session-token';
import { App } from './app/App';
import { ScreenBoundary } from './app/ScreenBoundary';
import { cssVariablesResolver, theme } from './app/theme';

setApiToken(takeSessionToken());

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 5_000 },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <ScreenBoundary scope="page">
          <App />
        </ScreenBoundary>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
