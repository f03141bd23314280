import { readSource, type ReadResult, type SourceInput } from './read-source';
import type { WorkerMessage } from './worker-messages';

/**
 * Runs readSource in a Web Worker (one per read, ended after), so parsing a large file never
 * blocks the page. Where workers are unavailable it reads on the page instead: slower, still right.
 */
export function readInWorker(input: SourceInput): Promise<ReadResult> {
  if (typeof Worker === 'undefined') return Promise.resolve(readSource(input));
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' });
    const rows: string[][] = [];
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.type === 'rows') {
        for (const row of JSON.parse(message.json) as string[][]) rows.push(row);
        return;
      }
      worker.terminate();
      const { result } = message;
      resolve(result.ok ? { ok: true, source: { ...result.source, table: { ...result.source.table, rows } } } : result);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      resolve({ ok: false, reason: `The file could not be read: ${event.message || 'the reader stopped'}` });
    };
    // The bytes move to the worker rather than being copied.
    worker.postMessage(input, input.kind === 'file' ? [input.bytes] : []);
  });
}
