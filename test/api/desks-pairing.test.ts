import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { spawnSync } from 'node:child_process';
import { JoinError, joinMainDesk, type JoinOptions } from '../../electron/desks/join';
import { newPairingCode, PAIRING_PROOF_COST, pairingProof, parsePairingCode } from '../../electron/desks/pairing-code';
import { PAIRING_FILE_NAME, readPairing } from '../../electron/desks/pairing-file';
import { startTestDesk, TEST_SCRYPT_COST, type TestDesk } from '../support/desk';
import { LanClient } from '../support/lan-client';
import { TEST_NOW, TEST_TOKEN } from '../support/seed';

/** A join at the test desks' scrypt cost (the main desk below makes its codes' proofs at it too). */
const joinAtTestCost = (options: Omit<JoinOptions, 'proofCost'>) =>
  joinMainDesk({ ...options, proofCost: TEST_SCRYPT_COST });

/** The main desk's LAN listener on loopback: pairing, its refusals, what a credential opens, revoking. */

describe('pairing with a main desk (POST /api/desks/pair) and the LAN listener', () => {
  let clock = new Date(TEST_NOW);
  let main: TestDesk;
  let lanUrl: string;
  let fingerprint: string;
  let lan: LanClient;
  const joiners: string[] = [];
  const joinerDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-joiner-'));
    joiners.push(dir);
    return dir;
  };
  const newCode = async (): Promise<string> => {
    const answer = await main.admin('POST', '/desks/pairing-codes');
    assert.equal(answer.status, 201, answer.text);
    return answer.body.code as string;
  };
  const refusalOf = async (join: Promise<unknown>): Promise<JoinError> => {
    try {
      await join;
    } catch (error) {
      assert.ok(error instanceof JoinError, String(error));
      return error;
    }
    assert.fail('the join was not refused');
  };

  before(async () => {
    main = await startTestDesk({
      // Its pairing codes' proofs at the test cost, as every join below but the CLI's code (made at the production cost).
      deskOptions: {
        now: () => clock,
        lan: { enabled: true, port: 0, address: '127.0.0.1' },
        pairingProofCost: TEST_SCRYPT_COST,
      },
    });
    const endpoints = main.lan.endpoints();
    assert.equal(endpoints.length, 1);
    lanUrl = endpoints[0]!.url;
    fingerprint = main.lan.view().fingerprint!;
    lan = new LanClient(lanUrl, fingerprint);
  });
  after(async () => {
    await lan.close();
    await main.dispose();
    for (const dir of joiners) rmSync(dir, { recursive: true, force: true });
  });

  test('on the LAN nothing answers without a credential; the Sync API takes its API tokens', async () => {
    for (const path of [
      '/',
      '/index.html',
      '/api/desk/session',
      '/api/desk/changes',
      '/api/desk/health',
      '/api/f1/sync/bookings',
    ]) {
      const answer = await lan.call('GET', path);
      assert.equal(answer.status, 401, `${path}: ${answer.text}`);
      assert.equal(answer.body.code, 'lan_credential_required');
    }
    assert.equal(
      (await lan.call('GET', '/api/desk/session', { credential: main.sessionToken })).status,
      401,
      "the desk's own sign-in stays on this computer",
    );
    assert.equal((await lan.call('GET', '/api/f1/sync/bookings', { credential: TEST_TOKEN })).status, 200);
    assert.equal(
      (await lan.call('GET', '/api/desk/session', { credential: TEST_TOKEN })).status,
      403,
      'an API token opens the Sync API only',
    );
    assert.equal((await lan.call('GET', '/', { credential: TEST_TOKEN })).status, 401, 'nor the UI files');
    const fromAPage = await lan.call('GET', '/api/f1/sync/bookings', {
      credential: TEST_TOKEN,
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(fromAPage.status, 403);
  });

  test('the pairing route is on the LAN listener only', async () => {
    const answer = await main.request('/api/desks/pair', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code_id: 'ABCD', proof: 'x'.repeat(43), name: 'Video desk' }),
    });
    assert.equal(answer.status, 404);
  });

  test('the right code pairs: the credential opens the desk API and the Sync API, and the log names the desk', async () => {
    const dataDir = joinerDir();
    const pairing = await joinAtTestCost({ url: lanUrl, code: await newCode(), name: 'Video desk', dataDir });
    assert.equal(pairing.fingerprint, fingerprint);
    assert.equal(pairing.desk.name, 'Video desk');
    assert.deepEqual(readPairing(dataDir), pairing);
    const session = await lan.call('GET', '/api/desk/session', { credential: pairing.credential });
    assert.equal(session.status, 200, session.text);
    assert.equal((await lan.call('GET', '/api/f1/sync/bookings', { credential: pairing.credential })).status, 200);
    const log = await main.desk('GET', '/log?caller=paired');
    assert.equal(log.status, 200, log.text);
    assert.ok(
      log.body.entries.some((e: { caller_label: string }) => e.caller_label === 'Video desk'),
      log.text,
    );
    const listed = await main.desk('GET', '/desks');
    assert.deepEqual(
      listed.body.desks.map((d: { name: string; last_address: string | null }) => [d.name, d.last_address]),
      [['Video desk', '127.0.0.1']],
    );
    const stored = main.queryStore<{ credential_hash: string }>('SELECT credential_hash FROM paired_desks');
    assert.equal(stored.length, 1);
    assert.notEqual(stored[0]!.credential_hash, pairing.credential, 'hashed at rest');
    assert.match(stored[0]!.credential_hash, /^[0-9a-f]{64}$/);
  });

  test('a used code, an unknown code, a name taken: each refused in its own words, nothing written', async () => {
    const code = await newCode();
    await joinAtTestCost({ url: lanUrl, code, name: 'Reception 2', dataDir: joinerDir() });
    const usedDir = joinerDir();
    const used = await refusalOf(joinAtTestCost({ url: lanUrl, code, name: 'Manifest', dataDir: usedDir }));
    assert.equal(used.code, 'pairing_code_used');
    assert.match(used.message, /has paired a desk already/);
    assert.equal(existsSync(join(usedDir, PAIRING_FILE_NAME)), false);

    const parsed = parsePairingCode(await newCode());
    const unknown = `${parsed.check}-${parsed.codeId === 'ZZZZ' ? 'YYYY' : 'ZZZZ'}-${parsed.secret.slice(0, 4)}-${parsed.secret.slice(4)}`;
    assert.equal(
      (await refusalOf(joinAtTestCost({ url: lanUrl, code: unknown, name: 'X', dataDir: joinerDir() }))).code,
      'pairing_code_unknown',
    );

    const taken = await refusalOf(
      joinAtTestCost({ url: lanUrl, code: parsed.text, name: 'video DESK', dataDir: joinerDir() }),
    );
    assert.equal(taken.code, 'desk_name_taken');
  });

  test('an expired code is refused as expired', async () => {
    const code = await newCode();
    clock = new Date(clock.getTime() + 5 * 60_000 + 1);
    try {
      const expired = await refusalOf(joinAtTestCost({ url: lanUrl, code, name: 'Late desk', dataDir: joinerDir() }));
      assert.equal(expired.code, 'pairing_code_expired');
      assert.match(expired.message, /expired/);
    } finally {
      clock = new Date(TEST_NOW);
    }
  });

  test('wrong proofs are refused, and the third burns the code', async () => {
    const code = parsePairingCode(await newCode());
    const wrongSecret = `${code.secret.slice(0, 7)}${code.secret[7] === '0' ? '1' : '0'}`;
    const mistyped = `${code.check}${code.codeId}${wrongSecret}`;
    for (const left of ['2 more tries', '1 more try', 'no longer works']) {
      const wrong = await refusalOf(
        joinAtTestCost({ url: lanUrl, code: mistyped, name: 'Typo desk', dataDir: joinerDir() }),
      );
      assert.equal(wrong.code, 'pairing_proof_wrong');
      assert.match(wrong.message, new RegExp(left));
    }
    const burnt = await refusalOf(
      joinAtTestCost({ url: lanUrl, code: code.text, name: 'Typo desk', dataDir: joinerDir() }),
    );
    assert.equal(burnt.code, 'pairing_code_used', 'the right code no longer works either');
  });

  test('a code made for another certificate is refused before anything is sent', async () => {
    const real = parsePairingCode(await newCode());
    const strangersCheck = newPairingCode(
      '00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF',
    ).check;
    assert.notEqual(strangersCheck, real.check);
    const dataDir = joinerDir();
    const refused = await refusalOf(
      joinAtTestCost({ url: lanUrl, code: `${strangersCheck}${real.codeId}${real.secret}`, name: 'Z', dataDir }),
    );
    assert.match(refused.message, /^the certificate at https:\/\/127\.0\.0\.1:\d+ does not match the code: /);
    assert.equal(refused.code, null, 'not a refusal of the main desk');
    // Had the proof been sent, the main desk would have counted it against the real code.
    const kept = main.queryStore<{ wrong_proofs: number; used_at: string | null }>(
      'SELECT wrong_proofs, used_at FROM pairing_codes WHERE code_id = ?',
      real.codeId,
    );
    assert.deepEqual(kept, [{ wrong_proofs: 0, used_at: null }]);
    assert.equal(existsSync(join(dataDir, PAIRING_FILE_NAME)), false);
  });

  test('a proof made for another certificate (a relay’s) is refused', async () => {
    const code = parsePairingCode(await newCode());
    const relayFingerprint = `${fingerprint.slice(0, 6)}${fingerprint.slice(6).replace(/[0-9A-F]/g, (c) => (c === 'F' ? '0' : 'F'))}`;
    const proof = await pairingProof(code.secret, relayFingerprint, code.codeId, TEST_SCRYPT_COST);
    const answer = await lan.call('POST', '/api/desks/pair', { body: { code_id: code.codeId, proof, name: 'Relay' } });
    assert.equal(answer.status, 403, answer.text);
    assert.equal(answer.body.code, 'pairing_proof_wrong');
    assert.equal(answer.body.credential, undefined);
  });

  test('revoking ends the desk at once: its stream closes, its next call is 401 desk_revoked; it may pair anew', async () => {
    const dataDir = joinerDir();
    const pairing = await joinAtTestCost({ url: lanUrl, code: await newCode(), name: 'Doomed desk', dataDir });
    const stream = await lan.stream('/api/desk/changes', pairing.credential);
    assert.equal(stream.status, 200);
    const revoked = await main.admin('DELETE', `/desks/${pairing.desk.id}`);
    assert.equal(revoked.status, 204, revoked.text);
    await stream.ended;
    const next = await lan.call('GET', '/api/desk/session', { credential: pairing.credential });
    assert.equal(next.status, 401);
    assert.equal(next.body.code, 'desk_revoked');
    assert.equal(next.body.status, 'desk_revoked', "as the paired desk's link reads it");
    assert.match(next.body.error, /^This desk was removed from /);
    assert.equal((await lan.call('GET', '/api/f1/sync/bookings', { credential: pairing.credential })).status, 401);
    assert.equal((await main.admin('DELETE', `/desks/${pairing.desk.id}`)).status, 404);
    assert.ok(!(await main.desk('GET', '/desks')).body.desks.some((d: { name: string }) => d.name === 'Doomed desk'));

    // As its refusal says: pair anew with a new code; the data folder's pairing is replaced once that succeeds.
    const stale = parsePairingCode(await newCode());
    const refused = await refusalOf(
      joinAtTestCost({ url: lanUrl, code: `${stale.check}${stale.codeId}00000000`, name: 'Doomed desk', dataDir }),
    );
    assert.equal(refused.code, 'pairing_proof_wrong');
    assert.equal(
      readPairing(dataDir)?.credential,
      pairing.credential,
      'a refused join leaves the old pairing as it was',
    );
    const anew = await joinAtTestCost({ url: lanUrl, code: await newCode(), name: 'Doomed desk', dataDir });
    assert.deepEqual(readPairing(dataDir), anew);
    assert.equal((await lan.call('GET', '/api/desk/session', { credential: anew.credential })).status, 200);
  });

  test('npm run desks -- revoke beside the running desk: the stream ends within a sweep, the next call is refused', async () => {
    const pairing = await joinAtTestCost({
      url: lanUrl,
      code: await newCode(),
      name: 'Hangar desk',
      dataDir: joinerDir(),
    });
    const stream = await lan.stream('/api/desk/changes', pairing.credential);
    assert.equal(stream.status, 200);
    const listed = spawnSync(process.execPath, ['bin/dropzone-desk.mjs', 'desks', 'list', '--data-dir', main.dataDir], {
      encoding: 'utf8',
    });
    assert.equal(listed.status, 0, listed.stderr);
    assert.match(listed.stdout, /^Hangar desk\t127\.0\.0\.1\t/m);
    const cli = spawnSync(
      process.execPath,
      ['bin/dropzone-desk.mjs', 'desks', 'revoke', 'hangar desk', '--data-dir', main.dataDir],
      { encoding: 'utf8' },
    );
    assert.equal(cli.status, 0, cli.stderr);
    assert.match(cli.stdout, /Desk "Hangar desk" revoked/);
    await stream.ended;
    assert.equal(
      (await lan.call('GET', '/api/desk/session', { credential: pairing.credential })).body.code,
      'desk_revoked',
    );
    const again = spawnSync(
      process.execPath,
      ['bin/dropzone-desk.mjs', 'desks', 'revoke', 'Hangar desk', '--data-dir', main.dataDir],
      { encoding: 'utf8' },
    );
    assert.equal(again.status, 1);
    assert.match(again.stderr, /no paired desk named "Hangar desk"/);
  });

  test('npm run desks -- pair prints a code the running desk accepts', async () => {
    const cli = spawnSync(process.execPath, ['bin/dropzone-desk.mjs', 'desks', 'pair', '--data-dir', main.dataDir], {
      encoding: 'utf8',
    });
    assert.equal(cli.status, 0, cli.stderr);
    const code = /^Pairing code: (\S+)$/m.exec(cli.stdout)?.[1];
    assert.ok(code, cli.stdout);
    assert.match(cli.stdout, new RegExp(`SHA-256 ${fingerprint}`));
    // The CLI's clock is the real one; the test desk's is fixed in the past, where the code is fresh.
    // The CLI's code is made at the production cost: so is this join's proof.
    const pairing = await joinMainDesk({
      url: lanUrl,
      code,
      name: 'CLI desk',
      dataDir: joinerDir(),
      proofCost: PAIRING_PROOF_COST,
    });
    assert.equal(pairing.desk.name, 'CLI desk');
  });
});

describe('a paired desk pairs no desks of its own', () => {
  let main: TestDesk;
  let paired: TestDesk;
  before(async () => {
    main = await startTestDesk();
    paired = await startTestDesk({
      seed: null,
      deskOptions: {
        lan: { enabled: true, port: 0, address: '127.0.0.1' },
        mainDesk: { url: main.url, fingerprint: '', credential: main.sessionToken, name: 'Reception' },
      },
    });
  });
  after(async () => {
    await paired.dispose();
    await main.dispose();
  });

  test('its LAN listener stays off, and Settings → Desks there refuses to listen or to make a code', async () => {
    assert.equal(paired.lan.view().listening, false);
    assert.deepEqual(paired.lan.endpoints(), []);
    const listen = await paired.admin('PUT', '/desks/lan', { enabled: true });
    assert.equal(listen.status, 409, listen.text);
    assert.match(listen.body.error, /this desk is paired with Reception/);
    assert.equal((await paired.admin('POST', '/desks/pairing-codes')).status, 409);
    assert.equal(paired.lan.view().listening, false);
    assert.equal(main.queryStore('SELECT * FROM pairing_codes').length, 0, 'nothing passed on to the main desk');
  });
});
