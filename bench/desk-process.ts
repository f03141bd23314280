/**
 * A desk in a process of its own for the bench's load figures (bench/scale.ts): the clients that
 * load it then run in the bench's process, as a booking system and the desk UI would, instead of
 * sharing the server's one thread. Usage: node --import tsx bench/desk-process.ts DATA_DIR READER_THREADS
 * Prints `READY <url> <token>` once its reader threads have started; stops on SIGTERM.
 */
import { startDesk } from '../electron/start';

const [dataDir, threads] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: desk-process.ts DATA_DIR [READER_THREADS]');
const desk = await startDesk({
  dataDir,
  port: 0,
  logErrors: false,
  backups: false,
  readerThreads: threads === undefined ? undefined : Number(threads),
});
await desk.readersStarted();
process.stdout.write(`READY ${desk.url} ${desk.sessionToken}\n`);
process.once('SIGTERM', () => {
  void desk.close().then(() => process.exit(0));
});
