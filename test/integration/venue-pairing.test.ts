import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PAIRING_FILE_NAME, readPairing } from '../../electron/desks/pairing-file';
import { parsePairingCode } from '../../electron/desks/pairing-code';
import { BASE_SEED, TEST_TOKEN } from '../support/seed';
import { NetemUnavailable, openVenue, type Venue, type VenueProcess } from '../support/venue-netns';
import { bundledScript } from '../support/bundled-script';
import { waitFor } from '../support/wait-for';

/**
 * A venue in network namespaces: the main desk in one, a desk that pairs in another, a machine in
 * the middle in a third, a booking system in a fourth. Real processes (`dropzone-desk serve`,
 * `dropzone-desk desks`), real TLS across a real bridge.
 */
const NODE = process.execPath;
const CLI = 'bin/dropzone-desk.mjs';
const LAN_PORT = 4781;

const venue = openVenue(['main', 'desk', 'relay', 'booking']);
const skip = 'skip' in venue ? venue.skip : false;

describe('a venue on network namespaces: pairing with the main desk over the LAN', { skip }, () => {
  const v = venue as Venue;
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  let mainDir: string;
  let main: VenueProcess;
  let lanUrl: string;
  let fingerprint: string;

  const pairingCode = (): string => {
    const result = v.run('main', NODE, [CLI, 'desks', 'pair', '--data-dir', mainDir]);
    assert.equal(result.status, 0, result.stderr);
    const code = /^Pairing code: (\S+)$/m.exec(result.stdout)?.[1];
    assert.ok(code, result.stdout);
    return code;
  };
  /** `serve --join` from the desk's namespace: its exit code and its output (one line on a refusal). */
  const join_ = async (code: string, url = lanUrl, name = 'Video desk') => {
    const dataDir = tempDir('venue-desk-');
    const serve = v.spawn('desk', NODE, [
      CLI,
      'serve',
      '--no-ui-build',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--join',
      url,
      '--code',
      code,
      '--name',
      name,
    ]);
    const outcome = await Promise.race([
      serve.exited.then((status) => ({ status })),
      waitFor(() => /Desk: +http:\/\/127\.0\.0\.1:\d+/.test(serve.output()), 'the paired desk to serve', {
        timeoutMs: 60_000,
      }).then(() => ({ status: 'serving' as const })),
    ]);
    if (outcome.status === 'serving') await serve.stop();
    return { ...outcome, output: serve.output(), dataDir };
  };
  /** Calls made from a namespace's own process, pinned to the main desk's certificate. */
  const callsFrom = (host: string, calls: object[]): { status?: number; code?: string | null; error?: string }[] => {
    const result = v.run(host, NODE, [
      bundledScript('test/support/netns-lan-calls.ts'),
      lanUrl,
      fingerprint,
      JSON.stringify(calls),
    ]);
    assert.equal(result.status, 0, result.stderr);
    return JSON.parse(result.stdout.trim().split('\n').at(-1) as string);
  };
  const storeRows = <T>(sql: string, ...params: unknown[]): T[] => {
    const db = new Database(join(mainDir, 'desk.sqlite3'), { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  };

  /** The main desk's `serve --lan`, in its namespace; resolves with its LAN line's URL and fingerprint. */
  const startMain = async (seed: boolean): Promise<[string, string]> => {
    main = v.spawn('main', NODE, [
      CLI,
      'serve',
      '--no-ui-build',
      '--port',
      '0',
      '--data-dir',
      mainDir,
      ...(seed ? ['--seed', join(mainDir, 'seed.json')] : []),
      '--lan',
      '--lan-port',
      String(LAN_PORT),
    ]);
    const line = await waitFor(
      () => {
        if (main.child.exitCode !== null) throw new Error(`the main desk exited:\n${main.output()}`);
        return /^LAN: (https:\/\/10\.77\.0\.10:\d+) {2}\(certificate SHA-256 ([0-9A-F:]+)\)$/m.exec(main.output());
      },
      () => `the main desk's LAN line:\n${main.output()}`,
      { timeoutMs: 60_000 },
    );
    return [line[1] as string, line[2] as string];
  };

  before(async () => {
    mainDir = tempDir('venue-main-');
    writeFileSync(join(mainDir, 'seed.json'), JSON.stringify(BASE_SEED));
    [lanUrl, fingerprint] = await startMain(true);
  });
  after(async () => {
    await main?.stop();
    v.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('the main desk prints its LAN address with its certificate, and nothing there answers without a credential', () => {
    assert.equal(lanUrl, `https://10.77.0.10:${LAN_PORT}`);
    const results = callsFrom('booking', [
      { path: '/api/desk/session' },
      { path: '/api/desk/changes' },
      { path: '/' },
      { path: '/assets/index.js' },
      { path: '/api/f1/sync/bookings' },
      { path: '/api/f1/sync/bookings', credential: 'not-a-token' },
      { path: '/api/f1/sync/bookings', credential: TEST_TOKEN },
      { path: '/api/desk/session', credential: TEST_TOKEN },
    ]);
    assert.deepEqual(results.slice(0, 6), [
      { status: 401, code: 'lan_credential_required' },
      { status: 401, code: 'lan_credential_required' },
      { status: 401, code: 'lan_credential_required' },
      { status: 401, code: 'lan_credential_required' },
      { status: 401, code: 'lan_credential_required' },
      { status: 401, code: 'lan_credential_required' },
    ]);
    assert.equal(results[6]?.status, 200, 'the booking system syncs over HTTPS with its API token');
    assert.equal(results[7]?.status, 403, 'an API token opens the Sync API only');
  });

  test('the harness cuts a host off and puts it back', () => {
    const health = [{ path: '/api/desk/health' }];
    v.cut('booking');
    try {
      const [cutOff] = callsFrom('booking', health);
      assert.ok(cutOff?.error, `a cut-off host reaches nothing: ${JSON.stringify(cutOff)}`);
    } finally {
      v.heal('booking');
    }
    assert.deepEqual(callsFrom('booking', health), [{ status: 401, code: 'lan_credential_required' }]);
  });

  test("the harness slows a host's link: 300 ms on what it sends, and 5 % of its packets lost", async (t) => {
    let how: string;
    try {
      how = await v.slowWifi('booking', {
        delayMs: 300,
        lossPercent: 5,
        to: [{ address: '10.77.0.10', port: LAN_PORT }],
      });
    } catch (error) {
      if (error instanceof NetemUnavailable) return t.skip(error.message);
      throw error;
    }
    t.diagnostic(`slowed with ${how}`);
    try {
      const [slow] = callsFrom('booking', [{ path: '/api/desk/health', timed: true }]) as { ms?: number }[];
      // A connection, a TLS handshake and a request: at least two trips out, each 300 ms later now.
      assert.ok((slow?.ms ?? 0) >= 600, `the link is slow: ${JSON.stringify(slow)}`);
    } finally {
      v.fastWifi('booking');
    }
    const [fast] = callsFrom('booking', [{ path: '/api/desk/health', timed: true }]) as { ms?: number }[];
    assert.ok((fast?.ms ?? Infinity) < 600, `fast again: ${JSON.stringify(fast)}`);
  });

  test("the desk's loopback HTTP is not on the venue's network", () => {
    const loopbackPort = /Desk: +http:\/\/127\.0\.0\.1:(\d+)/.exec(main.output())?.[1];
    assert.ok(loopbackPort);
    const [plain, toLoopbackPort] = callsFrom('desk', [
      { path: '/api/desk/health', scheme: 'http' },
      { path: '/api/desk/health', base: `http://10.77.0.10:${loopbackPort}` },
    ]);
    assert.equal(plain?.status, undefined, `plain HTTP to the LAN port gets no HTTP answer: ${JSON.stringify(plain)}`);
    assert.equal(toLoopbackPort?.error, 'ECONNREFUSED');
  });

  test('plain HTTP off loopback is refused with one line that names --lan, and nothing listens', async () => {
    for (const host of ['10.77.0.10', '0.0.0.0', '::']) {
      const serve = v.spawn('main', NODE, [
        CLI,
        'serve',
        '--no-ui-build',
        '--port',
        '4790',
        '--host',
        host,
        '--data-dir',
        tempDir('venue-plain-'),
      ]);
      assert.equal(await serve.exited, 1, serve.output());
      const lines = serve.output().trim().split('\n');
      assert.equal(lines.length, 1, serve.output());
      assert.match(lines[0] as string, /plain HTTP is for loopback only.*--lan/);
    }
    const [tried] = callsFrom('desk', [{ path: '/api/desk/health', base: 'http://10.77.0.10:4790' }]);
    assert.equal(tried?.error, 'ECONNREFUSED');
  });

  test('a machine in the middle that terminates TLS, given a real code, gets no pairing and no credential', async () => {
    const relay = v.spawn('relay', NODE, [
      bundledScript('test/support/tls-relay.ts'),
      '10.77.0.12',
      String(LAN_PORT),
      '10.77.0.10',
      String(LAN_PORT),
    ]);
    try {
      await waitFor(
        () => relay.output().includes('relay listening'),
        () => `the relay:\n${relay.output()}`,
        {
          timeoutMs: 60_000,
        },
      );
      const code = pairingCode();
      const through = await join_(code, `https://10.77.0.12:${LAN_PORT}`);
      assert.equal(through.status, 1, through.output);
      assert.match(
        through.output,
        /^dropzone-desk serve: the certificate at https:\/\/10\.77\.0\.12:4781 does not match the code: .*Nothing was sent/m,
      );
      assert.equal(existsSync(join(through.dataDir, PAIRING_FILE_NAME)), false, 'nothing written at the desk');
      const { codeId } = parsePairingCode(code);
      assert.deepEqual(storeRows('SELECT wrong_proofs, used_at FROM pairing_codes WHERE code_id = ?', codeId), [
        { wrong_proofs: 0, used_at: null },
      ]);
      assert.deepEqual(storeRows('SELECT name FROM paired_desks'), [], 'nothing paired at the main desk');
      // The code was never sent anywhere: straight to the main desk, it still pairs.
      const direct = await join_(code, lanUrl, 'After the relay');
      assert.equal(direct.status, 'serving', direct.output);
    } finally {
      await relay.stop();
    }
  });

  test('the right code pairs from another namespace; used, wrong and expired codes are refused in one line each', async () => {
    const code = pairingCode();
    const paired = await join_(code);
    assert.equal(paired.status, 'serving', paired.output);
    assert.match(
      paired.output,
      new RegExp(`^Paired with .+ at ${lanUrl} \\(certificate SHA-256 ${fingerprint}\\) as "Video desk"$`, 'm'),
    );
    const pairing = readPairing(paired.dataDir);
    assert.ok(pairing);
    assert.equal(pairing.fingerprint, fingerprint);

    const refusedLine = (output: string) => {
      const lines = output.trim().split('\n');
      assert.equal(lines.length, 1, output);
      return lines[0] as string;
    };
    const used = await join_(code, lanUrl, 'Manifest');
    assert.equal(used.status, 1);
    assert.match(refusedLine(used.output), /refused the pairing \(pairing_code_used\)/);

    const fresh = parsePairingCode(pairingCode());
    const wrong = await join_(
      `${fresh.check}${fresh.codeId}${fresh.secret.slice(0, 7)}${fresh.secret[7] === '0' ? '1' : '0'}`,
      lanUrl,
      'Manifest',
    );
    assert.equal(wrong.status, 1);
    assert.match(refusedLine(wrong.output), /\(pairing_proof_wrong\)/);

    const expiring = parsePairingCode(pairingCode());
    const db = new Database(join(mainDir, 'desk.sqlite3'));
    db.prepare('UPDATE pairing_codes SET expires_at = ? WHERE code_id = ?').run(
      '2020-01-01T00:00:00.000Z',
      expiring.codeId,
    );
    db.close();
    const expired = await join_(expiring.text, lanUrl, 'Manifest');
    assert.equal(expired.status, 1);
    assert.match(refusedLine(expired.output), /\(pairing_code_expired\)/);
    for (const refused of [used, wrong, expired])
      assert.equal(existsSync(join(refused.dataDir, PAIRING_FILE_NAME)), false);
    assert.deepEqual(
      storeRows<{ name: string }>('SELECT name FROM paired_desks ORDER BY id').map((r) => r.name),
      ['After the relay', 'Video desk'],
    );

    const [session, sync, stream] = callsFrom('desk', [
      { path: '/api/desk/session', credential: pairing.credential },
      { path: '/api/f1/sync/bookings', credential: pairing.credential },
      { path: '/api/desk/changes/status', credential: pairing.credential },
    ]);
    assert.equal(session?.status, 200);
    assert.equal(sync?.status, 200);
    assert.equal(stream?.status, 200);

    // The next start needs no flag: the data folder remembers the pairing, and the desk follows its main desk.
    const again = v.spawn('desk', NODE, [CLI, 'serve', '--no-ui-build', '--port', '0', '--data-dir', paired.dataDir]);
    try {
      const desk = await waitFor(
        () => {
          if (again.child.exitCode !== null) throw new Error(`the paired desk exited:\n${again.output()}`);
          return /Desk: +(http:\/\/127\.0\.0\.1:\d+)\/\?token=(\S+)/.exec(again.output());
        },
        () => `the paired desk's Desk line:\n${again.output()}`,
        { timeoutMs: 60_000 },
      );
      assert.match(again.output(), new RegExp(`^Paired: +"Video desk" of .+ at ${lanUrl} `, 'm'));
      /** The paired desk's own session, asked on its loopback: what it says of its main desk. */
      const mainDeskSeen = (state: string) =>
        waitFor(
          () => {
            const [answer] = callsFrom('desk', [
              { path: '/api/desk/session', base: desk[1], credential: desk[2], body: true },
            ]) as { body?: { main_desk?: { state: string; url: string; detail: string | null } | null } }[];
            return answer?.body?.main_desk?.state === state && answer.body.main_desk;
          },
          `the paired desk to say its main desk is ${state}`,
          { timeoutMs: 60_000, intervalMs: 1_000 },
        );
      assert.equal((await mainDeskSeen('answering')).url, lanUrl);

      // A restart of the main desk: the same certificate, the same port, the pairing still good.
      assert.equal(await main.stop(), 0, main.output());
      assert.deepEqual(await startMain(false), [lanUrl, fingerprint]);
      assert.equal(callsFrom('desk', [{ path: '/api/desk/session', credential: pairing.credential }])[0]?.status, 200);
      await mainDeskSeen('answering');

      // Revoked beside the running main desk: the credential is refused, and the paired desk says it was removed.
      const revoke = v.run('main', NODE, [CLI, 'desks', 'revoke', 'Video desk', '--data-dir', mainDir]);
      assert.equal(revoke.status, 0, revoke.stderr);
      const [afterRevoke] = callsFrom('desk', [{ path: '/api/desk/session', credential: pairing.credential }]);
      assert.deepEqual(afterRevoke, { status: 401, code: 'desk_revoked' });
      assert.match((await mainDeskSeen('removed')).detail ?? '', /^This desk was removed from /);
    } finally {
      await again.stop();
    }
  });
});
