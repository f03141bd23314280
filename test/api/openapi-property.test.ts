import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { ADMIN_HEADER } from '../../shared/schemas/admin';
import { startTestDesk, TEST_ADMIN_PASSPHRASE, type TestDesk } from '../support/desk';
import { openApiCheckFor } from '../support/openapi-check';
import {
  operationsOf,
  requestArbitrary,
  type GeneratedRequest,
  type KnownValues,
} from '../support/openapi-arbitraries';
import { startOutboxPair, type OutboxPair } from '../support/outbox-pair';
import { TEST_TOKEN } from '../support/seed';

/**
 * Requests made from the OpenAPI document by fast-check, run against a seeded desk: whatever a
 * request holds, the desk answers no 5xx of its own (a 500 is a bug), and every answer has a
 * status and a shape the document gives for that operation. The same in proxy mode, the remote
 * (our own server a second time) reachable and not. `FC_SEED` replays a run; `FC_RUNS` runs more.
 */

const RUNS = Number(process.env.FC_RUNS ?? 4);
const SEED = Number(process.env.FC_SEED ?? 20261128);

interface Target {
  desk: TestDesk;
  /** The booking system's token this desk takes. */
  apiToken: string;
  adminToken: string | undefined;
}

/**
 * A live administrator unlock for the next operation's requests. The last operation's unlock is
 * kept while it is still live (GET /admin with it says `unlocked`): a generated request may have
 * locked it or changed the passphrase, and then a new one is made. An unlock costs a scrypt (slow
 * on purpose, ~0.2 s of CPU here), so one per operation and target would be ~280 of them.
 */
async function adminTokenOf(desk: TestDesk, current: string | undefined): Promise<string | undefined> {
  if (current !== undefined) {
    const live = await desk.request<{ unlocked?: boolean }>('/api/desk/admin', {
      headers: { authorization: `Bearer ${desk.sessionToken}`, [ADMIN_HEADER]: current },
    });
    if (live.status === 200 && live.body?.unlocked === true) return current;
  }
  const call = (method: string, path: string, body?: unknown) => desk.desk(method, path, body);
  const state = await call('GET', '/admin');
  const res = state.body?.passphrase_set
    ? await call('POST', '/admin/unlock', { passphrase: TEST_ADMIN_PASSPHRASE })
    : await call('PUT', '/admin/passphrase', { passphrase: TEST_ADMIN_PASSPHRASE });
  // A generated request may have changed the passphrase: the administrator routes then answer 403 (documented too).
  return res.status === 200 ? (res.body.admin_token as string) : undefined;
}

async function knownValuesOf(desk: TestDesk): Promise<KnownValues> {
  const bookings = await desk.sync('GET', '/bookings?include_all=true&per_page=20');
  const filmers = await desk.sync('GET', '/filmers?include_all=true');
  const externalIds = ((bookings.body?.bookings ?? []) as { external_id: string | null }[])
    .map((booking) => booking.external_id)
    .filter((id): id is string => typeof id === 'string');
  const ids = [1, 2, 3, ...((Array.isArray(filmers.body) ? filmers.body : []) as { id: number }[]).map((f) => f.id)];
  return { external_id: externalIds.length > 0 ? externalIds : ['BK-1'], id: ids };
}

/** Sends one generated request as a client would; the answer's text (none for a stream, which is left open). */
async function send(target: Target, request: GeneratedRequest) {
  const headers: Record<string, string> = {};
  if (request.credential === 'session') headers.authorization = `Bearer ${target.desk.sessionToken}`;
  if (request.credential === 'token') headers.authorization = `Bearer ${target.apiToken}`;
  if (request.admin && target.adminToken) headers[ADMIN_HEADER] = target.adminToken;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const abort = new AbortController();
  const response = await fetch(`${target.desk.url}${request.url}`, {
    method: request.method,
    headers,
    body: request.body,
    signal: abort.signal,
  });
  const stream = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const text = stream ? '' : await response.text();
  if (stream) abort.abort();
  return { status: response.status, headers: response.headers, text };
}

async function holdsToTheDocument(target: Target, fivexx: 'none' | 'proxy-answers-only'): Promise<void> {
  const check = openApiCheckFor(target.desk.connection.servingMode);
  const seen = new Map<string, Set<number>>();
  const known = await knownValuesOf(target.desk);
  for (const { path, method, operation } of operationsOf(check.document)) {
    target.adminToken = await adminTokenOf(target.desk, target.adminToken);
    await fc.assert(
      fc.asyncProperty(requestArbitrary(path, method, operation, known), async (request) => {
        const answer = await send(target, request);
        const where = `${request.method} ${request.url} (${request.credential}${request.admin ? ', admin' : ''}) with ${request.body ?? 'no body'}`;
        if (fivexx === 'none') assert.ok(answer.status < 500, `${where} answered ${answer.status}: ${answer.text}`);
        else assert.notEqual(answer.status, 500, `${where} answered 500: ${answer.text}`);
        // The document of the mode the desk is in now (a generated request may have switched it).
        const problems = openApiCheckFor(target.desk.connection.servingMode).problems({
          method: request.method,
          url: request.url,
          ...answer,
          requestBody: request.body,
        });
        assert.deepEqual(problems, [], where);
        const statuses = seen.get(request.operationId) ?? new Set<number>();
        statuses.add(answer.status);
        seen.set(request.operationId, statuses);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true, includeErrorInReport: true },
    );
  }
  // Every operation was reached, and more than refusals came back: the requests are not all noise.
  assert.equal(seen.size, operationsOf(check.document).length);
  const successes = [...seen.values()].filter((statuses) => [...statuses].some((s) => s >= 200 && s < 300)).length;
  assert.ok(successes >= seen.size / 3, `only ${successes} of ${seen.size} operations ever succeeded`);
}

describe('requests made from the OpenAPI document: no 5xx, every answer as documented', () => {
  test('a seeded desk in local mode', async () => {
    const desk = await startTestDesk();
    try {
      await holdsToTheDocument({ desk, apiToken: TEST_TOKEN, adminToken: undefined }, 'none');
    } finally {
      await desk.dispose();
    }
  });

  describe('proxy mode, the remote our own server', () => {
    let pair: OutboxPair;
    before(async () => {
      pair = await startOutboxPair();
    });
    after(() => pair.dispose());

    test('the remote answering', async () => {
      await holdsToTheDocument({ desk: pair.desk, apiToken: TEST_TOKEN, adminToken: undefined }, 'proxy-answers-only');
      assert.ok(pair.proxy.passed.length > 0, 'calls went up to the remote');
    });

    test('the remote unreachable: the copy and the outbox answer', async () => {
      await pair.proxy.set({ kind: 'refuse' });
      await holdsToTheDocument({ desk: pair.desk, apiToken: TEST_TOKEN, adminToken: undefined }, 'proxy-answers-only');
    });
  });
});
