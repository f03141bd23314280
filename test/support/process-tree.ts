import { readFileSync, readdirSync } from 'node:fs';

/** Linux only: what /proc says of a process (state letter and parent), or undefined once it is gone. */
function stat(pid: number): { state: string; ppid: number } | undefined {
  try {
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read from the last ')'.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

/** Every process below `pid` (children, their children…), read from /proc. */
export function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = stat(Number(entry));
    if (info) parentOf.set(Number(entry), info.ppid);
  }
  const found: number[] = [];
  let frontier = [pid];
  while (frontier.length > 0) {
    frontier = [...parentOf].filter(([, parent]) => frontier.includes(parent)).map(([child]) => child);
    found.push(...frontier);
  }
  return found;
}

/** Running, as opposed to gone or a zombie nobody has reaped yet (it holds no port and no file). */
export function isRunning(pid: number): boolean {
  const info = stat(pid);
  return info !== undefined && info.state !== 'Z' && info.state !== 'X';
}
