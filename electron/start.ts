import type { OutboxTiming } from './offline/outbox-timing';
import type { AddressInfo } from 'node:net';
import type { BackoffPolicy } from '../shared/backoff';
import { prepareStore } from './bootstrap';
import { DeskConnection, type MainDeskUpstream } from './proxy/connection';
import { existsSync } from 'node:fs';
import { FirstRunQuestion } from './desks/first-run';
import { mainDeskOf, readPairing } from './desks/pairing-file';
import { HeldReporter } from './desks/held-report';
import { MainDeskLink } from './desks/main-desk-link';
import { MainDeskMarks } from './desks/main-desk-marks';
import { OfflineCopy } from './offline/offline-copy';
import type { CopyTiming } from './offline/copy-refresher';
import type { HealthTiming } from './proxy/health';
import type { ScryptCost } from './common/passphrase';
import { FileSecretStore, type SecretStore } from './common/secret-store';
import type { RunOverrides } from './proxy/settings';
import { buildApp, type ServedRoute } from './server/app';
import { DeskChanges } from './common/desk-changes';
import type { ResponseCheck } from './server/contract/compilers';
import { listenAsPlanned, planPort } from './server/listen-port';
import type { ListenFacts } from './server/routes/desk-listen';
import { newToken } from './common/tokens';
import { scheduleBackups, type BackupSchedule } from './store/backup-schedule';
import { backupDir, type RetentionPolicy } from './store/backups';
import { lockDataFolder, type DeskLock } from './store/desk-lock';
import type { OnStoreUpgrade } from './store/migrate';
import { storeFiles, storePath } from './store/open';
import { tightenToPrivate } from './store/private-files';
import type { ListenSource } from '../shared/schemas/listen';
import type { DropzoneRecord } from './store/records';
import { Store } from './store/store';
import { runRead } from './readers/read-ops';
import { MainDeskLan, type LanRunOverrides } from './desks/main-desk-lan';
import { ReadPool } from './readers/read-pool';

/** For the shells that start a desk (serve, the desktop app): what they say before a store's schema steps run. */
export { storeUpgradeNotice } from './store/migrate';
/** For `npm run serve`: the copy's refresh shortened by an environment variable, for tests (docs/offline.md, "Testing"). */
export { copyTimingFromEnv, outboxTimingFromEnv } from './offline/copy-timing-env';

export interface DeskOptions {
  dataDir: string;
  host?: string;
  /** A port for this run only (`--port`; 0: a random free one). Without it: the port saved in Settings, else `portWhenUnset`. */
  port?: number;
  /** The port when neither `port` nor a saved one says: 4780 for `npm run serve`; default 0, a random one (the desktop app). */
  portWhenUnset?: number;
  /** When the saved port is taken, listen on a random one and say so (the desktop app) instead of failing (`npm run serve`). */
  randomIfSavedPortBusy?: boolean;
  seedFile?: string;
  dropzoneKey?: string;
  now?: () => Date;
  logErrors?: boolean;
  /** Connection settings for this run only (`--mode`, `--remote-url`, DESK_REMOTE_TOKEN), over the stored ones. */
  connectionOverrides?: RunOverrides;
  /** Where the remote credentials are kept (default: a 0600 file in the data dir; Electron: safeStorage). */
  secrets?: SecretStore;
  /** The proxy's background health check timing (tests shorten it). */
  healthTiming?: HealthTiming;
  /** How often proxy mode's copy of the remote is refreshed, slice by slice (tests shorten it). */
  copyTiming?: CopyTiming;
  /** The outbox's waits: its backoff, its idle look, a decision's time to undo (tests shorten them). */
  outboxTiming?: OutboxTiming;
  /** The wait before an import's batch that got no answer is tried again (tests shorten it). */
  importRetryBackoff?: BackoffPolicy;
  /**
   * The session token for the desk UI (default: a new one). The Electron shell keeps one per launch,
   * across server restarts; `serve` derives one for the dropzone from its kept secret (desk-session.ts).
   */
  sessionToken?: string | ((dropzone: DropzoneRecord) => string);
  /** The built desk UI to serve (default: dist/renderer of this checkout, or DESK_UI_DIR). */
  uiDir?: string;
  /** The data folder's lock when the caller took it already (serve: before building the UI); else startDesk takes it. */
  lock?: DeskLock;
  /** An answer off its schema in shared/api/: 'refuse' (a 500: the default, for tests) or 'report' (sent and logged: `serve`, the desktop app). */
  responseCheck?: ResponseCheck;
  /** Automatic backups in the data folder (default: 10 s after the start, then daily); false: none (the bench's big stores). */
  backups?: false | { intervalMs?: number; firstAfterMs?: number; policy?: RetentionPolicy };
  /** Reader threads for list pages (default DEFAULT_READER_THREADS); 0: every read on the server's thread. */
  readerThreads?: number;
  /** Told before an existing store's schema steps run (they can take a minute on a large store). */
  onStoreUpgrade?: OnStoreUpgrade;
  /** The LAN listener for this run (`--lan`, `--lan-port`, `--lan-address`), over Settings → Desks. */
  lan?: LanRunOverrides;
  /** A paired desk's main desk (its pairing, docs/desks.md): the upstream of this whole run. */
  mainDesk?: MainDeskUpstream & { name: string };
  /**
   * The desktop app: a new store asks "Start as the main desk, or join one?" in the window (docs/desks.md);
   * `restart` is called once a join has paired this desk, to start it again as the paired desk.
   */
  firstRun?: { restart: () => void };
  /** The request body limit (server/app.ts; default LIMITS.bodyLimitBytes): tests lower it. */
  bodyLimitBytes?: number;
  /**
   * scrypt's cost for a new administrator passphrase's hash (default PASSPHRASE_COST). Tests lower it:
   * a hash records its cost, so one made at either cost verifies. No desk that is run sets it.
   */
  passphraseCost?: ScryptCost;
  /** scrypt's cost for the pairing codes' proofs (default PAIRING_PROOF_COST): tests lower it, with their joins'. */
  pairingProofCost?: ScryptCost;
}

/**
 * Two: a list in one thread leaves the other free for the next, and with the server's own thread
 * that is one more thread than this project's 2-core machine has cores: a reader waiting on the
 * disk or the page cache leaves its core to the others.
 */
export const DEFAULT_READER_THREADS = 2;

export interface RunningDesk {
  /** Base URL, e.g. http://127.0.0.1:43123 */
  url: string;
  port: number;
  /** Why it listens on that port (a flag, the saved port, the default, or the saved port was taken). */
  listenSource: ListenSource;
  /** This launch's session token for the desk UI; held in memory only. */
  sessionToken: string;
  dropzone: DropzoneRecord;
  storeFile: string;
  /** Local store or remote server, switchable while running. */
  connection: DeskConnection;
  /** Proxy mode's copy of the remote (docs/offline.md): none in local mode. */
  offline: OfflineCopy;
  /** The main desk on the venue's network: its HTTPS listener and certificate (docs/desks.md). */
  lan: MainDeskLan;
  /** A paired desk's link to its main desk (docs/desks.md); undefined on any other desk. */
  mainDesk: MainDeskLink | undefined;
  /** Things to tell whoever started the desk (never secrets), e.g. a secret file's permissions were tightened. */
  notices: string[];
  /** The automatic backups (absent when turned off). */
  backups?: BackupSchedule;
  /**
   * A session token for the desk of another dropzone in this store, served by this same server (the
   * desk API is scoped by its session token). One desk process per data folder serves them all.
   */
  addSession(dropzoneKey: string): string;
  /**
   * Settles once the reader threads have started (or could not). The desk answers before that
   * (reads queue for them); the bench waits, to measure a desk that is running, not starting.
   */
  readersStarted(): Promise<void>;
  /** Every route the server registered (server/app.ts): tests hold them to the API tables. */
  routes: readonly ServedRoute[];
  /** Stops accepting, lets in-flight requests finish, then closes the remote connection and the store. */
  close(): Promise<void>;
}

/** The main desk a data folder is paired with (its kept pairing), as startDesk's `mainDesk`; undefined when it is not paired. */
export function pairedMainDesk(dataDir: string): DeskOptions['mainDesk'] {
  const pairing = readPairing(dataDir);
  return pairing ? mainDeskOf(pairing) : undefined;
}

/** Opens the store and serves the desk: used by `npm run serve`, the Electron shell and the tests. */
export async function startDesk(options: DeskOptions): Promise<RunningDesk> {
  const now = options.now ?? (() => new Date());
  const storeFile = storePath(options.dataDir);
  // One desk per data folder: a second one stops here, naming the first (DeskLockedError).
  const lock = options.lock ?? lockDataFolder(options.dataDir, now());
  // Before SQLite opens the store: it gives a new -wal and -shm the store file's own mode.
  const privacyNotices = tightenToPrivate([options.dataDir, ...storeFiles(storeFile), backupDir(options.dataDir)]);
  // Before the store is made: a desk's first run is the start that makes it.
  const storeIsNew = !existsSync(storeFile);
  let store: Store;
  try {
    store = Store.open(storeFile, options.onStoreUpgrade);
  } catch (error) {
    lock.release();
    throw error;
  }
  let connection: DeskConnection | undefined;
  let offline: OfflineCopy | undefined;
  let backups: BackupSchedule | undefined;
  let reads: ReadPool | undefined;
  let mainDesk: MainDeskLink | undefined;
  let marksForMain: MainDeskMarks | undefined;
  let heldReporter: HeldReporter | undefined;
  try {
    const dropzone = prepareStore(store, { seedFile: options.seedFile, dropzoneKey: options.dropzoneKey, now: now() });
    const secrets = options.secrets ?? FileSecretStore.inDataDir(options.dataDir);
    const notices = [...privacyNotices];
    if (secrets instanceof FileSecretStore && secrets.notice) notices.push(secrets.notice);
    connection = new DeskConnection({
      store,
      secrets,
      overrides: options.connectionOverrides,
      healthTiming: options.healthTiming,
      ...(options.mainDesk ? { mainDesk: options.mainDesk } : {}),
    });
    notices.push(...connection.notices);
    // One change bus for the server's routes and the copy (proxy mode): every window hears both.
    const changes = new DeskChanges();
    // A paired desk's windows read from the main desk while it answers, and hear its changes from
    // its stream: what the copy takes in then is no news for them, and telling them "everything
    // changed" at each take made every window ask again for all it shows, over the Wi-Fi, at
    // every change made at any desk. (Proxy mode has no such stream: the copy is its news.)
    const windowsReadTheCopy = () => mainDesk === undefined || mainDesk.state().kind !== 'answering';
    offline = new OfflineCopy({
      changed: () => {
        marksForMain?.copyGainedBookings();
        if (windowsReadTheCopy()) changes.emit(dropzone.id, 'bookings', { many: true });
      },
      dataDir: options.dataDir,
      connection,
      deskDropzone: dropzone,
      now,
      ...(options.copyTiming ? { timing: options.copyTiming } : {}),
      ...(options.outboxTiming ? { outboxTiming: options.outboxTiming } : {}),
      warn: (message) => {
        if (options.logErrors !== false) console.error(`dropzone-desk: ${message}`);
      },
    });
    // A paired desk follows its main desk's changes: this desk's windows hear every desk's writes.
    const upstream = connection;
    const copyOfMain = offline;
    mainDesk = options.mainDesk
      ? new MainDeskLink({
          connection: upstream,
          changes,
          dropzoneId: () => dropzone.id,
          mainName: options.mainDesk.name,
          now,
          upstreamChanged: (kind) => {
            if (kind === 'bookings' || kind === 'filmers' || kind === 'catalogue') copyOfMain.upstreamChanged(kind);
            if (kind === 'check_ins') marksForMain?.mainDeskMarksChanged();
          },
          reconnected: () => heldReporter?.reconnected(),
        })
      : undefined;
    // What waits here for a person, told to the main desk for its Sync screen (decided here).
    heldReporter = mainDesk
      ? new HeldReporter({
          connection: upstream,
          held: (perPage) => copyOfMain.outboxForPeople().list({ state: 'attention', per_page: perPage }),
          answering: () => mainDesk?.state().kind === 'answering',
        })
      : undefined;
    offline.onOutboxChange(() => heldReporter?.changed());
    mainDesk?.start();
    marksForMain = mainDesk
      ? new MainDeskMarks({
          connection: upstream,
          link: mainDesk,
          copy: () => copyOfMain.copy(),
          now,
          landed: (bookingIds) => {
            changes.emit(dropzone.id, 'check_ins', { ids: bookingIds });
            changes.emit(dropzone.id, 'connection');
          },
          takenIn: () => {
            if (windowsReadTheCopy()) changes.emit(dropzone.id, 'check_ins', { many: true });
          },
        })
      : undefined;
    marksForMain?.start();
    // The outbox's counts (the status bar) and the copy's records it settles (the lists) change together.
    offline.onOutboxChange(() => {
      changes.emit(dropzone.id, 'outbox', { many: true });
      changes.emit(dropzone.id, 'bookings', { many: true });
    });
    const whenUnset = options.portWhenUnset ?? 0;
    const plan = planPort({ explicit: options.port, saved: store.listenSettings.get().fixed_port, whenUnset });
    const listenFacts: ListenFacts = { source: plan.source, defaultPort: whenUnset === 0 ? null : whenUnset };
    // After prepareStore: the threads open a store that is migrated and seeded.
    const readStore = store;
    reads = new ReadPool({
      file: storeFile,
      size: options.readerThreads ?? DEFAULT_READER_THREADS,
      inline: (request) => runRead(readStore, request),
      // At the first list (or when the bench asks for them): not beside the start's own work.
      start: 'first-read',
      onError: (error) => {
        if (options.logErrors !== false) console.error(`dropzone-desk: ${error.message}`);
      },
    });
    // A paired desk is no main desk: its LAN listener stays off whatever its store says.
    const lan = new MainDeskLan(store, now, options.mainDesk ? { enabled: false } : options.lan);
    const { app, auth, stop, routes } = buildApp({
      store,
      connection,
      offline,
      deskDropzone: dropzone,
      now,
      logErrors: options.logErrors,
      uiDir: options.uiDir,
      listenFacts,
      responseCheck: options.responseCheck,
      importRetryBackoff: options.importRetryBackoff,
      bodyLimitBytes: options.bodyLimitBytes,
      passphraseCost: options.passphraseCost,
      pairingProofCost: options.pairingProofCost,
      reads,
      changes,
      lan,
      ...(mainDesk ? { mainDesk } : {}),
      ...(marksForMain ? { marksForMain } : {}),
      // A paired desk has answered already: it joined.
      ...(options.firstRun && !options.mainDesk
        ? {
            firstRun: {
              question: FirstRunQuestion.atStart(options.dataDir, storeIsNew),
              dataDir: options.dataDir,
              restart: options.firstRun.restart,
            },
          }
        : {}),
    });
    const sessionToken =
      typeof options.sessionToken === 'function'
        ? options.sessionToken(dropzone)
        : (options.sessionToken ?? newToken());
    auth.addSessionToken(sessionToken, dropzone.id);
    listenFacts.source = await listenAsPlanned(
      app,
      options.host ?? '127.0.0.1',
      plan,
      options.randomIfSavedPortBusy ?? false,
    );
    // After loopback: the same app answers both, and a LAN that cannot start asked for by a flag ends the start.
    await lan.startAsPlanned().catch(async (error: unknown) => {
      await stop();
      throw error;
    });
    const address = app.server.address() as AddressInfo;
    const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    if (listenFacts.source === 'saved_port_busy') {
      notices.push(
        `port ${plan.port} (saved in Settings) is in use by another program or desk, so this run listens on ${address.port}: booking systems set up with ${plan.port} cannot reach it until the desk starts on ${plan.port} again`,
      );
    }
    if (options.backups !== false) {
      backups = scheduleBackups({
        store,
        dataDir: options.dataDir,
        now,
        intervalMs: options.backups?.intervalMs,
        firstAfterMs: options.backups?.firstAfterMs,
        policy: options.backups?.policy,
        onError: (error) => {
          if (options.logErrors !== false)
            console.error(`dropzone-desk: the automatic backup failed (the desk goes on): ${error.message}`);
        },
      });
    }
    const open = connection;
    const copy = offline;
    const openStoreOf = store;
    const readers = reads;
    const schedule = backups;
    let closing: Promise<void> | undefined;
    return {
      url: `http://${hostForUrl}:${address.port}`,
      port: address.port,
      listenSource: listenFacts.source,
      sessionToken,
      dropzone,
      storeFile,
      connection: open,
      offline: copy,
      lan,
      mainDesk,
      notices,
      backups: schedule,
      addSession(dropzoneKey) {
        const other = openStoreOf.dropzones.byKey(dropzoneKey);
        if (!other) throw new Error(`no dropzone "${dropzoneKey}" in the store`);
        const token = newToken();
        auth.addSessionToken(token, other.id);
        return token;
      },
      readersStarted: () => readers.started(),
      routes,
      close: () =>
        // The remote connection closes at once, beside the server's drain: a call waiting on a
        // silent remote ends now (502) instead of holding the exit for the whole grace period.
        (closing ??= Promise.all([stop(), open.close(), mainDesk?.stop(), marksForMain?.stop(), heldReporter?.stop()])
          // After the server drained (no read under way), before the store closes.
          .then(() => Promise.all([readers.close(), copy.close()]))
          .then(() => schedule?.stop())
          .finally(() => {
            openStoreOf.close();
            lock.release();
          })),
    };
  } catch (error) {
    mainDesk?.stop();
    marksForMain?.stop();
    heldReporter?.stop();
    await backups?.stop();
    await offline?.close();
    await connection?.close();
    await reads?.close();
    store.close();
    lock.release();
    throw error;
  }
}
