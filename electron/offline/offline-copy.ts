import type { DeskConnection } from '../proxy/connection';
import type { DropzoneRecord } from '../store/records';
import { absorbProxiedAnswer, type ProxiedAnswer } from './copy-absorb';
import { CopyReads } from './copy-reads';
import { CopyRefresher, DEFAULT_COPY_TIMING, type CopyTiming, type RefresherState } from './copy-refresher';
import { RemoteCopy, remoteKeyOf } from './remote-copy';
import { carryCopyOver } from './copy-carry-over';
import type { RemoteResult } from '../proxy/remote-client';

/** What a copy's refresh or outbox gets once the desk has switched to another remote or other credentials. */
const SWITCHED = (path: string): RemoteResult => ({
  ok: false,
  url: path,
  failure: {
    kind: 'unreachable',
    status: 'remote_unreachable',
    cause: 'the desk switched to another remote or other credentials',
    error: 'remote unreachable: the desk switched to another remote or other credentials',
  },
  sentHeaders: {},
});
import { Outbox } from './outbox';
import { NO_OUTBOX, type OutboxForPeople } from './outbox-none';
import { ProxiedSyncApi } from './proxied-sync-api';
import { DEFAULT_OUTBOX_TIMING, type OutboxTiming } from './outbox-timing';

export interface OfflineCopyOptions {
  dataDir: string;
  connection: DeskConnection;
  /** The desk's own dropzone: the remote's credentials are its, and "today" is counted in its zone. */
  deskDropzone: DropzoneRecord;
  now: () => Date;
  timing?: CopyTiming;
  outboxTiming?: OutboxTiming;
  /** What the desk logs (a copy that cannot be opened is worth a line, never a crash). */
  warn?: (message: string) => void;
  /** The copy took a write's answer or a refresh's answer in: the windows should read it again. */
  changed?: () => void;
}

/** An upstream's burst of changes is one refresh: an import's batches, a Sync API batch. */
const UPSTREAM_GATHER_MS = 150;

interface Active {
  key: string;
  remoteUrl: string;
  copy: RemoteCopy;
  refresher: CopyRefresher;
  reads: CopyReads;
  outbox: Outbox;
}

/** What the desk tells about its copy (the status bar, the Bookings screen). */
export interface CopyStatus {
  /** When today's bookings were last fetched whole from the remote (null: not yet). */
  as_of: string | null;
  /** The window the copy holds. */
  from: string;
  to: string;
  refresh: RefresherState;
}

/**
 * Proxy mode's copy, following the connection: a copy of the remote in force (opened at start
 * and whenever the remote or its credentials change, each in its file), its refresh running
 * while proxy mode is on, and none in local mode. Switching never mixes copies: another remote
 * is another file, and the one left keeps its data for a return.
 */
export class OfflineCopy {
  private active: Active | null = null;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeAnswering: () => void;
  private closed = false;
  /** Changes one after another: a switch waits until the copy it replaces has stopped. */
  private switching: Promise<void> = Promise.resolve();

  /** Proxy mode's Sync API: one call in, one answer out, the copy and the outbox behind it. */
  readonly syncApi: ProxiedSyncApi;

  constructor(private readonly options: OfflineCopyOptions) {
    this.syncApi = new ProxiedSyncApi(options.connection, this, options.deskDropzone);
    this.unsubscribe = options.connection.onTargetChange(() => this.follow());
    // After a cut the outbox may be deep in its backoff (up to 30 s): the upstream answering again
    // is the news it waits for, as "Send now" would be, except for a record the upstream itself
    // asked to wait (a 503 with Retry-After: its answer was an answer).
    this.unsubscribeAnswering = options.connection.onAnsweringAgain(() => this.outbox()?.retryNow('unanswered'));
    this.follow();
  }

  /** The copy of the remote in force, or null (local mode, or it could not be opened). */
  copy(): RemoteCopy | null {
    return this.active?.copy ?? null;
  }

  reads(): CopyReads | null {
    return this.active?.reads ?? null;
  }

  /** The outbox of the copy in force, or null (local mode, or no copy could be opened). */
  outbox(): Outbox | null {
    return this.active?.outbox ?? null;
  }

  /** The outbox in force as the Sync screen sees it: the empty one in local mode (or with no copy open). */
  outboxForPeople(): OutboxForPeople {
    return this.active?.outbox ?? NO_OUTBOX;
  }

  /** Told whenever the outbox in force changes (and when another takes its place). */
  onOutboxChange(listener: () => void): () => void {
    this.outboxListeners.add(listener);
    return () => this.outboxListeners.delete(listener);
  }

  private readonly outboxListeners = new Set<() => void>();

  /** Waits until the copy follows the connection's latest change (tests and shutdown). */
  settled(): Promise<void> {
    return this.switching;
  }

  status(): CopyStatus | null {
    if (!this.active) return null;
    const { copy, refresher } = this.active;
    const window = copy.window();
    return {
      as_of: copy.store.remoteCopy.sliceRefreshedAt(`day:${window.today}`) ?? null,
      from: window.from,
      to: window.to,
      refresh: refresher.view(),
    };
  }

  /**
   * The upstream said what changed (a paired desk's main desk, live on its change stream): the
   * copy fetches those slices now rather than at their next turn, so that what reception sees
   * when the link drops is what it saw a moment before. Bursts are gathered for a moment.
   */
  upstreamChanged(kind: 'bookings' | 'filmers' | 'catalogue'): void {
    this.pendingKinds.add(kind);
    this.upstreamTimer ??= setTimeout(() => {
      this.upstreamTimer = null;
      const kinds = [...this.pendingKinds];
      this.pendingKinds.clear();
      const active = this.active;
      if (!active) return;
      const { today, tomorrow } = active.copy.window();
      const refresh = async () => {
        if (kinds.includes('bookings')) {
          await active.refresher.refreshDay(today);
          await active.refresher.refreshDay(tomorrow);
        }
        if (kinds.includes('filmers')) await active.refresher.refreshFilmers();
        if (kinds.includes('catalogue')) {
          await active.refresher.refreshCatalogue('products');
          await active.refresher.refreshCatalogue('upgrades');
        }
      };
      // A refresh that fails leaves the slice to its own turn (the refresher's retry): nothing to do here.
      refresh().catch(() => undefined);
    }, UPSTREAM_GATHER_MS).unref();
  }

  private readonly pendingKinds = new Set<'bookings' | 'filmers' | 'catalogue'>();
  private upstreamTimer: ReturnType<typeof setTimeout> | null = null;

  /** A remote's answer while proxying: into the copy at once. The call never fails because of the copy. */
  absorb(answer: ProxiedAnswer): void {
    if (!this.active) return;
    try {
      absorbProxiedAnswer(this.active.copy, answer);
      // Only writes that went through: a read taken in is what a window just asked for, and telling it would ask again, and again.
      if (answer.method !== 'GET' && answer.statusCode < 300) this.options.changed?.();
    } catch (error) {
      this.options.warn?.(`the copy of the remote could not take an answer in: ${(error as Error).message}`);
    }
  }

  private follow(): void {
    this.switching = this.switching.then(() => this.switchTo());
  }

  private async switchTo(): Promise<void> {
    if (this.closed) return;
    const target = this.options.connection.target();
    const key = target ? remoteKeyOf(target.remoteUrl, target.credentials) : null;
    if (this.active?.key === key) return;
    const previous = this.active;
    await this.stopActive();
    if (!target || !key) return;
    if (previous && previous.remoteUrl === target.remoteUrl) await this.carryOver(previous.key, key);
    try {
      const copy = RemoteCopy.open({
        dataDir: this.options.dataDir,
        remoteUrl: target.remoteUrl,
        credentials: target.credentials,
        deskDropzone: this.options.deskDropzone,
        now: this.options.now,
      });
      const refresher = new CopyRefresher(
        copy,
        // Each answer is written into the copy before the next await, well within the change bus's window.
        async (path) => {
          if (!this.stillTarget(key)) return SWITCHED(path);
          const result = await this.options.connection.remoteGet(path);
          if (result.ok) this.options.changed?.();
          return result;
        },
        this.options.now,
        this.options.timing ?? DEFAULT_COPY_TIMING,
      );
      const outbox = new Outbox(
        copy,
        (method, path, body) =>
          this.stillTarget(key)
            ? this.options.connection.remoteCall(method, path, body)
            : Promise.resolve(SWITCHED(path)),
        this.options.now,
        this.options.outboxTiming ?? DEFAULT_OUTBOX_TIMING,
      );
      outbox.onChange(() => {
        for (const listener of this.outboxListeners) listener();
      });
      this.active = {
        key,
        remoteUrl: target.remoteUrl,
        copy,
        refresher,
        reads: new CopyReads(copy, this.options.now),
        outbox,
      };
      refresher.start();
      outbox.start();
    } catch (error) {
      this.options.warn?.(`the copy of the remote could not be opened: ${(error as Error).message}`);
    }
  }

  /**
   * Whether the remote in force is still the one a copy was opened for: between a switch and the
   * copy's stop, its refresh and its outbox must not reach the new remote (or the new credentials)
   * with the old one's reads and writes.
   */
  private stillTarget(key: string): boolean {
    const target = this.options.connection.target();
    return target !== null && remoteKeyOf(target.remoteUrl, target.credentials) === key;
  }

  /** New credentials for the same remote: the copy and its waiting writes follow them, to the same dropzone only. */
  private async carryOver(fromKey: string, toKey: string): Promise<void> {
    try {
      const result = await carryCopyOver({
        dataDir: this.options.dataDir,
        fromKey,
        toKey,
        get: (path) => this.options.connection.remoteGet(path),
      });
      if (result.carried)
        this.options.warn?.(
          `the ${result.writes} writes waiting in the outbox follow the new credentials (the same dropzone: ${result.checked} bookings checked)`,
        );
      else if (result.writes > 0)
        this.options.warn?.(
          `the ${result.writes} writes waiting in the outbox stay with the previous credentials (${result.why}); they land once those are back`,
        );
    } catch (error) {
      this.options.warn?.(`the outbox could not follow the new credentials: ${(error as Error).message}`);
    }
  }

  private async stopActive(): Promise<void> {
    const active = this.active;
    this.active = null;
    if (!active) return;
    await active.outbox.stop();
    await active.refresher.stop();
    active.copy.close();
  }

  async close(): Promise<void> {
    if (this.upstreamTimer) clearTimeout(this.upstreamTimer);
    this.closed = true;
    this.unsubscribe();
    this.unsubscribeAnswering();
    await this.switching;
    await this.stopActive();
  }
}
