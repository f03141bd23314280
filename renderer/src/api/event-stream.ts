import { backoffDelay, type BackoffPolicy } from '../../../shared/backoff';
import { apiStream } from './client';
import { reachability } from './reachability';

export interface EventStreamHandlers {
  /** Each event as it comes: its name and its data, parsed from JSON. */
  onEvent(name: string, data: unknown): void;
  /** Connected (again): the server's first events follow. */
  onOpen?(): void;
  /** The connection dropped or could not be made; it is tried again after a pause. */
  onDown?(): void;
}

/** While the server is away, the stream is tried again after 1 s, 2 s, 4 s… at most 30 s. */
export const RECONNECT_BACKOFF: BackoffPolicy = { firstMs: 1_000, maxMs: 30_000 };

/** One Server-Sent Event frame ("event: …\ndata: …"); comments (": keep-alive") are none. */
function parseFrame(frame: string): { name: string; data: unknown } | null {
  let name = 'message';
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return null;
  try {
    return { name, data: JSON.parse(data.join('\n')) as unknown };
  } catch {
    return null;
  }
}

/**
 * Follows a Server-Sent Events stream of the desk (fetch, with the bearer header), reconnecting
 * with the desk's backoff whenever it drops. Returns the function that stops following it.
 */
export function followEvents(
  path: string,
  handlers: EventStreamHandlers,
  policy: BackoffPolicy = RECONNECT_BACKOFF,
): () => void {
  let stopped = false;
  let failures = 0;
  let abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Between a drop and the next try. */
  let waiting = false;

  const connect = async () => {
    abort = new AbortController();
    try {
      const body = await apiStream(path, abort.signal);
      failures = 0;
      handlers.onOpen?.();
      const reader = body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = parseFrame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (event) handlers.onEvent(event.name, event.data);
        }
      }
    } catch {
      // Dropped, refused or aborted: handled below like an end.
    }
    if (stopped) return;
    handlers.onDown?.();
    // The stream drops the moment the server stops: the fastest sign the page gets.
    reachability.suspect();
    failures++;
    waiting = true;
    timer = setTimeout(
      () => {
        waiting = false;
        void connect();
      },
      backoffDelay(failures, policy),
    );
  };
  void connect();
  // Back after an outage: connect now rather than at the end of a long backoff.
  let wasOffline = reachability.get().server === 'offline';
  const stopWatching = reachability.subscribe(() => {
    const offline = reachability.get().server === 'offline';
    if (wasOffline && !offline && waiting && !stopped) {
      clearTimeout(timer);
      waiting = false;
      void connect();
    }
    wasOffline = offline;
  });
  return () => {
    stopped = true;
    stopWatching();
    clearTimeout(timer);
    abort.abort();
  };
}
