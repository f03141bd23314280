import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Component, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { reachability, useReachability } from '../api/reachability';
import { ScreenLoadError } from './lazy-screen';

interface BoundaryProps {
  children: ReactNode;
  /** A change (another screen opened) clears a failure. */
  resetKey?: unknown;
  /** Where the boundary stands: a screen, or the whole page. */
  scope: 'screen' | 'page';
}

interface BoundaryState {
  error: Error | null;
  /** Counts retries, so each one renders the screen afresh. */
  attempt: number;
  resetKey: unknown;
}

/**
 * Never a blank page: a screen that fails to render or to load shows what happened and how it
 * recovers, and the rest of the desk stays usable. A screen whose code could not be fetched
 * loads again by itself once the desk server answers.
 */
export class ScreenBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, attempt: 0, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`dropzone-desk: a ${this.props.scope} failed to render`, error, info.componentStack);
  }

  private readonly retry = () => this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));

  override render() {
    const { error, attempt } = this.state;
    if (!error) return <ScreenAttempt key={attempt}>{this.props.children}</ScreenAttempt>;
    if (error instanceof ScreenLoadError) return <ScreenLoadFailed error={error} onRetry={this.retry} />;
    return <RenderFailed error={error} scope={this.props.scope} onRetry={this.retry} />;
  }
}

/** Keyed by the attempt: a retry mounts the screen anew. */
function ScreenAttempt({ children }: { children: ReactNode }) {
  return children;
}

/** The screen's code did not load: says why, and loads it again as soon as the server answers. */
function ScreenLoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { server, backOnlineAt } = useReachability();
  const seenBack = useRef(backOnlineAt);
  useEffect(() => {
    // Is the server down, or is it this screen? Ask now rather than at the next check.
    reachability.suspect();
  }, []);
  useEffect(() => {
    if (backOnlineAt !== null && backOnlineAt !== seenBack.current) onRetry();
  }, [backOnlineAt, onRetry]);
  const serverDown = server !== 'online';
  return (
    <Alert
      color={serverDown ? 'orange' : 'red'}
      title={serverDown ? undefined : 'This screen could not be loaded'}
      my="md"
      data-testid="screen-load-failed"
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        {serverDown ? (
          <Group gap="xs">
            <Loader size="xs" color="orange" />
            <Text size="sm">This screen could not be loaded — the desk server is not answering. Retrying…</Text>
          </Group>
        ) : (
          <Text size="sm">
            The desk server answers, but this screen&apos;s code did not load ({error.message}). Try again; if it stays,
            reload the page: the desk may have been updated since it was opened.
          </Text>
        )}
        <RecoveryButtons
          label="Retry"
          color={serverDown ? 'orange' : 'red'}
          onRetry={onRetry}
          offerReload={!serverDown}
        />
      </Stack>
    </Alert>
  );
}

/** Try the screen again; while the server answers, a full reload is offered too (it would not load without it). */
function RecoveryButtons({
  label,
  color,
  onRetry,
  offerReload,
}: {
  label: string;
  color: string;
  onRetry: () => void;
  offerReload: boolean;
}) {
  return (
    <Group gap="xs">
      <Button size="xs" variant="light" color={color} onClick={onRetry}>
        {label}
      </Button>
      {offerReload && (
        <Button size="xs" variant="subtle" color="gray" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      )}
    </Group>
  );
}

/** A bug drew nothing: say so, keep the rest of the desk, offer to try again. */
function RenderFailed({ error, scope, onRetry }: { error: Error; scope: BoundaryProps['scope']; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      title={scope === 'page' ? 'The desk hit an error' : 'This screen hit an error'}
      m="md"
      data-testid="render-failed"
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {error.message || error.name}. {scope === 'screen' ? 'Other screens still work. ' : ''}Try again; if it
          happens again, reload the page and report what you did.
        </Text>
        <RecoveryButtons label="Try again" color="red" onRetry={onRetry} offerReload />
      </Stack>
    </Alert>
  );
}
