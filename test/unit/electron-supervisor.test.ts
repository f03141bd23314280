import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ServerSupervisor, type CrashReport } from '../../electron/shell/server-supervisor';
import { ScriptedChild } from '../support/scripted-server';

/**
 * The supervisor's rules with scripted children (its decisions, not a server, are under test
 * here; electron-shell.test.ts runs it with the real server process).
 */
function supervise(behaviour: ScriptedChild['behaviour'], options = {}) {
  const children: ScriptedChild[] = [];
  const crashes: CrashReport[] = [];
  const failures: string[] = [];
  let starts = 0;
  const supervisor = new ServerSupervisor(
    () => {
      const child = new ScriptedChild(behaviour);
      children.push(child);
      return child;
    },
    () => ({ type: 'start', dataDir: '/d', sessionToken: `dzd_${++starts}` }),
    {
      ready: () => undefined,
      crashed: (report) => crashes.push(report),
      failed: (error) => failures.push(error),
      secretWrite: () => undefined,
      log: () => undefined,
    },
    { maxCrashes: 2, crashWindowMs: 60_000, stopTimeoutMs: 100, readyTimeoutMs: 1000, ...options },
  );
  return { supervisor, children, crashes, failures };
}

describe('the server supervisor', () => {
  test('hands out the URL once ready', async () => {
    const { supervisor, children } = supervise('ready');
    supervisor.start();
    assert.match((await supervisor.url())!, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(children[0]!.received[0]!.type, 'start');
  });

  test('restarts after a crash, then gives up on a crash loop', async () => {
    const { supervisor, children, crashes } = supervise('ready');
    supervisor.start();
    await supervisor.url();
    children[0]!.exit(139);
    assert.deepEqual(crashes.at(-1), { code: 139, restarting: true, crashesInWindow: 1 });
    assert.ok(await supervisor.url());
    children[1]!.exit(139);
    assert.equal(crashes.at(-1)!.restarting, true);
    await supervisor.url();
    children[2]!.exit(139);
    assert.deepEqual(crashes.at(-1), { code: 139, restarting: false, crashesInWindow: 3 });
    assert.equal(children.length, 3);
    assert.equal(supervisor.status, 'failed');
    assert.equal(await supervisor.url(), null);
  });

  test('a start that fails is not retried', async () => {
    const { supervisor, children, failures, crashes } = supervise('fail');
    supervisor.start();
    assert.equal(await supervisor.url(), null);
    assert.deepEqual(failures, ['the store is from a newer version']);
    assert.equal(children.length, 1);
    assert.equal(children[0]!.killed, true);
    assert.deepEqual(crashes, []);
  });

  test('stop asks first, and kills a server that does not finish in time; no restart follows', async () => {
    const polite = supervise('ready');
    polite.supervisor.start();
    await polite.supervisor.url();
    await polite.supervisor.stop();
    assert.equal(polite.children[0]!.received.at(-1)!.type, 'stop');
    assert.equal(polite.children[0]!.killed, false);
    assert.equal(polite.supervisor.status, 'stopped');

    const stuck = supervise('hang-on-stop');
    stuck.supervisor.start();
    await stuck.supervisor.url();
    await stuck.supervisor.stop();
    assert.equal(stuck.children[0]!.killed, true);
    assert.equal(stuck.children.length, 1);
    assert.deepEqual(stuck.crashes, []);
  });

  test('a restart the server asks for (it joined a main desk): stopped cleanly, started again, no crash told; the page waits meanwhile', async () => {
    const { supervisor, children, crashes } = supervise('ready');
    supervisor.start();
    const first = await supervisor.url();
    children[0]!.say({ type: 'restart' });
    assert.equal(supervisor.status, 'restarting');
    // A call of the page during the restart waits for the new server rather than failing.
    const during = supervisor.url();
    const second = await during;
    assert.ok(second, 'the new server');
    assert.notEqual(second, first);
    assert.equal(children.length, 2);
    assert.equal(children[0]!.received.at(-1)!.type, 'stop');
    assert.equal(children[0]!.killed, false, 'asked to stop, not killed');
    assert.equal(children[1]!.received[0]!.type, 'start');
    assert.deepEqual(crashes, []);
    assert.equal(supervisor.status, 'ready');
  });

  test('a quit during an asked-for restart starts nothing again', async () => {
    const { supervisor, children } = supervise('hang-on-stop', { stopTimeoutMs: 50 });
    supervisor.start();
    await supervisor.url();
    children[0]!.say({ type: 'restart' });
    await supervisor.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(children.length, 1);
    assert.equal(supervisor.status, 'stopped');
  });
});
