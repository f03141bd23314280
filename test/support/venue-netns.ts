import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * A venue's network in Linux network namespaces (DESIGN §3d): a bridge, and per desk (or booking
 * system, or machine in the middle) a namespace on it with a veth pair and an address 10.77.0.x/24.
 * The bridge has no address in the host's namespace, so the venue reaches nothing outside itself
 * and two venues (two test runs) side by side never see each other. Needs root; where namespaces
 * cannot be made, `openVenue` says why and the test skips with that reason. It never fakes.
 */

export const VENUE_SUBNET = '10.77.0';

/** `tc netem` cannot shape a link here (a kernel without sch_netem): a test skips with this reason. */
export class NetemUnavailable extends Error {
  override name = 'NetemUnavailable';
}

export interface VenueHost {
  /** The namespace's name (for `ip netns exec`). */
  ns: string;
  /** Its address on the venue's bridge. */
  address: string;
  /** The veth end in the host's namespace, on the bridge (to cut this host off: ip link set … down). */
  hostSide: string;
  /** The veth end inside the namespace (where `tc netem` shapes what the host sends). */
  inside: string;
}

export interface Venue {
  hosts: Record<string, VenueHost>;
  /** A process in a host's namespace; its output is collected. */
  spawn(host: string, command: string, args: string[], env?: NodeJS.ProcessEnv): VenueProcess;
  /** Runs a command in a host's namespace to its end. */
  run(host: string, command: string, args: string[]): { status: number | null; stdout: string; stderr: string };
  /** Cuts a host off the venue (its cable pulled: no reset, only silence), or puts it back. */
  cut(host: string): void;
  heal(host: string): void;
  /** A slow or lossy link for what a host sends (`tc netem` arguments, e.g. ['delay', '300ms', 'loss', '5%']); [] removes it. */
  netem(host: string, args: readonly string[]): void;
  /** Deletes the namespaces and the bridge (their veths go with them). Safe to call twice. */
  close(): void;
}

export interface VenueProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

function ip(args: string[]): { ok: boolean; error: string } {
  const result = spawnSync('ip', args, { encoding: 'utf8' });
  if (result.error) return { ok: false, error: result.error.message };
  return { ok: result.status === 0, error: (result.stderr || result.stdout).trim() };
}

function must(args: string[]): void {
  const result = ip(args);
  if (!result.ok) throw new Error(`ip ${args.join(' ')}: ${result.error}`);
}

/**
 * Makes a venue with one namespace per name, addressed 10.77.0.10, .11, … in the order given; or
 * `{ skip }` with the reason it cannot (not root, no `ip`, namespaces refused by the kernel).
 */
export function openVenue(names: readonly string[]): Venue | { skip: string } {
  if (process.platform !== 'linux') return { skip: `network namespaces are Linux's; this is ${process.platform}` };
  if (process.getuid?.() !== 0) return { skip: 'network namespaces need root (run the test as root, as CI does)' };
  // Short: interface names have at most 15 characters.
  const id = `v${(process.pid % 46_656).toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const bridge = `br${id}`;
  const probe = ip(['netns', 'add', `${id}probe`]);
  if (!probe.ok) return { skip: `ip netns add failed: ${probe.error}` };
  ip(['netns', 'del', `${id}probe`]);

  const made: string[] = [];
  let bridgeMade = false;
  const close = () => {
    for (const ns of made.splice(0)) ip(['netns', 'del', ns]);
    if (bridgeMade) ip(['link', 'del', bridge]);
    bridgeMade = false;
  };
  const hosts: Record<string, VenueHost> = {};
  try {
    must(['link', 'add', bridge, 'type', 'bridge']);
    bridgeMade = true;
    must(['link', 'set', bridge, 'up']);
    names.forEach((name, i) => {
      const ns = `${id}-${name}`.slice(0, 40);
      const hostSide = `${id}h${i}`;
      const inside = `${id}n${i}`;
      must(['netns', 'add', ns]);
      made.push(ns);
      must(['link', 'add', hostSide, 'type', 'veth', 'peer', 'name', inside]);
      must(['link', 'set', inside, 'netns', ns]);
      must(['link', 'set', hostSide, 'master', bridge]);
      must(['link', 'set', hostSide, 'up']);
      const address = `${VENUE_SUBNET}.${10 + i}`;
      must(['-n', ns, 'addr', 'add', `${address}/24`, 'dev', inside]);
      must(['-n', ns, 'link', 'set', inside, 'up']);
      must(['-n', ns, 'link', 'set', 'lo', 'up']);
      hosts[name] = { ns, address, hostSide, inside };
    });
  } catch (error) {
    close();
    return { skip: `the venue's network could not be made: ${(error as Error).message}` };
  }
  const hostOf = (host: string): VenueHost => {
    const found = hosts[host];
    if (!found) throw new Error(`no host "${host}" in this venue`);
    return found;
  };
  const nsOf = (host: string): string => hostOf(host).ns;
  const tc = (host: string, args: string[]) => {
    const result = spawnSync('ip', ['netns', 'exec', nsOf(host), 'tc', ...args], { encoding: 'utf8' });
    return { ok: result.status === 0, error: (result.stderr || result.stdout || result.error?.message || '').trim() };
  };
  const processes = new Set<ChildProcess>();
  return {
    hosts,
    spawn(host, command, args, env = {}) {
      const child = spawn('ip', ['netns', 'exec', nsOf(host), command, ...args], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      processes.add(child);
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      const exited = once(child, 'exit').then(([code]) => {
        processes.delete(child);
        return code as number | null;
      });
      return {
        child,
        output: () => output,
        exited,
        stop: async (signal = 'SIGTERM') => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      };
    },
    run(host, command, args) {
      const result = spawnSync('ip', ['netns', 'exec', nsOf(host), command, ...args], { encoding: 'utf8' });
      return { status: result.status, stdout: result.stdout, stderr: result.stderr };
    },
    cut(host) {
      must(['link', 'set', hostOf(host).hostSide, 'down']);
    },
    heal(host) {
      must(['link', 'set', hostOf(host).hostSide, 'up']);
    },
    netem(host, args) {
      const dev = hostOf(host).inside;
      tc(host, ['qdisc', 'del', 'dev', dev, 'root']);
      if (args.length === 0) return;
      const added = tc(host, ['qdisc', 'add', 'dev', dev, 'root', 'netem', ...args]);
      if (added.ok) return;
      if (/qdisc kind is unknown/i.test(added.error))
        throw new NetemUnavailable(`this kernel has no netem (sch_netem): tc said "${added.error}"`);
      throw new Error(`tc netem ${args.join(' ')} on ${host}: ${added.error}`);
    },
    close() {
      // `ip netns exec` execs its command: the pid is the process's own, so the kill reaches it.
      for (const child of processes) child.kill('SIGKILL');
      close();
    },
  };
}
