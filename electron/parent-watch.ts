/**
 * Calls `stop` once the process that started this one has exited (this one is then re-parented,
 * so process.ppid changes). For a server behind `npm run serve`: npm forwards SIGTERM and SIGINT
 * to its child, which is `sh -c`, and where sh does not exec its one command (dash, Debian's sh)
 * the shell dies of the signal and the server would go on holding its port and store. The check
 * is a few reads of a number per second; the timer never keeps the process alive by itself.
 * (On Windows process.ppid never changes: there a signal reaches no script anyway.)
 */
export function stopWhenParentExits(stop: () => void, intervalMs = 200): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
