import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { FIRST_RUN_QUESTION_FILE } from '../../electron/desks/first-run';
import { PAIRING_CREDENTIAL_FILE_NAME, PAIRING_FILE_NAME, readPairing } from '../../electron/desks/pairing-file';
import { startTestDesk, type TestDesk } from '../support/desk';
import { LanClient } from '../support/lan-client';
import { TEST_NOW } from '../support/seed';
import { waitFor } from '../support/wait-for';

/**
 * The desktop app's first run (docs/desks.md): a new store asks "Start as the main desk, or join
 * one?" in the window (session.first_run), answered once by POST /api/desk/first-run. Joining pairs
 * with a real main desk (its LAN listener on loopback) and asks the shell to start the desk again.
 */
describe("the desktop app's first run: main desk, or join one?", () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-first-run-'));
    dirs.push(dir);
    return dir;
  };
  let main: TestDesk;
  let lanUrl: string;
  const newCode = async (): Promise<string> => {
    const answer = await main.admin('POST', '/desks/pairing-codes');
    assert.equal(answer.status, 201, answer.text);
    return answer.body.code as string;
  };
  /** A desk as the app starts it: with the question, on a data folder of its own; `restarts` counts the shell's restarts asked for. */
  const appDesk = async (dataDir?: string) => {
    const restarts = { count: 0 };
    const desk = await startTestDesk({
      dataDir: dataDir ?? newDir(),
      // A store started again keeps what it holds: the seed loads into a new one only.
      ...(dataDir ? { seed: null } : {}),
      deskOptions: { firstRun: { restart: () => restarts.count++ } },
    });
    return { desk, restarts, dataDir: desk.dataDir };
  };

  before(async () => {
    main = await startTestDesk({
      deskOptions: { now: () => new Date(TEST_NOW), lan: { enabled: true, port: 0, address: '127.0.0.1' } },
    });
    lanUrl = main.lan.endpoints()[0]!.url;
  });
  after(async () => {
    await main.dispose();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('a new store asks; "main desk" answers it for good, and the question is not asked again', async () => {
    const { desk, dataDir } = await appDesk();
    try {
      assert.equal((await desk.desk('GET', '/session')).body.first_run, true);
      const answer = await desk.desk('POST', '/first-run', { role: 'main' });
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(answer.body, { role: 'main', main_name: null, restarting: false });
      assert.equal((await desk.desk('GET', '/session')).body.first_run, false);
      const again = await desk.desk('POST', '/first-run', { role: 'main' });
      assert.equal(again.status, 409);
      assert.match(again.body.error, /set up already/);
      assert.equal(existsSync(join(dataDir, FIRST_RUN_QUESTION_FILE)), false);
    } finally {
      await desk.close();
    }
    // The next start of the same store: no question.
    const next = await appDesk(dataDir);
    try {
      assert.equal((await next.desk.desk('GET', '/session')).body.first_run, false);
    } finally {
      await next.desk.close();
    }
  });

  test('unanswered, the question is still there at the next start', async () => {
    const first = await appDesk();
    await first.desk.close();
    const next = await appDesk(first.dataDir);
    try {
      assert.equal((await next.desk.desk('GET', '/session')).body.first_run, true);
    } finally {
      await next.desk.close();
    }
  });

  test('a wrong or used code, or no main desk there: one line that says which; nothing kept, the question stays', async () => {
    const { desk, dataDir, restarts } = await appDesk();
    try {
      const wrong = await desk.desk('POST', '/first-run', {
        role: 'join',
        url: lanUrl,
        code: 'ABCD-EFGH-JKMN-PQRS',
        name: 'Video desk',
      });
      assert.equal(wrong.status, 422, wrong.text);
      assert.match(wrong.body.error, /code|certificate/i);

      const code = await newCode();
      const used = await startTestDesk({ dataDir: newDir(), deskOptions: { firstRun: { restart: () => undefined } } });
      try {
        const ok = await used.desk('POST', '/first-run', { role: 'join', url: lanUrl, code, name: 'Manifest' });
        assert.equal(ok.status, 200, ok.text);
      } finally {
        await used.close();
      }
      const again = await desk.desk('POST', '/first-run', { role: 'join', url: lanUrl, code, name: 'Video desk' });
      assert.equal(again.status, 422, again.text);
      assert.equal(again.body.code, 'pairing_code_used');

      const nobody = await desk.desk('POST', '/first-run', {
        role: 'join',
        url: 'https://127.0.0.1:1',
        code: await newCode(),
        name: 'Video desk',
      });
      assert.equal(nobody.status, 422, nobody.text);
      assert.match(nobody.body.error, /cannot be reached|does not answer/);

      const malformed = await desk.desk('POST', '/first-run', { role: 'join', url: 'http://x', code: '', name: '' });
      assert.equal(malformed.status, 422);
      assert.ok(
        malformed.body.fields?.url && malformed.body.fields?.code && malformed.body.fields?.name,
        malformed.text,
      );

      for (const file of [PAIRING_FILE_NAME, PAIRING_CREDENTIAL_FILE_NAME])
        assert.equal(existsSync(join(dataDir, file)), false, `${file} was kept`);
      assert.equal((await desk.desk('GET', '/session')).body.first_run, true);
      assert.equal(restarts.count, 0);
    } finally {
      await desk.close();
    }
  });

  test('the right code pairs: the main desk lists the desk, the pairing is kept, the shell is asked to restart once the answer is out', async () => {
    const { desk, dataDir, restarts } = await appDesk();
    try {
      const answer = await desk.desk('POST', '/first-run', {
        role: 'join',
        url: lanUrl,
        code: await newCode(),
        name: 'Video desk',
      });
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.body.role, 'join');
      assert.equal(answer.body.restarting, true);
      assert.equal(answer.body.main_name, main.lan.mainName());
      await waitFor(() => restarts.count === 1, 'the restart to be asked for');
      const pairing = readPairing(dataDir);
      assert.equal(pairing?.url, lanUrl);
      assert.equal(pairing?.desk.name, 'Video desk');
      const listed = (await main.desk('GET', '/desks')).body.desks.map((d: { name: string }) => d.name);
      assert.ok(listed.includes('Video desk'), JSON.stringify(listed));
      assert.equal((await desk.desk('GET', '/session')).body.first_run, false);
      // A credential from that pairing opens the main desk on the LAN.
      const lan = new LanClient(lanUrl, main.lan.view().fingerprint!);
      try {
        assert.equal((await lan.call('GET', '/api/desk/session', { credential: pairing!.credential })).status, 200);
      } finally {
        await lan.close();
      }
    } finally {
      await desk.close();
    }
  });

  test('npm run serve and the tests ask nothing; the LAN never reaches the question', async () => {
    const plain = await startTestDesk({ dataDir: newDir() });
    try {
      assert.equal((await plain.desk('GET', '/session')).body.first_run, false);
      const answer = await plain.desk('POST', '/first-run', { role: 'main' });
      assert.equal(answer.status, 409);
    } finally {
      await plain.dispose();
    }
  });
});
