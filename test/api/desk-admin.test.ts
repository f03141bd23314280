import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { PASSPHRASE_COST } from '../../electron/common/passphrase';
import { ADMIN_HEADER, ADMIN_IDLE_MINUTES } from '../../shared/schemas/admin';
import {
  startTestDesk,
  TEST_ADMIN_PASSPHRASE,
  TEST_SCRYPT_COST,
  type ApiResponse,
  type TestDesk,
} from '../support/desk';
import { TEST_NOW, TEST_TOKEN } from '../support/seed';

const PASSPHRASE = 'blue canopy at 4000 ft';

/** A desk call with an administrator unlock (or a made-up one). */
function withUnlock(
  desk: TestDesk,
  unlock: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResponse> {
  return desk.request(`/api/desk${path}`, {
    method,
    headers: {
      authorization: `Bearer ${desk.sessionToken}`,
      [ADMIN_HEADER]: unlock,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const makeToken = (desk: TestDesk, unlock: string) =>
  withUnlock(desk, unlock, 'POST', '/api-tokens', { label: 'guarded' });

function assertAdminRefusal(res: ApiResponse, admin: 'passphrase_not_set' | 'locked') {
  assert.equal(res.status, 403, res.text);
  assert.equal(res.body.status, 'forbidden');
  assert.equal(res.body.admin, admin);
  assert.match(res.body.error, /administrator action/);
}

describe('desk API: the administrator guard', () => {
  let desk: TestDesk;
  let clock = new Date(TEST_NOW).getTime();
  // At the test desks' scrypt cost (TEST_SCRYPT_COST): the production cost is held below, on a desk of its own.
  before(async () => (desk = await startTestDesk({ deskOptions: { now: () => new Date(clock) } })));
  after(() => desk.dispose());

  test('before any passphrase is set, an administrator route says to set one; the routes that are not guarded work', async () => {
    assert.deepEqual((await desk.desk('GET', '/admin')).body, {
      passphrase_set: false,
      set_at: null,
      unlocked: false,
      expires_at: null,
      idle_minutes: ADMIN_IDLE_MINUTES,
    });
    assertAdminRefusal(await desk.desk('POST', '/api-tokens', { label: 'x' }), 'passphrase_not_set');
    assertAdminRefusal(await desk.desk('PUT', '/connection', { mode: 'local' }), 'passphrase_not_set');
    assertAdminRefusal(
      await desk.desk('POST', '/connection/test', { remote_url: 'http://127.0.0.1:9' }),
      'passphrase_not_set',
    );
    assert.equal((await desk.desk('GET', '/api-tokens')).status, 200);
    assert.equal((await desk.desk('GET', '/connection')).status, 200);
    const unlock = await desk.desk('POST', '/admin/unlock', { passphrase: 'anything at all' });
    assert.equal(unlock.status, 409, unlock.text);
    assert.match(unlock.body.error, /no administrator passphrase is set/);
  });

  test('a malformed body is refused by name before the guard: the sender learns what is wrong either way', async () => {
    const res = await desk.desk('POST', '/api-tokens', { label: 42 });
    assert.equal(res.status, 422, res.text);
    assert.match(res.body.fields.label, /must be a string/);
  });

  test('the first passphrase needs nothing more, unlocks this caller, and only its scrypt hash is stored', async () => {
    const short = await desk.desk('PUT', '/admin/passphrase', { passphrase: 'short' });
    assert.equal(short.status, 422);
    assert.match(short.body.fields.passphrase, /at least 8 characters/);
    const set = await desk.desk('PUT', '/admin/passphrase', { passphrase: PASSPHRASE });
    assert.equal(set.status, 200, set.text);
    assert.equal(set.body.idle_minutes, ADMIN_IDLE_MINUTES);
    assert.equal((await makeToken(desk, set.body.admin_token)).status, 201);
    const [row] = desk.queryStore<{ passphrase_hash: string }>('SELECT passphrase_hash FROM admin_settings');
    const { N, r, p } = TEST_SCRYPT_COST;
    assert.match(row!.passphrase_hash, new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$[\\w-]+\\$[\\w-]+$`));
    for (const file of ['desk.sqlite3', 'desk.sqlite3-wal']) {
      assert.ok(
        !readFileSync(`${desk.dataDir}/${file}`).includes(PASSPHRASE),
        `the passphrase itself is nowhere in ${file}`,
      );
    }
  });

  test('without an unlock, or with a made-up one, an administrator route is refused and nothing is written', async () => {
    const before = (await desk.desk('GET', '/api-tokens')).body.length;
    assertAdminRefusal(await desk.desk('POST', '/api-tokens', { label: 'x' }), 'locked');
    assertAdminRefusal(await makeToken(desk, 'dzd_made-up'), 'locked');
    assert.equal((await desk.desk('GET', '/api-tokens')).body.length, before);
  });

  test('a booking system token never reaches the administrator routes, unlock or not', async () => {
    const res = await desk.request('/api/desk/admin/unlock', {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ passphrase: PASSPHRASE }),
    });
    assert.equal(res.status, 403);
    assert.match(res.body.error, /booking system's API token/);
  });

  test('unlock: a wrong passphrase is 403; the right one unlocks for 15 minutes after the last administrator action', async () => {
    const wrong = await desk.desk('POST', '/admin/unlock', { passphrase: 'not it at all' });
    assert.equal(wrong.status, 403);
    assert.match(wrong.body.error, /not the administrator passphrase/);
    const unlock = await desk.desk('POST', '/admin/unlock', { passphrase: PASSPHRASE });
    assert.equal(unlock.status, 200, unlock.text);
    const token = unlock.body.admin_token as string;
    const state = await withUnlock(desk, token, 'GET', '/admin');
    assert.equal(state.body.unlocked, true);
    assert.equal(state.body.expires_at, new Date(clock + ADMIN_IDLE_MINUTES * 60_000).toISOString());
    assert.equal(
      (await desk.desk('GET', '/admin')).body.unlocked,
      false,
      'a window without the unlock is not unlocked',
    );

    clock += (ADMIN_IDLE_MINUTES - 1) * 60_000;
    assert.equal((await makeToken(desk, token)).status, 201, 'an action within the window extends it');
    clock += (ADMIN_IDLE_MINUTES - 1) * 60_000;
    assert.equal((await makeToken(desk, token)).status, 201, 'still unlocked: the last action started it again');
    clock += ADMIN_IDLE_MINUTES * 60_000;
    assertAdminRefusal(await makeToken(desk, token), 'locked');
  });

  test('lock ends the unlock at once', async () => {
    const token = (await desk.desk('POST', '/admin/unlock', { passphrase: PASSPHRASE })).body.admin_token as string;
    assert.equal((await withUnlock(desk, token, 'POST', '/admin/lock')).status, 204);
    assertAdminRefusal(await makeToken(desk, token), 'locked');
  });

  test('an unlock belongs to its dropzone: the other dropzone of the same desk has its own passphrase', async () => {
    const token = (await desk.desk('POST', '/admin/unlock', { passphrase: PASSPHRASE })).body.admin_token as string;
    const other = await desk.deskAs('other', 'GET', '/admin');
    assert.equal(other.body.passphrase_set, false);
    const session = desk.addSession('other');
    const res = await desk.request('/api/desk/api-tokens', {
      method: 'POST',
      headers: { authorization: `Bearer ${session}`, [ADMIN_HEADER]: token, 'content-type': 'application/json' },
      body: JSON.stringify({ label: 'cross' }),
    });
    assert.equal(res.status, 403, res.text);
  });

  test('a change needs the current passphrase and ends every other unlock', async () => {
    const older = (await desk.desk('POST', '/admin/unlock', { passphrase: PASSPHRASE })).body.admin_token as string;
    const noCurrent = await desk.desk('PUT', '/admin/passphrase', { passphrase: 'a brand new one' });
    assert.equal(noCurrent.status, 403);
    assert.match(noCurrent.body.fields.current_passphrase, /not the administrator passphrase/);
    const changed = await desk.desk('PUT', '/admin/passphrase', {
      passphrase: TEST_ADMIN_PASSPHRASE,
      current_passphrase: PASSPHRASE,
    });
    assert.equal(changed.status, 200, changed.text);
    assertAdminRefusal(await makeToken(desk, older), 'locked');
    assert.equal((await makeToken(desk, changed.body.admin_token)).status, 201);
    assert.equal((await desk.admin('POST', '/api-tokens', { label: 'through the test helper' })).status, 201);
  });

  test('five wrong passphrases in a row make the next try wait (429 with Retry-After), the right one included', async () => {
    for (let i = 0; i < 5; i++)
      assert.equal((await desk.desk('POST', '/admin/unlock', { passphrase: `guess number ${i}` })).status, 403);
    const waiting = await desk.desk('POST', '/admin/unlock', { passphrase: TEST_ADMIN_PASSPHRASE });
    assert.equal(waiting.status, 429, waiting.text);
    assert.equal(waiting.body.status, 'too_many_requests');
    assert.equal(waiting.headers.get('retry-after'), '30');
    clock += 31_000;
    assert.equal((await desk.desk('POST', '/admin/unlock', { passphrase: TEST_ADMIN_PASSPHRASE })).status, 200);
  });
});

describe('a desk not told a cost: the administrator passphrase at scrypt 2^15', () => {
  let desk: TestDesk;
  // passphraseCost left unset, as every desk that is run has it: the desk's own default.
  before(async () => (desk = await startTestDesk({ deskOptions: { passphraseCost: undefined } })));
  after(() => desk.dispose());

  test('the stored hash is scrypt N=32768, r=8, p=1, and the passphrase unlocks', async () => {
    assert.deepEqual(PASSPHRASE_COST, { N: 32768, r: 8, p: 1 });
    const set = await desk.desk('PUT', '/admin/passphrase', { passphrase: PASSPHRASE });
    assert.equal(set.status, 200, set.text);
    const [row] = desk.queryStore<{ passphrase_hash: string }>('SELECT passphrase_hash FROM admin_settings');
    assert.match(row!.passphrase_hash, /^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    const unlock = await desk.desk('POST', '/admin/unlock', { passphrase: PASSPHRASE });
    assert.equal(unlock.status, 200, unlock.text);
  });
});

describe('npm run admin -- reset: the way back from a forgotten passphrase', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  const reset = (...args: string[]) =>
    spawnSync(process.execPath, ['bin/dropzone-desk.mjs', 'admin', 'reset', '--data-dir', desk.dataDir, ...args], {
      encoding: 'utf8',
    });

  test('beside the running desk: the passphrase is forgotten, every unlock ends, the next action asks for a new one', async () => {
    const unlock = (await desk.desk('PUT', '/admin/passphrase', { passphrase: PASSPHRASE })).body.admin_token as string;
    assert.equal((await makeToken(desk, unlock)).status, 201);
    const run = reset();
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /passphrase of "test" is forgotten/);
    assertAdminRefusal(await makeToken(desk, unlock), 'passphrase_not_set');
    assert.equal((await desk.desk('GET', '/admin')).body.passphrase_set, false);
    const again = reset();
    assert.match(again.stdout, /had no administrator passphrase: nothing to reset/);
  });

  test('an unknown dropzone or command is an error that says what there is', () => {
    const unknown = reset('--dropzone', 'nowhere');
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /no dropzone "nowhere"; the store has: test, other/);
    const wrong = spawnSync(process.execPath, ['bin/dropzone-desk.mjs', 'admin', 'forget'], { encoding: 'utf8' });
    assert.equal(wrong.status, 1);
    assert.match(wrong.stderr, /unknown command "forget"/);
  });
});
