import { parentPort, workerData } from 'node:worker_threads';
import { Store } from '../store/store';
import { runRead, transferredWith, type ReadRequest } from './read-ops';
import { lowerThisThreadsPriority } from './thread-priority';

/**
 * One reader thread (ReadPool starts them): a read-only connection of its own, one request at a
 * time. Requests come as { id, request }; answers go back as { id, answer } or { id, error }.
 * { close: true } closes the connection and lets the thread end.
 */
export interface WorkerData {
  file: string;
}

type Message = { id: number; request: ReadRequest } | { close: true };

const port = parentPort;
if (!port) throw new Error('read-worker runs as a worker thread (electron/readers/read-pool.ts starts it)');
/**
 * The server's thread answers every request and makes every write; the reader threads only run
 * lists. On two cores they and the server's thread contend, and the server's thread should win:
 * at nice 3, under the bench's 50-client mixed load, the writes' and shows' p99 came down by
 * 15–40 ms and the lists' went up by about 20 (docs/performance.md). At 10 the lists starved
 * (p99 390 ms).
 */
const READER_NICE = 3;
lowerThisThreadsPriority(READER_NICE);
const store = Store.openReader((workerData as WorkerData).file);
port.on('message', (message: Message) => {
  if ('close' in message) {
    store.close();
    port.close();
    return;
  }
  try {
    const answer = runRead(store, message.request);
    port.postMessage({ id: message.id, answer }, transferredWith(answer));
  } catch (error) {
    port.postMessage({
      id: message.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
port.postMessage({ ready: true });
