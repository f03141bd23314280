import { readSource, type ReadResult, type SourceInput } from './read-source';

/** The worker's side of the message channel (the project's TypeScript lib is the page's DOM, not WebWorker). */
const scope = self as unknown as { onmessage: ((event: MessageEvent<SourceInput>) => void) | null; postMessage(result: ReadResult): void };

/** Reads a file off the page's thread: a 50,000-row file parses without freezing the wizard. */
scope.onmessage = (event) => {
  try {
    scope.postMessage(readSource(event.data));
  } catch (error) {
    scope.postMessage({ ok: false, reason: `The file could not be read: ${(error as Error).message}` });
  }
};
