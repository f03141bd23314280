import { isFromServer, type FromServer, type ServerReady, type StartServer, type ToServer } from './server-messages';

/** One running server process, whatever started it (utilityProcess.fork, or child_process.fork in tests). */
export interface ServerChild {
  readonly pid: number | undefined;
  postMessage(message: ToServer): void;
  onMessage(handler: (message: unknown) => void): void;
  onExit(handler: (code: number | null) => void): void;
  kill(): void;
}

export interface CrashReport {
  code: number | null;
  /** False once the server crashed too often in a short time: it stays down. */
  restarting: boolean;
  crashesInWindow: number;
}

export interface SupervisorHooks {
  ready(ready: ServerReady): void;
  crashed(report: CrashReport): void;
  /** Starting failed for a reason a restart will not cure: the message to show. */
  failed(error: string): void;
  secretWrite(value: string | null): void;
  log(message: string): void;
}

export interface SupervisorOptions {
  /** More crashes than this within `crashWindowMs` stop the restarts (a crash loop helps no one). */
  maxCrashes?: number;
  crashWindowMs?: number;
  /** How long a stop waits for the server to finish requests and close the store before killing it. */
  stopTimeoutMs?: number;
  /** How long a caller of url() waits for a starting server. */
  readyTimeoutMs?: number;
}

type State = 'idle' | 'starting' | 'ready' | 'restarting' | 'failed' | 'stopping' | 'stopped';

/**
 * Runs the desk server in its own process and keeps it running: starts it, hands out its URL
 * when ready, restarts it after a crash (telling the user), gives up on a crash loop, and stops
 * it cleanly (requests in flight finish, the store closes) at quit.
 */
export class ServerSupervisor {
  private state: State = 'idle';
  private child: ServerChild | undefined;
  /** Whether the current child has been sent its start (building it may wait for the keychain). */
  private startSent = false;
  private current: ServerReady | undefined;
  private waiters: Array<(url: string | null) => void> = [];
  private crashTimes: number[] = [];
  private stopping: Promise<void> | undefined;
  private readonly options: Required<SupervisorOptions>;

  constructor(
    private readonly fork: () => ServerChild,
    /** Built afresh for every start: the secret is read (and decrypted) again, never kept in main. */
    private readonly startMessage: () => StartServer | Promise<StartServer>,
    private readonly hooks: SupervisorHooks,
    options: SupervisorOptions = {},
  ) {
    this.options = { maxCrashes: 3, crashWindowMs: 60_000, stopTimeoutMs: 35_000, readyTimeoutMs: 30_000, ...options };
  }

  get status(): State {
    return this.state;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    if (this.state !== 'idle') throw new Error(`the server supervisor is ${this.state}, not idle`);
    this.spawn();
  }

  /** The server's base URL once it is ready; null if it cannot be started or is stopping. */
  url(): Promise<string | null> {
    if (this.state === 'ready' && this.current) return Promise.resolve(this.current.url);
    // A restart the server asked for: the page's calls wait for the new one, as at the first start.
    if (this.state !== 'starting' && this.state !== 'restarting') return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== settle);
        resolve(null);
      }, this.options.readyTimeoutMs);
      const settle = (url: string | null) => {
        clearTimeout(timer);
        resolve(url);
      };
      this.waiters.push(settle);
    });
  }

  /** Asks the server to finish and close its store; kills it if it does not within the timeout. */
  stop(): Promise<void> {
    this.stopping ??= this.doStop();
    return this.stopping;
  }

  private async doStop(): Promise<void> {
    const child = this.child;
    // A child still waiting for its start has opened nothing: it is simply ended.
    const running =
      (this.state === 'starting' || this.state === 'ready' || this.state === 'restarting') && this.startSent;
    this.state = 'stopping';
    this.settleWaiters(null);
    if (child && running) {
      await this.stopCleanly(child);
    } else {
      child?.kill();
    }
    this.child = undefined;
    this.state = 'stopped';
    this.hooks.log('server stopped');
  }

  /** Asks a child to finish its requests and close its store; kills it past the stop timeout. */
  private async stopCleanly(child: ServerChild): Promise<void> {
    const exited = new Promise<void>((resolve) => child.onExit(() => resolve()));
    child.postMessage({ type: 'stop' });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), this.options.stopTimeoutMs)),
    );
    if ((await Promise.race([exited, timedOut])) === 'timeout') {
      this.hooks.log(`the server did not stop within ${this.options.stopTimeoutMs} ms; killing it`);
      child.kill();
      await exited;
    }
    clearTimeout(timer);
  }

  private spawn(): void {
    this.state = 'starting';
    this.current = undefined;
    const child = this.fork();
    this.child = child;
    child.onMessage((message) => {
      if (this.child === child && isFromServer(message)) this.handle(message);
    });
    child.onExit((code) => {
      if (this.child === child) this.exited(code);
    });
    this.startSent = false;
    this.hooks.log(`server process ${child.pid ?? '?'} starting`);
    Promise.resolve()
      .then(() => this.startMessage())
      .then(
        (start) => {
          if (this.child !== child || this.state !== 'starting') return;
          child.postMessage(start);
          this.startSent = true;
        },
        (error: unknown) => {
          if (this.child === child)
            this.handle({
              type: 'failed',
              error: `the server's start could not be prepared: ${(error as Error).message}`,
            });
        },
      );
  }

  private handle(message: FromServer): void {
    switch (message.type) {
      case 'ready':
        if (this.state !== 'starting') return;
        this.state = 'ready';
        this.current = message;
        this.hooks.log(`server ready at ${message.url}`);
        this.hooks.ready(message);
        this.settleWaiters(message.url);
        return;
      case 'failed':
        if (this.state !== 'starting') return;
        this.state = 'failed';
        this.hooks.log(`server failed to start: ${message.error}`);
        this.child?.kill();
        this.settleWaiters(null);
        this.hooks.failed(message.error);
        return;
      case 'secret-write':
        this.hooks.secretWrite(message.value);
        return;
      case 'restart':
        void this.restartAsked();
        return;
      case 'stopped':
        return;
    }
  }

  /**
   * The server asked to be started again (it joined a main desk): it is stopped cleanly (its store
   * closed) and a new one started, which reads the pairing. No crash: nothing is told to the user.
   */
  private async restartAsked(): Promise<void> {
    const child = this.child;
    if (this.state !== 'ready' || !child) return;
    this.state = 'restarting';
    this.current = undefined;
    this.hooks.log('the server asked to be started again (it joined a main desk)');
    await this.stopCleanly(child);
    // A quit meanwhile (stop()) takes over: nothing is started again.
    if (this.state !== 'restarting' || this.child !== child) return;
    this.child = undefined;
    this.spawn();
  }

  private exited(code: number | null): void {
    if (this.state === 'stopping' || this.state === 'stopped' || this.state === 'failed' || this.state === 'restarting')
      return;
    const now = Date.now();
    this.crashTimes = [...this.crashTimes.filter((at) => now - at < this.options.crashWindowMs), now];
    const restarting = this.crashTimes.length <= this.options.maxCrashes;
    this.hooks.log(
      `server process exited unexpectedly (code ${code}); ${restarting ? 'restarting' : 'too many crashes, not restarting'}`,
    );
    this.child = undefined;
    if (restarting) {
      this.spawn();
    } else {
      this.state = 'failed';
      this.settleWaiters(null);
    }
    this.hooks.crashed({ code, restarting, crashesInWindow: this.crashTimes.length });
  }

  private settleWaiters(url: string | null): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter(url);
  }
}
