import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScryptCost } from '../../electron/common/passphrase';
import { startDesk, type DeskOptions, type RunningDesk } from '../../electron/start';
import { ADMIN_HEADER } from '../../shared/schemas/admin';
import type { ServingMode } from '../../shared/api/backends';
import { openApiCheckFor, type Exchange } from './openapi-check';
import { BASE_SEED, TEST_NOW, TEST_TOKEN } from './seed';

/** The administrator passphrase the test desks are set up with (on first use of `admin()`). */
export const TEST_ADMIN_PASSPHRASE = 'correct horse battery staple';

type RawDeskCall = (method: string, path: string, body?: unknown) => Promise<ApiResponse>;

/** Unlocks as an administrator: sets the test passphrase when none is set, else gives it. */
export async function unlockAsAdministrator(call: RawDeskCall): Promise<string> {
  const state = await call('GET', '/admin');
  const res = state.body?.passphrase_set
    ? await call('POST', '/admin/unlock', { passphrase: TEST_ADMIN_PASSPHRASE })
    : await call('PUT', '/admin/passphrase', { passphrase: TEST_ADMIN_PASSPHRASE });
  if (res.status !== 200) throw new Error(`could not unlock as an administrator: ${res.status} ${res.text}`);
  return res.body.admin_token as string;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestDesk extends RunningDesk {
  dataDir: string;
  /** Calls the Sync API (paths relative to /api/f1/sync) with the seed's token. */
  sync<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiResponse<T>>;
  /** Any request to the server, raw. */
  request<T = any>(path: string, init?: RequestInit): Promise<ApiResponse<T>>;
  /** Calls the desk's own API (paths relative to /api/desk) with this launch's session token. */
  desk<T = any>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>>;
  /** Calls an administrator route of the desk API (shared/api `guard: 'admin'`), as an unlocked administrator. */
  admin<T = any>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>>;
  /**
   * Calls the desk API as the desk of another dropzone in the same store, with a session token of
   * that dropzone's on this same server (one desk process per data folder serves every dropzone).
   */
  deskAs<T = any>(dropzoneKey: string, method: string, path: string, body?: unknown): Promise<ApiResponse<T>>;
  /** An administrator route as the desk of another dropzone (its own passphrase and unlock). */
  adminAs<T = any>(dropzoneKey: string, method: string, path: string, body?: unknown): Promise<ApiResponse<T>>;
  /** Runs a query on a second, read-only connection to the store file, to check what was (not) written. */
  queryStore<T = any>(sql: string, ...params: unknown[]): T[];
  /** Stops the server and removes the temp data dir. */
  dispose(): Promise<void>;
}

/**
 * A test desk switched to proxy mode (towards a remote that cannot answer): for the routes that
 * are the local store's only and refuse there.
 */
export async function startProxiedTestDesk(options: Parameters<typeof startTestDesk>[0] = {}): Promise<TestDesk> {
  const desk = await startTestDesk(options);
  const res = await desk.admin('PUT', '/connection', { mode: 'proxy', remote_url: 'http://remote.invalid' });
  if (res.status !== 200) {
    await desk.dispose();
    throw new Error(`switching the test desk to proxy mode answered ${res.status}: ${res.text}`);
  }
  return desk;
}

/**
 * scrypt at 2^10 instead of 2^15 (about 2 ms instead of 0.15 s a try): the test desks' administrator
 * passphrase (passphraseCost), and pairing where a test opts in (pairingProofCost, with its joins').
 * What is hashed and checked is the same; desk-admin.test.ts holds a desk to the production cost.
 */
export const TEST_SCRYPT_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

/**
 * A real desk on 127.0.0.1 with a temp SQLite store, seeded, on a fixed clock. Its administrator
 * passphrase is hashed at TEST_SCRYPT_COST unless `deskOptions.passphraseCost` says otherwise.
 */
export async function startTestDesk(
  options: {
    seed?: object | null;
    now?: string;
    dataDir?: string;
    port?: number;
    deskOptions?: Partial<DeskOptions>;
    /**
     * Hold every answer to the OpenAPI document (test/support/openapi-check.ts): on unless a test's
     * remote answers what no Sync API server would (a fake that breaks the spec on purpose).
     */
    checkOpenApi?: boolean;
  } = {},
): Promise<TestDesk> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'desk-test-'));
  let seedFile: string | undefined;
  const seed = options.seed === undefined ? BASE_SEED : options.seed;
  if (seed !== null) {
    seedFile = join(dataDir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(seed));
  }
  const fixedNow = new Date(options.now ?? TEST_NOW);
  const desk = await startDesk({
    dataDir,
    seedFile,
    port: options.port ?? 0,
    now: () => fixedNow,
    logErrors: false,
    passphraseCost: TEST_SCRYPT_COST,
    ...options.deskOptions,
  });

  const otherSessions = new Map<string, string>();
  const otherAdminTokens = new Map<string, string>();
  const sessionOf = (dropzoneKey: string): string => {
    let token = otherSessions.get(dropzoneKey);
    if (token === undefined) {
      token = desk.addSession(dropzoneKey);
      otherSessions.set(dropzoneKey, token);
    }
    return token;
  };
  const exchanges: (Exchange & { mode: ServingMode })[] = [];
  const request = async <T>(path: string, init: RequestInit = {}): Promise<ApiResponse<T>> => {
    const response = await fetch(`${desk.url}${path}`, init);
    const text = await response.text();
    // Held to the document when the desk is disposed: checking here would slow the calls of tests that time them.
    if (options.checkOpenApi !== false)
      exchanges.push({
        mode: desk.connection.servingMode,
        method: init.method ?? 'GET',
        url: path,
        status: response.status,
        headers: response.headers,
        text,
        requestBody: typeof init.body === 'string' ? init.body : undefined,
      });
    let body: unknown = undefined;
    if (text && (response.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: body as T, text };
  };
  let adminToken: string | undefined;
  const deskCall = <T>(
    sessionToken: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    request<T>(`/api/desk${path}`, {
      method,
      headers: {
        authorization: `Bearer ${sessionToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });

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
    desk: <T>(method: string, path: string, body?: unknown) => deskCall<T>(desk.sessionToken, method, path, body),
    admin: async <T>(method: string, path: string, body?: unknown) => {
      adminToken ??= await unlockAsAdministrator((m, p, b) => deskCall(desk.sessionToken, m, p, b));
      return deskCall<T>(desk.sessionToken, method, path, body, { [ADMIN_HEADER]: adminToken });
    },
    queryStore: <T>(sql: string, ...params: unknown[]) => {
      const db = new Database(desk.storeFile, { readonly: true });
      try {
        return db.prepare(sql).all(...params) as T[];
      } finally {
        db.close();
      }
    },
    deskAs: <T>(dropzoneKey: string, method: string, path: string, body?: unknown) =>
      deskCall<T>(sessionOf(dropzoneKey), method, path, body),
    adminAs: async <T>(dropzoneKey: string, method: string, path: string, body?: unknown) => {
      const session = sessionOf(dropzoneKey);
      let unlock = otherAdminTokens.get(dropzoneKey);
      if (unlock === undefined) {
        unlock = await unlockAsAdministrator((m, p, b) => deskCall(session, m, p, b));
        otherAdminTokens.set(dropzoneKey, unlock);
      }
      return deskCall<T>(session, method, path, body, { [ADMIN_HEADER]: unlock });
    },
    dispose: async () => {
      await desk.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      const problems = exchanges.flatMap(({ mode, ...exchange }) => openApiCheckFor(mode).problems(exchange));
      if (problems.length > 0)
        throw new Error(
          `answers of this test desk do not match the OpenAPI document (shared/api/openapi/):\n${problems.join('\n')}`,
        );
    },
  };
}
