import { DESK_CHANGE_KINDS, deskChange, type DeskChangeKind } from '../../shared/schemas/desk-changes';
import type { DeskChanges } from '../common/desk-changes';
import type { DeskConnection } from '../proxy/connection';
import { deskSession } from '../../shared/schemas/session';

/** What a paired desk knows of its main desk now: answering, not answering since when, or removed. */
export type MainDeskState =
  | { kind: 'connecting' }
  | { kind: 'answering'; since: string }
  | { kind: 'not_answering'; since: string; cause: string }
  | { kind: 'removed'; since: string; message: string };

/** What the main desk says of itself (its GET /api/desk/session): the venue's mode and its own link to the remote. */
export interface MainDeskSelf {
  mode: 'local' | 'proxy';
  /** Its remote's health in a word (proxy mode), as its own status bar says it; null in local mode. */
  remoteState: string | null;
  /** Its outbox's waiting writes (proxy mode), else 0. */
  waiting: number;
  /** The dropzone it serves, as its session names it: what a paired desk's windows are working for. */
  dropzone: { key: string; name: string; timezone: string; currency: string } | null;
}

/** The dropzone the main desk's session names, read by the session's own schema; null when it does not fit. */
function dropzoneOf(value: unknown): MainDeskSelf['dropzone'] {
  const read = deskSession.shape.dropzone.safeParse(value);
  return read.success ? read.data : null;
}

export interface MainDeskLinkOptions {
  connection: DeskConnection;
  /** The desk's change bus: the main desk's changes are this desk's windows' news. */
  changes: DeskChanges;
  /** The dropzone this desk's windows work for (the bus is per dropzone). */
  dropzoneId: () => number | null;
  /** Told of each kind the main desk changed (the copy refreshes those slices at once). */
  upstreamChanged?: (kind: DeskChangeKind) => void;
  /** Told each time the change stream (re)opens: whatever the main desk holds in memory of this desk is said again. */
  reconnected?: () => void;
  /** The main desk's name, for the words a person reads. */
  mainName: string;
  now?: () => Date;
  /** The wait before the change stream is opened again after it failed: first, then doubling up to the last. */
  reconnectMs?: { first: number; max: number };
  /** Silence on the change stream (the main desk sends a keep-alive every 2 s) after which the link is taken as down. */
  silenceMs?: number;
}

/**
 * A paired desk's live link to its main desk: it follows the main desk's change stream (so this
 * desk's windows ask again within a moment of a change made at any desk), and it is the one place
 * that knows whether the main desk answers, since when not, or whether it removed this desk. The
 * calls themselves go through the connection (its pinned client), which reports their outcome here.
 */
export class MainDeskLink {
  private current: MainDeskState = { kind: 'connecting' };
  private readonly abort = new AbortController();
  private readonly now: () => Date;
  private wait: number;
  private stopped = false;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  /** When the main desk was last heard from: a keep-alive or event on its stream, or any call answered. */
  private lastHeard = Date.now();
  /** When the change stream last sent anything (a keep-alive, an event); null while none is open. */
  private streamHeard: number | null = null;
  private streamAbort: AbortController | null = null;

  constructor(private readonly options: MainDeskLinkOptions) {
    this.now = options.now ?? (() => new Date());
    this.wait = options.reconnectMs?.first ?? 500;
  }

  get mainName(): string {
    return this.options.mainName;
  }

  state(): MainDeskState {
    return this.current;
  }

  /** What the main desk last said of itself (null until it first answered). */
  self(): MainDeskSelf | null {
    return this.mainSelf;
  }

  private mainSelf: MainDeskSelf | null = null;

  /** Asks the main desk about itself: on every (re)connect and when it says its connection changed. */
  private async askSelf(): Promise<void> {
    const result = await this.options.connection.mainDeskCall({
      method: 'GET',
      path: '/api/desk/session',
      headers: { accept: 'application/json' },
    });
    if (!result.ok || result.statusCode !== 200) return;
    try {
      const body = JSON.parse(result.body.toString('utf8')) as {
        mode?: unknown;
        health?: { state?: unknown };
        outbox?: { waiting?: unknown } | null;
        dropzone?: unknown;
      };
      if (body.mode !== 'local' && body.mode !== 'proxy') return;
      const next: MainDeskSelf = {
        mode: body.mode,
        remoteState: body.mode === 'proxy' && typeof body.health?.state === 'string' ? body.health.state : null,
        waiting: typeof body.outbox?.waiting === 'number' ? body.outbox.waiting : 0,
        dropzone: dropzoneOf(body.dropzone),
      };
      if (JSON.stringify(next) === JSON.stringify(this.mainSelf)) return;
      this.mainSelf = next;
      const dropzoneId = this.options.dropzoneId();
      if (dropzoneId !== null) this.options.changes.emit(dropzoneId, 'connection');
    } catch {
      // Not the session's shape: the last known stays.
    }
  }

  /** Starts following the main desk's change stream (again and again, until stop). */
  start(): void {
    this.watchSilence();
    void this.follow();
  }

  stop(): void {
    this.stopped = true;
    this.abort.abort();
    this.streamAbort?.abort();
    if (this.watchdog) clearInterval(this.watchdog);
  }

  /** A call to the main desk was answered (any HTTP answer but a removal). */
  answered(): void {
    this.lastHeard = Date.now();
    if (this.current.kind === 'answering' || this.current.kind === 'removed') return;
    this.set({ kind: 'answering', since: this.now().toISOString() });
  }

  /** A call to the main desk got no answer: the link is down from now (or from when it first went down). */
  notAnswering(cause: string): void {
    if (this.current.kind === 'removed') return;
    const since = this.current.kind === 'not_answering' ? this.current.since : this.now().toISOString();
    if (this.current.kind === 'not_answering' && this.current.cause === cause) return;
    this.set({ kind: 'not_answering', since, cause });
    // A call that failed says the stream is likely dead too: do not wait for its silence.
    this.streamAbort?.abort();
  }

  /** The main desk revoked this desk's credential: nothing more is asked of it until this desk is paired again. */
  removed(message: string): void {
    if (this.current.kind === 'removed') return;
    this.set({ kind: 'removed', since: this.now().toISOString(), message });
    this.streamAbort?.abort();
  }

  private isRemoved(): boolean {
    return this.current.kind === 'removed';
  }

  private set(state: MainDeskState): void {
    this.current = state;
    const dropzoneId = this.options.dropzoneId();
    if (dropzoneId !== null) this.options.changes.emit(dropzoneId, 'connection');
  }

  private async follow(): Promise<void> {
    while (!this.stopped && !this.isRemoved()) {
      const opened = await this.followOnce();
      if (this.stopped || this.isRemoved()) return;
      if (opened) this.wait = this.options.reconnectMs?.first ?? 500;
      await new Promise((resolve) => setTimeout(resolve, this.wait).unref());
      this.wait = Math.min(this.wait * 2, this.options.reconnectMs?.max ?? 5_000);
    }
  }

  /**
   * One change stream from open to end; true when it opened, however it ended (a stream that ran
   * and then broke, on a lossy Wi-Fi, is opened again at once rather than after a growing wait).
   */
  private async followOnce(): Promise<boolean> {
    let opened = false;
    const streamAbort = new AbortController();
    this.streamAbort = streamAbort;
    const onStop = () => streamAbort.abort();
    this.abort.signal.addEventListener('abort', onStop, { once: true });
    try {
      const response = await this.options.connection.mainDeskStream('/api/desk/changes', streamAbort.signal);
      if (!response) return false;
      if (response.statusCode === 401) {
        const body = (await response.body.json().catch(() => null)) as { status?: string; error?: string } | null;
        if (body?.status === 'desk_revoked') this.removed(body.error ?? `This desk was removed from ${this.mainName}`);
        else this.notAnswering(`the main desk refused this desk's credential (HTTP 401): ${body?.error ?? ''}`.trim());
        return false;
      }
      if (response.statusCode !== 200) {
        await response.body.dump().catch(() => undefined);
        this.notAnswering(`the main desk's change stream answered HTTP ${response.statusCode}`);
        return false;
      }
      opened = true;
      this.answered();
      this.lastHeard = this.streamHeard = Date.now();
      let buffer = '';
      for await (const chunk of response.body) {
        this.lastHeard = this.streamHeard = Date.now();
        buffer += (chunk as Buffer).toString('utf8');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
      if (!this.stopped) this.notAnswering('the main desk closed its change stream');
      return true;
    } catch (error) {
      if (!this.stopped && !this.isRemoved())
        this.notAnswering(
          streamAbort.signal.aborted && this.current.kind === 'not_answering'
            ? this.current.cause
            : `no answer from the main desk (${(error as Error).message})`,
        );
      return opened;
    } finally {
      this.abort.signal.removeEventListener('abort', onStop);
      this.streamHeard = null;
    }
  }

  /**
   * A link that goes silent past the main desk's keep-alive is a cut link (a pulled cable sends no
   * reset, and a TCP connection waits minutes to notice): looked at every second, apart from the
   * stream's own loop, so that no stream state can keep it from being noticed.
   */
  private watchSilence(): void {
    const silence = this.options.silenceMs ?? 5_000;
    this.watchdog ??= setInterval(() => {
      const now = Date.now();
      // A stream that stopped sending is dead even while calls are answered: open another.
      if (this.streamHeard !== null && now - this.streamHeard > silence) this.streamAbort?.abort();
      if (this.current.kind === 'answering' && now - this.lastHeard > silence)
        this.notAnswering('the main desk went silent (no keep-alive on its change stream)');
    }, 1_000);
    this.watchdog.unref();
  }

  /** One Server-Sent Event of the main desk's stream, re-told on this desk's bus. */
  private take(block: string): void {
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    const dropzoneId = this.options.dropzoneId();
    if (dropzoneId === null) return;
    if (event === 'ready') {
      void this.askSelf();
      this.options.reconnected?.();
      // Whatever changed while the stream was down: every window asks again for everything once.
      for (const kind of DESK_CHANGE_KINDS) this.options.changes.emit(dropzoneId, kind, { many: true });
      // And the copy takes the main desk's records and marks again at once: what changed there while
      // the stream was down must be in it before the next cut, and an edit made here after it must be
      // merged against it (not held as a conflict with a value the copy never saw).
      for (const kind of ['bookings', 'filmers', 'catalogue', 'check_ins'] as const)
        this.options.upstreamChanged?.(kind);
      return;
    }
    if (event !== 'changes') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const list = (parsed as { changes?: unknown }).changes;
    if (!Array.isArray(list)) return;
    for (const item of list) {
      const change = deskChange.safeParse(item);
      if (!change.success) continue;
      const kind: DeskChangeKind = change.data.kind;
      this.options.upstreamChanged?.(kind);
      if (kind === 'connection' || kind === 'outbox') void this.askSelf();
      this.options.changes.emit(dropzoneId, kind, {
        ids: change.data.ids,
        externalIds: change.data.external_ids,
        many: change.data.many,
      });
    }
    // The main desk gathered this burst already (its 100 ms window): gathering it again here would
    // double the time a write at another desk takes to reach this desk's windows.
    this.options.changes.flush();
  }
}
