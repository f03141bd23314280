import type { ReadResult, SourceInput } from './read-source';
import { readSource } from './read-source';
import { ROWS_PER_MESSAGE, type WorkerMessage } from './worker-messages';

/** The worker's side of the message channel (the project's TypeScript lib is the page's DOM, not WebWorker). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SourceInput>) => void) | null;
  postMessage(message: WorkerMessage): void;
};

/**
 * Reads a file off the page's thread, so a 50,000-row file parses without freezing the wizard.
 * The rows go back in slices: the page unpacks each slice in a task of its own, where one
 * message with every row would hold the page for as long as it takes to copy them all.
 */
scope.onmessage = (event) => {
  let result: ReadResult;
  try {
    result = readSource(event.data);
  } catch (error) {
    result = { ok: false, reason: `The file could not be read: ${(error as Error).message}` };
  }
  if (!result.ok) {
    scope.postMessage({ type: 'done', result });
    return;
  }
  const { rows } = result.source.table;
  for (let i = 0; i < rows.length; i += ROWS_PER_MESSAGE)
    scope.postMessage({ type: 'rows', json: JSON.stringify(rows.slice(i, i + ROWS_PER_MESSAGE)) });
  scope.postMessage({
    type: 'done',
    result: { ok: true, source: { ...result.source, table: { ...result.source.table, rows: [] } } },
  });
};
