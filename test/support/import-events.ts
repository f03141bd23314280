import type { ImportProgress } from '../../shared/schemas/imports/progress';
import type { TestDesk } from './desk';

export interface ServerEvent {
  event: string;
  data: any;
}

export interface EventWatch {
  status: number;
  contentType: string | null;
  events: ServerEvent[];
  /** The first event (seen already or still to come) that `match` accepts. */
  next(match: (event: ServerEvent) => boolean, timeoutMs?: number): Promise<ServerEvent>;
  close(): void;
}

/**
 * GET /api/desk/imports/events as the page reads it: fetch with the bearer header, the body read
 * as it streams, split into Server-Sent Events. `token` defaults to the desk's session token.
 */
export async function watchImports(desk: TestDesk, token: string = desk.sessionToken): Promise<EventWatch> {
  return watchEvents(desk, '/api/desk/imports/events', token);
}

/** Any of the desk's Server-Sent Event streams (the import progress, the change stream), as the page reads it. */
export async function watchEvents(
  desk: TestDesk,
  path: string,
  token: string = desk.sessionToken,
): Promise<EventWatch> {
  const abort = new AbortController();
  const response = await fetch(`${desk.url}${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  const events: ServerEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: (.*)$/m.exec(frame)?.[1];
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (name !== undefined && data !== undefined) events.push({ event: name, data: JSON.parse(data) });
            for (const wake of waiters) wake();
          }
        }
      } catch {
        // aborted
      } finally {
        ended = true;
        for (const wake of waiters) wake();
      }
    })();
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    next: (match, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) return finish(() => resolve(found));
          if (ended)
            finish(() => reject(new Error(`the stream ended without the event; it had: ${JSON.stringify(events)}`)));
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`no such event within ${timeoutMs} ms; had: ${JSON.stringify(events)}`))),
          timeoutMs,
        );
        const finish = (then: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          then();
        };
        waiters.add(check);
        check();
      }),
    close: () => abort.abort(),
  };
}

/** The progress event that ends import `id` (finished, cancelled or interrupted). */
export const endOf = (id: number) => (e: ServerEvent) =>
  e.event === 'progress' && (e.data as ImportProgress).id === id && e.data.state !== 'running';

/**
 * Hands an import over and waits for the desk to end it, watching the stream as a window would
 * (opened first, so no event is missed). Returns the hand-over's answer and the final progress.
 */
export async function importAndWait(
  desk: TestDesk,
  body: unknown,
  path = '/imports',
): Promise<{ status: number; summary: any; end: ImportProgress }> {
  const watch = await watchImports(desk);
  try {
    const res = await desk.desk('POST', path, body);
    if (res.status !== 201 && res.status !== 202) throw new Error(`hand-over refused: ${res.status} ${res.text}`);
    const end = (await watch.next(endOf(res.body.id))).data as ImportProgress;
    return { status: res.status, summary: res.body, end };
  } finally {
    watch.close();
  }
}
