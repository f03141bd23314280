import { Worker } from 'node:worker_threads';
import type { ReadAnswer, ReadRequest } from './read-ops';
import type { WorkerData } from './read-worker';

/**
 * Reader threads for the reads that can take long (a list page and its count), so that no
 * request waits behind another one's query: the server's own thread stays free for shows, writes
 * and HTTP. Each thread has a read-only connection; WAL lets them read beside the one writer, and
 * a read that begins after a commit sees it, so a caller reads its own acknowledged writes.
 *
 * A read goes to the started thread with the fewest reads under way; while none has started, it
 * is answered `inline` (the server's own connection), as it is when a thread cannot start or
 * dies: slower under load, never lost.
 * A thread keeps the process alive while it starts (a short, finite time: whoever awaits
 * started() is not left with an event loop that ended first) and while it has reads under way;
 * idle, it is unref'd, so a pool alone never keeps a process alive; close() ends them.
 */
export interface ReadPoolOptions {
  /** The store file, already opened and migrated by the desk. */
  file: string;
  /** How many threads; 0 answers every read inline. */
  size: number;
  /** Answers a read on the caller's thread when no reader thread can. */
  inline: (request: ReadRequest) => ReadAnswer;
  /** Told when a thread fails (the desk logs it and goes on). */
  onError?: (error: Error) => void;
  /**
   * When the threads start: 'now' (the default), or 'first-read': at the first read (answered
   * inline while they start) or when `started()` is asked. The desk waits for a first list: each
   * thread compiles its module and opens its connection (~0.5 s of CPU), which on two cores would
   * slow the start's own work and the first answers, and a desk that never lists (a paired desk's
   * screens, most of the test suite's desks) never pays it.
   */
  start?: 'now' | 'first-read';
}

interface Pending {
  request: ReadRequest;
  resolve: (answer: ReadAnswer) => void;
  reject: (error: Error) => void;
}

interface Reader {
  worker: Worker;
  inFlight: Map<number, Pending>;
  ready: boolean;
  /** Settles when the thread has opened its connection, or has ended without doing so. */
  started: Promise<void>;
}

type Reply = { ready: true } | { id: number; answer: ReadAnswer } | { id: number; error: string };

/** Set by the banner of every bundle the desk is run from (scripts/electron-bundles.ts, scripts/cli-bundles.mjs): its URL. */
declare const __bundle_import_meta_url: string | undefined;

/**
 * From a bundle (the desktop app's out/server.cjs, the headless desk's .bundles/serve.cjs), the
 * reader's own bundle beside it; from the checkout's sources (tsx), a small ES module that
 * registers tsx in the thread.
 */
function workerScript(): { url: URL; execArgv: string[] | undefined } {
  if (typeof __bundle_import_meta_url === 'string')
    return { url: new URL('./read-worker.cjs', __bundle_import_meta_url), execArgv: undefined };
  return { url: new URL('./read-worker-source.mjs', import.meta.url), execArgv: [] };
}

export class ReadPool {
  private readonly readers = new Set<Reader>();
  private nextId = 1;
  private closing: Promise<void> | undefined;

  private threadsAsked = false;

  constructor(private readonly options: ReadPoolOptions) {
    if (options.start !== 'first-read') this.startThreads();
  }

  /** Starts the threads (once; a closing pool starts none). */
  startThreads(): void {
    if (this.threadsAsked || this.closing) return;
    this.threadsAsked = true;
    for (let i = 0; i < this.options.size; i++) this.spawn();
  }

  /** How many reader threads are running (the tests check a closed pool has none). */
  get threads(): number {
    return this.readers.size;
  }

  /** How many of them have opened their connection. */
  get threadsStarted(): number {
    return [...this.readers].filter((reader) => reader.ready).length;
  }

  read(request: ReadRequest): Promise<ReadAnswer> {
    this.startThreads();
    let reader: Reader | undefined;
    for (const candidate of this.readers)
      if (candidate.ready && (!reader || candidate.inFlight.size < reader.inFlight.size)) reader = candidate;
    if (!reader || this.closing) return this.inline(request);
    const id = this.nextId++;
    const target = reader;
    return new Promise<ReadAnswer>((resolve, reject) => {
      target.inFlight.set(id, { request, resolve, reject });
      if (target.inFlight.size === 1) target.worker.ref();
      target.worker.postMessage({ id, request });
    });
  }

  /**
   * Starts the threads if they have not been, and settles once every thread has started (its
   * module loaded, its connection open) or has ended trying. Reads need not wait for it (they
   * queue); a measurement does, or it times the threads' start-up (a second of compiling on two
   * cores) beside what it means to measure.
   */
  started(): Promise<void> {
    this.startThreads();
    return Promise.all([...this.readers].map((reader) => reader.started)).then(() => undefined);
  }

  /** Ends every thread: each closes its connection first; one that does not within 2 s is stopped. */
  close(): Promise<void> {
    this.closing ??= Promise.all(
      [...this.readers].map(async ({ worker }) => {
        const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
        worker.postMessage({ close: true });
        const timer = setTimeout(() => void worker.terminate(), 2000);
        await exited;
        clearTimeout(timer);
      }),
    ).then(() => undefined);
    return this.closing;
  }

  private inline(request: ReadRequest): Promise<ReadAnswer> {
    try {
      return Promise.resolve(this.options.inline(request));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private spawn(): void {
    const { url, execArgv } = workerScript();
    const workerData: WorkerData = { file: this.options.file };
    let settleStarted = () => {};
    const started = new Promise<void>((resolve) => (settleStarted = resolve));
    const reader: Reader = {
      worker: new Worker(url, { workerData, execArgv }),
      inFlight: new Map(),
      ready: false,
      started,
    };
    this.readers.add(reader);
    reader.worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        reader.ready = true;
        // No read has gone to it yet (reads go to started threads only): idle from here.
        reader.worker.unref();
        settleStarted();
        return;
      }
      const pending = reader.inFlight.get(reply.id);
      if (!pending) return;
      reader.inFlight.delete(reply.id);
      if (reader.inFlight.size === 0) reader.worker.unref();
      if ('answer' in reply) pending.resolve(reply.answer);
      else pending.reject(new Error(`a reader thread failed: ${reply.error}`));
    });
    reader.worker.on('error', (error) => this.options.onError?.(error));
    reader.worker.on('exit', (code) => {
      settleStarted();
      this.readers.delete(reader);
      // Its reads are answered here instead; a thread that had started is replaced, one that
      // could not start is not (the next would fail the same way): reads then run inline.
      for (const pending of reader.inFlight.values())
        this.inline(pending.request).then(pending.resolve, pending.reject);
      reader.inFlight.clear();
      if (this.closing) return;
      this.options.onError?.(
        new Error(
          `a reader thread stopped (exit code ${code})${reader.ready ? '; starting another' : '; reads run on the server thread'}`,
        ),
      );
      if (reader.ready) this.spawn();
    });
  }
}
