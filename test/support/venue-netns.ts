import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

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
  /**
   * A slow, lossy Wi-Fi for a host: `tc netem delay … loss …` where the kernel has netem. Where it
   * has not, the same two faults another way (see slowWifiWithoutNetem). Says which way it took;
   * NetemUnavailable when neither can be made here.
   */
  slowWifi(host: string, wifi: SlowWifi): Promise<string>;
  /** Takes a host's slow Wi-Fi away (either way it was made). */
  fastWifi(host: string): void;
  /** Deletes the namespaces and the bridge (their veths go with them). Safe to call twice. */
  close(): void;
}

export interface SlowWifi {
  /** Added to what the host sends (netem's `delay`). */
  delayMs: number;
  /** Packets lost at random, each way (netem's `loss` on the host's side). */
  lossPercent: number;
  /** Where the host's traffic goes (the relay needs each destination: without netem it cannot delay the rest). */
  to: readonly { address: string; port: number }[];
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
  const relays = new Map<string, VenueProcess[]>();
  const venue: Venue = {
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
    async slowWifi(host, wifi) {
      try {
        venue.netem(host, ['delay', `${wifi.delayMs}ms`, 'loss', `${wifi.lossPercent}%`]);
        return 'tc netem';
      } catch (error) {
        if (!(error instanceof NetemUnavailable)) throw error;
        const made = await slowWifiWithoutNetem(venue, host, wifi, error.message);
        relays.set(host, made);
        return 'nftables (loss) and a relay in its namespace (delay), this kernel having no netem';
      }
    },
    fastWifi(host) {
      venue.netem(host, []);
      for (const relay of relays.get(host) ?? []) relay.child.kill('SIGKILL');
      relays.delete(host);
      venue.run(host, 'nft', ['delete', 'table', 'ip', WIFI_TABLE]);
    },
    close() {
      // `ip netns exec` execs its command: the pid is the process's own, so the kill reaches it.
      for (const child of processes) child.kill('SIGKILL');
      close();
    },
  };
  return venue;
}

const WIFI_TABLE = 'venue_wifi';
/** The relay runs as nobody, so the rule that sends the host's traffic through it leaves its own alone. */
const RELAY_UID = 65534;
const RELAY = fileURLToPath(new URL('./slow-relay.mjs', import.meta.url));

/**
 * A slow, lossy Wi-Fi on a kernel without netem (sch_netem), the two faults made apart:
 * - loss: nftables drops `lossPercent` of the packets crossing the host's link at random, each way
 *   (`numgen random`), so TCP retransmits as it does on a bad Wi-Fi;
 * - delay: a relay in the host's namespace (test/support/slow-relay.mjs) holds what the host sends
 *   to each destination `delayMs` before passing it on; nftables sends the host's connections to
 *   those destinations through it (DNAT), and resets the ones already open so they come back that
 *   way (`ss -K`, as a Wi-Fi that roams). Unlike netem this delays per chunk, not per packet, and
 *   only towards the destinations named: enough for a desk's calls to its main desk.
 */
async function slowWifiWithoutNetem(venue: Venue, host: string, wifi: SlowWifi, why: string): Promise<VenueProcess[]> {
  const nft = spawnSync('nft', ['--version'], { encoding: 'utf8' });
  if (nft.error || nft.status !== 0)
    throw new NetemUnavailable(`${why}; and no nft (apt-get install nftables) to drop packets instead`);
  const { address, inside } = venue.hosts[host] as VenueHost;
  const relays: VenueProcess[] = [];
  const rules: string[] = [];
  try {
    for (const to of wifi.to) {
      const relay = venue.spawn(host, 'setpriv', [
        `--reuid=${RELAY_UID}`,
        `--regid=${RELAY_UID}`,
        '--clear-groups',
        process.execPath,
        RELAY,
        address,
        '0',
        to.address,
        String(to.port),
        String(wifi.delayMs),
      ]);
      relays.push(relay);
      const port = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the relay did not start: ${relay.output()}`)), 10_000);
        relay.child.stdout!.on('data', () => {
          const found = /^relay (\d+)$/m.exec(relay.output());
          if (found) {
            clearTimeout(timer);
            resolve(found[1] as string);
          }
        });
        void relay.exited.then((code) => reject(new Error(`the relay exited (${code}): ${relay.output()}`)));
      });
      rules.push(`meta skuid != ${RELAY_UID} ip daddr ${to.address} tcp dport ${to.port} dnat to ${address}:${port}`);
    }
    const odds = Math.round(wifi.lossPercent * 100);
    const script = [
      `table ip ${WIFI_TABLE} {`,
      `  chain through_relay {`,
      `    type nat hook output priority -100;`,
      ...rules.map((rule) => `    ${rule}`),
      `  }`,
      `  chain lose_sent {`,
      `    type filter hook output priority 0;`,
      `    oifname "${inside}" numgen random mod 10000 < ${odds} drop`,
      `  }`,
      `  chain lose_received {`,
      `    type filter hook input priority 0;`,
      `    iifname "${inside}" numgen random mod 10000 < ${odds} drop`,
      `  }`,
      '}',
    ].join('\n');
    const loaded = spawnSync('ip', ['netns', 'exec', venue.hosts[host]!.ns, 'nft', '-f', '-'], {
      input: script,
      encoding: 'utf8',
    });
    if (loaded.status !== 0) throw new Error(`nft could not load the Wi-Fi's rules: ${loaded.stderr}\n${script}`);
    for (const to of wifi.to) venue.run(host, 'ss', ['-K', 'dst', to.address, 'dport', '=', String(to.port)]);
    return relays;
  } catch (error) {
    for (const relay of relays) relay.child.kill('SIGKILL');
    throw error;
  }
}
