import assert from 'node:assert/strict';
import { getPriority } from 'node:os';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { thisThreadsId } from '../../electron/readers/thread-priority';

/**
 * lowerThisThreadsPriority (electron/readers/thread-priority.ts), as a reader thread calls it: the
 * calling thread's nice value goes up, and the process's other threads (the server's) keep theirs.
 */

const linux = process.platform === 'linux';

test(
  'a thread lowers its own priority, and only its own',
  { skip: linux ? false : 'per-thread nice values are Linux only (elsewhere the call changes nothing)' },
  async () => {
    const before = getPriority(process.pid);
    const source = `
      const { parentPort } = require('node:worker_threads');
      const { getPriority } = require('node:os');
      // The worker inherits the test's --import tsx, so the TypeScript module loads as it is.
      import(${JSON.stringify(new URL('../../electron/readers/thread-priority.ts', import.meta.url).href)}).then(
        ({ lowerThisThreadsPriority, thisThreadsId }) => {
          const changed = lowerThisThreadsPriority(getPriority(0) + 3);
          const tid = thisThreadsId();
          parentPort.postMessage({ changed, tid, nice: getPriority(tid) });
        },
      );
    `;
    const worker = new Worker(source, { eval: true });
    const answer = await new Promise<{ changed: boolean; tid: number; nice: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    assert.equal(answer.changed, true);
    assert.notEqual(answer.tid, thisThreadsId(), 'a thread of its own');
    assert.equal(answer.nice, Math.min(before + 3, 19), 'the worker thread runs at the nice value it asked for');
    assert.equal(getPriority(process.pid), before, "the process's main thread keeps its own");
  },
);
