import { CheckInMarkRepo, MainDeskMarkRepo } from './repos/check-in-marks';
import { OutboxRepo } from './repos/outbox';
import { GroupCommit } from './group-commit';
import type Database from 'better-sqlite3';
import { backupStore, type BackupInfo, type BackupOptions } from './backups';
import type { OnStoreUpgrade } from './migrate';
import { openReader, openStore } from './open';
import { AdminRepo } from './repos/admin';
import { BookingRepo } from './repos/bookings';
import { CatalogueRepo } from './repos/catalogue';
import { CheckInRepo } from './repos/check-ins';
import { DeskListRepo } from './repos/desk-list';
import { ConnectionRepo } from './repos/connection';
import { DropzoneRepo } from './repos/dropzones';
import { FilmerRepo } from './repos/filmers';
import { FinanceRepo } from './repos/finance';
import { ImportMappingRepo } from './repos/import-mappings';
import { ImportRepo } from './repos/imports';
import { JumpRemovalRepo } from './repos/jump-removals';
import { JumpRepo } from './repos/jumps';
import { ListenSettingsRepo } from './repos/listen-settings';
import { LanRepo } from './repos/lan';
import { PairedDeskRepo, PairingCodeRepo } from './repos/pairing';
import { RemoteCopyRepo } from './repos/remote-copy';
import { ProductChangeRepo } from './repos/product-changes';
import { TokenRepo } from './repos/tokens';

/**
 * The open store and its repositories: the only way the rest of the app reaches SQLite. The
 * connection itself stays inside: what another part needs of it (a backup) is a method here.
 */
export class Store {
  readonly dropzones: DropzoneRepo;
  readonly tokens: TokenRepo;
  readonly catalogue: CatalogueRepo;
  readonly filmers: FilmerRepo;
  readonly bookings: BookingRepo;
  readonly jumps: JumpRepo;
  readonly finance: FinanceRepo;
  readonly connection: ConnectionRepo;
  readonly imports: ImportRepo;
  readonly importMappings: ImportMappingRepo;
  readonly listenSettings: ListenSettingsRepo;
  readonly admin: AdminRepo;
  readonly deskList: DeskListRepo;
  readonly checkIns: CheckInRepo;
  readonly checkInMarks: CheckInMarkRepo;
  readonly mainDeskMarks: MainDeskMarkRepo;
  /** Proxy mode's copy of the remote: empty in a local store (docs/offline.md). */
  readonly remoteCopy: RemoteCopyRepo;
  readonly jumpRemovals: JumpRemovalRepo;
  readonly productChanges: ProductChangeRepo;
  /** Proxy mode's outbox: in the copy's store, empty in a local one (docs/offline.md). */
  readonly outbox: OutboxRepo;
  /** The main desk on the venue's network: its certificate and LAN settings (docs/desks.md). */
  readonly lan: LanRepo;
  readonly pairingCodes: PairingCodeRepo;
  readonly pairedDesks: PairedDeskRepo;

  constructor(private readonly db: Database.Database) {
    this.dropzones = new DropzoneRepo(db);
    this.tokens = new TokenRepo(db);
    this.catalogue = new CatalogueRepo(db);
    this.filmers = new FilmerRepo(db);
    this.bookings = new BookingRepo(db);
    this.jumps = new JumpRepo(db);
    this.finance = new FinanceRepo(db);
    this.connection = new ConnectionRepo(db);
    this.imports = new ImportRepo(db);
    this.importMappings = new ImportMappingRepo(db);
    this.listenSettings = new ListenSettingsRepo(db);
    this.admin = new AdminRepo(db);
    this.deskList = new DeskListRepo(db);
    this.checkIns = new CheckInRepo(db);
    this.checkInMarks = new CheckInMarkRepo(db);
    this.mainDeskMarks = new MainDeskMarkRepo(db);
    this.remoteCopy = new RemoteCopyRepo(db);
    this.jumpRemovals = new JumpRemovalRepo(db);
    this.productChanges = new ProductChangeRepo(db);
    this.outbox = new OutboxRepo(db);
    this.lan = new LanRepo(db);
    this.pairingCodes = new PairingCodeRepo(db);
    this.pairedDesks = new PairedDeskRepo(db);
    // IMMEDIATE: the write lock is taken at BEGIN, where busy_timeout waits for another process's
    // write. A deferred transaction that reads first and then writes fails at once instead
    // ("database is locked"), since waiting could not help its outdated snapshot.
    this.runAtomically = db.transaction((work: () => unknown) => work()).immediate;
  }

  static open(file: string, onUpgrade?: OnStoreUpgrade): Store {
    const store = new Store(openStore(file, onUpgrade));
    // What a writer other than the Store left unindexed (docs/storage.md).
    if (store.bookings.searchPending()) store.transaction(() => undefined);
    return store;
  }

  /** A read-only Store on a store already opened by a desk: for reader threads (electron/readers/). */
  static openReader(file: string): Store {
    return new Store(openReader(file));
  }

  /**
   * Built once: better-sqlite3's db.transaction() creates four wrapper functions per call (~8 µs,
   * paid twice per batch element). The wrapper decides BEGIN IMMEDIATE or SAVEPOINT on each call.
   */
  private readonly runAtomically: (work: () => unknown) => unknown;

  private depth = 0;

  /** Write requests of the same event-loop turn, committed together (store/group-commit.ts). */
  readonly writes = new GroupCommit((work) => this.transaction(work));

  /**
   * Runs `work` atomically; nested calls become savepoints, so one batch element can fail alone.
   * Before the outermost one commits, the bookings it wrote go into the search index at once
   * (BookingRepo.flushSearchIndex): FTS5 would otherwise write a segment at every savepoint.
   */
  transaction<T>(work: () => T): T {
    this.depth++;
    try {
      if (this.depth > 1) return this.runAtomically(work) as T;
      return this.runAtomically(() => {
        const result = work();
        this.bookings.flushSearchIndex();
        return result;
      }) as T;
    } finally {
      this.depth--;
    }
  }

  /** A consistent copy into the data folder's backups/ while the desk goes on (store/backups.ts). */
  backup(dataDir: string, options?: BackupOptions): Promise<BackupInfo> {
    return backupStore(this.db, dataDir, options);
  }

  /** True when the store holds any dropzone (and so any data at all). */
  isEmpty(): boolean {
    return this.dropzones.all().length === 0;
  }

  isOpen(): boolean {
    return this.db.open;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
