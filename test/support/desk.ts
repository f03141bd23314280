import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDesk, type DeskOptions, type RunningDesk } from '../../electron/start';
import { BASE_SEED, TEST_NOW, TEST_TOKEN } from './seed';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestDesk extends RunningDesk {
  dataDir: string;
  /** Calls the Sync API (paths relative to /api/f1/sync) with the seed's token. */
  sync<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  /** Any request to the server, raw. */
  request<T = any>(path: string, init?: RequestInit): Promise<ApiResponse<T>>;
  /** Calls the desk's own API (paths relative to /api/desk) with this launch's session token. */
  desk<T = any>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>>;
  /**
   * Calls the desk API as the desk of another dropzone in the same store (`npm run serve --
   * --dropzone KEY`): a second server on the store, started on first use, stopped by dispose.
   * The desk API takes only a desk's session token, so this is how another dropzone's desk is seen.
   */
  deskAs<T = any>(dropzoneKey: string, method: string, path: string, body?: unknown): Promise<ApiResponse<T>>;
  /** Runs a query on a second, read-only connection to the store file, to check what was (not) written. */
  queryStore<T = any>(sql: string, ...params: unknown[]): T[];
  /** Stops the server and removes the temp data dir. */
  dispose(): Promise<void>;
}

/** A real desk on 127.0.0.1 with a temp SQLite store, seeded, on a fixed clock. */
export async function startTestDesk(
  options: { seed?: object | null; now?: string; dataDir?: string; port?: number; deskOptions?: Partial<DeskOptions> } = {},
): Promise<TestDesk> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'desk-test-'));
  let seedFile: string | undefined;
  const seed = options.seed === undefined ? BASE_SEED : options.seed;
  if (seed !== null) {
    seedFile = join(dataDir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(seed));
  }
  const fixedNow = new Date(options.now ?? TEST_NOW);
  const desk = await startDesk({ dataDir, seedFile, port: options.port ?? 0, now: () => fixedNow, logErrors: false, ...options.deskOptions });

  const others = new Map<string, Promise<TestDesk>>();
  const request = async <T>(path: string, init: RequestInit = {}): Promise<ApiResponse<T>> => {
    const response = await fetch(`${desk.url}${path}`, init);
    const text = await response.text();
    let body: unknown = undefined;
    if (text && (response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: body as T, text };
  };

  return {
    ...desk,
    dataDir,
    request,
    sync: <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      request<T>(`/api/f1/sync${path}`, {
        method,
        headers: {
          authorization: `Bearer ${TEST_TOKEN}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    desk: <T>(method: string, path: string, body?: unknown) =>
      request<T>(`/api/desk${path}`, {
        method,
        headers: { authorization: `Bearer ${desk.sessionToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    queryStore: <T>(sql: string, ...params: unknown[]) => {
      const db = new Database(desk.storeFile, { readonly: true });
      try {
        return db.prepare(sql).all(...params) as T[];
      } finally {
        db.close();
      }
    },
    deskAs: async <T>(dropzoneKey: string, method: string, path: string, body?: unknown) => {
      let other = others.get(dropzoneKey);
      if (!other) {
        other = startTestDesk({ dataDir, seed: null, now: options.now, deskOptions: { dropzoneKey } });
        others.set(dropzoneKey, other);
      }
      return (await other).desk<T>(method, path, body);
    },
    dispose: async () => {
      for (const other of others.values()) await (await other).dispose();
      await desk.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
