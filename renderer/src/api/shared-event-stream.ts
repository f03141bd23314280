import { apiTokenTag } from './client';
import { followEvents, type EventStreamHandlers } from './event-stream';
import { apiBase } from './session-token';

/** One named event, as the holder passes it on. */
export interface RelayedEvent {
  name: string;
  data: unknown;
}

export interface SharedStreamOptions {
  /**
   * What a tab that joins late needs first (the holder has read it long ago), sent to every tab
   * when one joins: the import stream's `snapshot` of what is being sent. None: nothing.
   */
  catchUp?: () => RelayedEvent | null;
}

/** `to`: for the one tab that said hello only (the others had it already). */
type Relay =
  | { type: 'event'; name: string; data: unknown; to?: string }
  | { type: 'open'; to?: string }
  | { type: 'down' }
  /** A tab that just joined: the holder answers it `open` (if connected) and its catch-up. */
  | { type: 'hello'; from: string };

/**
 * Follows one of the desk's Server-Sent Event streams with ONE connection for all of this
 * browser's tabs of this desk (and all windows of the desktop app, which share an origin). A
 * browser gives a host six connections over HTTP/1.1, so a stream per tab would leave a seventh
 * tab waiting for ever. One tab holds a Web Lock named after the desk, its token and the stream,
 * follows the stream and relays each event over a BroadcastChannel of the same name; the other
 * tabs wait for the lock, so when the holder closes, the next one takes the lock and connects
 * (its `open` tells every tab: events may have been missed). Returns the function that stops.
 */
export function shareEvents(
  path: string,
  handlers: EventStreamHandlers,
  options: SharedStreamOptions = {},
): () => void {
  if (typeof navigator.locks?.request !== 'function' || typeof BroadcastChannel !== 'function')
    return followEvents(path, handlers);
  const name = `dropzone-desk:${apiBase()}:${apiTokenTag()}:${path}`;
  const channel = new BroadcastChannel(name);
  const abort = new AbortController();
  let holding = false;
  let connected = false;
  let release: () => void = () => undefined;
  let closed = false;
  // An event read in the same turn as stop() must not reach a closed channel (postMessage would throw).
  const post = (message: Relay) => {
    if (!closed) channel.postMessage(message);
  };
  const self = Math.random().toString(36).slice(2);

  channel.onmessage = ({ data }: MessageEvent<Relay>) => {
    if (data.type === 'hello') {
      if (!holding || !connected) return;
      post({ type: 'open', to: data.from });
      const first = options.catchUp?.();
      if (first) post({ type: 'event', ...first, to: data.from });
      return;
    }
    const to = 'to' in data ? data.to : undefined;
    if (!holding && (to === undefined || to === self)) {
      if (data.type === 'event') handlers.onEvent(data.name, data.data);
      else if (data.type === 'open') handlers.onOpen?.();
      else if (data.type === 'down') handlers.onDown?.();
    }
  };

  const hold = async () => {
    holding = true;
    const stop = followEvents(path, {
      onEvent: (event, data) => {
        handlers.onEvent(event, data);
        post({ type: 'event', name: event, data });
      },
      onOpen: () => {
        connected = true;
        handlers.onOpen?.();
        post({ type: 'open' });
      },
      onDown: () => {
        connected = false;
        handlers.onDown?.();
        post({ type: 'down' });
      },
    });
    await new Promise<void>((resolve) => {
      release = resolve;
      if (abort.signal.aborted) resolve();
    });
    stop();
    holding = false;
    connected = false;
  };

  navigator.locks.request(name, { signal: abort.signal }, hold).catch(() => {
    // Aborted while waiting for the lock: this tab stopped following before it was its turn.
  });
  post({ type: 'hello', from: self });

  return () => {
    closed = true;
    abort.abort();
    release();
    channel.close();
  };
}
