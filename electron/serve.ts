import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkRemoteUrl } from '../shared/remote-url';
import { shellWord } from './cli/shell-word';
import { defaultDataDir } from './common/data-dir';
import { DeskSessionFile, SESSION_FILE_NAME, sessionTokenFor } from './common/desk-session';
import { stopWhenParentExits } from './parent-watch';
import { credentialsFromEnv } from './proxy/credentials';
import type { RunOverrides } from './proxy/settings';
import { isLoopbackHost } from './server/guards/host-guard';
import { DEFAULT_UI_DIR } from './server/static-ui';
import { copyTimingFromEnv, outboxTimingFromEnv, startDesk } from './start';
import { lockDataFolder } from './store/desk-lock';
import { storeUpgradeNotice } from './store/migrate';
import { ensureUiBuilt } from './ui-build';
import { isIP } from 'node:net';
import { DEFAULT_LAN_PORT } from '../shared/schemas/desks';
import { mainDeskOf, readPairing, type Pairing } from './desks/pairing-file';
import type { LanRunOverrides } from './desks/main-desk-lan';

/** A fixed default, so a booking system configured once keeps finding the desk after a restart. */
export const DEFAULT_PORT = 4780;

const USAGE = `Usage: dropzone-desk serve [--port N] [--host H] [--data-dir DIR] [--seed FILE] [--dropzone KEY]
                           [--mode local|proxy] [--remote-url URL] [--no-ui-build]
                           [--lan [--lan-port N] [--lan-address ADDR]]
                           [--join https://ADDR:PORT --code CODE --name NAME]
       (in a checkout: npm run serve -- [flags])

  --port N         port to listen on for this run (default: the port saved in Settings, else
                   ${DEFAULT_PORT}; 0 picks a free port)
  --host H         the loopback address to bind (default 127.0.0.1). Plain HTTP stays on this
                   computer: for the venue's network use --lan (HTTPS with the desk's own certificate)
  --lan            also serve other desks and booking systems on the venue's network, over HTTPS
                   with this desk's own certificate (for this run; Settings → Desks saves it)
  --lan-port N     the LAN listener's port (default ${DEFAULT_LAN_PORT})
  --lan-address A  listen on the LAN on this address only (default: every interface)
  --join URL       pair this desk with the main desk at URL (its "LAN:" line), then start as its
                   paired desk; needs --code (the one-time code shown at the main desk) and --name.
                   Later starts need no flag: the data folder remembers the pairing
  --data-dir DIR   where the store lives (default ${defaultDataDir()})
  --seed FILE      load a JSON fixture into a new, empty store (refused if the store holds data)
  --dropzone KEY   the dropzone the desk UI works for (default: the first one)
  --mode M         for this run: local (the store) or proxy (forward /api/f1/sync to the remote);
                   default: the mode saved in Settings
  --remote-url URL for this run: the remote service's base URL (the Sync API is at URL/api/f1/sync)
  --no-ui-build    serve the desk UI as it was last built; by default it is built first when its
                   sources changed since (renderer/, shared/, package-lock.json)
  --new-session    sign every browser out: make a new sign-in secret (the Desk: address changes).
                   Otherwise the secret is kept in DIR/${SESSION_FILE_NAME} (readable by you only), so
                   browsers stay signed in across restarts; "dropzone-desk url" prints the address again

Environment:
  DESK_REMOTE_TOKEN  for this run: the bearer token the desk sends to the remote (never a flag:
                     flags show in process lists)

Settings given here hold for this run only and are not saved; changes made in Settings are.
`;

/**
 * Plain HTTP stays on this computer: on the venue's network every token and every guest's name
 * would cross the Wi-Fi in clear text, for anyone on it to read and reuse (docs/desks.md, "Why no
 * plain HTTP on the LAN"). The LAN gets HTTPS with the desk's own certificate: --lan.
 */
function refusePlainHttpOffLoopback(host: string): void {
  if (isLoopbackHost(host)) return;
  throw new Error(
    `--host ${host} would serve the desk in plain HTTP beyond this computer; plain HTTP is for loopback only. For the venue's network use --lan (HTTPS with this desk's own certificate${host === '0.0.0.0' || host === '::' ? '' : `; --lan-address ${host} to listen on that address only`})`,
  );
}

function lanOverrides(values: {
  lan?: boolean;
  'lan-port'?: string;
  'lan-address'?: string;
}): LanRunOverrides | undefined {
  const lanPort = values['lan-port'];
  const lanAddress = values['lan-address'];
  if (!values.lan && (lanPort !== undefined || lanAddress !== undefined))
    throw new Error('--lan-port and --lan-address go with --lan');
  if (!values.lan) return undefined;
  const port = lanPort === undefined ? undefined : Number(lanPort);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535))
    throw new Error(`--lan-port must be a number from 0 to 65535, got "${lanPort}"`);
  if (lanAddress !== undefined && isIP(lanAddress.replace(/^\[|\]$/g, '')) === 0)
    throw new Error(`--lan-address must be one of this computer's IP addresses, got "${lanAddress}"`);
  return {
    enabled: true,
    ...(port === undefined ? {} : { port }),
    ...(lanAddress === undefined ? {} : { address: lanAddress.replace(/^\[|\]$/g, '') }),
  };
}

/** This run's connection settings from flags and the environment (never a secret from a flag). */
function connectionOverrides(mode: string | undefined, remoteUrl: string | undefined): RunOverrides {
  const overrides: RunOverrides = {};
  if (mode !== undefined) {
    if (mode !== 'local' && mode !== 'proxy') throw new Error(`--mode must be "local" or "proxy", got "${mode}"`);
    overrides.mode = mode;
  }
  if (remoteUrl !== undefined) {
    const checked = checkRemoteUrl(remoteUrl);
    if (!checked.ok) throw new Error(`--remote-url ${checked.error}`);
    overrides.remoteUrl = checked.url;
  }
  const credentials = credentialsFromEnv(process.env);
  if (credentials) overrides.credentials = credentials;
  return overrides;
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        seed: { type: 'string' },
        dropzone: { type: 'string' },
        mode: { type: 'string' },
        'remote-url': { type: 'string' },
        'no-ui-build': { type: 'boolean' },
        'new-session': { type: 'boolean' },
        lan: { type: 'boolean' },
        'lan-port': { type: 'string' },
        'lan-address': { type: 'string' },
        join: { type: 'string' },
        code: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`, { cause: error });
  }
}

/**
 * `dropzone-desk serve`: the headless desk, the same server and UI as the desktop app with no
 * window (README, "Run"; docs/user-guide.md, "Running the desk"). Resolves once it serves; the process then lives as long as the server,
 * which SIGTERM and SIGINT stop gracefully.
 */
export async function main(argv: string[]): Promise<void> {
  if (argv.some((arg) => /^--(remote-)?(token|password|secret)\b/.test(arg))) {
    throw new Error(
      'the remote token is read from the environment variable DESK_REMOTE_TOKEN, never from a flag (flags show in process lists)',
    );
  }
  const values = parse(argv);
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  // Without --port: the port saved in Settings, else DEFAULT_PORT (startDesk decides, it has the store).
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535))
    throw new Error(`--port must be a number from 0 to 65535, got "${values.port}"`);
  const host = values.host ?? '127.0.0.1';
  const lan = lanOverrides(values);
  refusePlainHttpOffLoopback(host);
  if (values.join === undefined && (values.code !== undefined || values.name !== undefined))
    throw new Error('--code and --name go with --join https://<main desk address>:<port>');
  if (values.join !== undefined && values.lan)
    throw new Error(
      '--join makes this desk a paired desk, and a paired desk does not let other desks join: leave out --lan',
    );
  if (values.join !== undefined && (values.code === undefined || values.name === undefined))
    throw new Error(
      '--join needs --code (the one-time code shown at the main desk) and --name (this desk\'s name, e.g. "Video desk")',
    );
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir());
  const overrides = connectionOverrides(values.mode, values['remote-url']);
  const copyTiming = copyTimingFromEnv(process.env);
  const outboxTiming = outboxTimingFromEnv(process.env);
  // The data folder first: a second desk on it stops at once, before building anything into the
  // UI folder the first one serves from.
  const lock = lockDataFolder(dataDir);
  try {
    if (!values['no-ui-build']) {
      await ensureUiBuilt({
        root: fileURLToPath(new URL('..', import.meta.url)),
        outDir: DEFAULT_UI_DIR,
        log: (line) => console.log(line),
      });
    }
  } catch (error) {
    lock.release();
    throw error;
  }

  if (values.join !== undefined) {
    try {
      // Loaded for a first start that joins only: it brings undici (~80 ms) to a desk's start.
      const { joinMainDesk } = await import('./desks/join');
      const pairing = await joinMainDesk({
        url: values.join,
        code: values.code as string,
        name: values.name as string,
        dataDir,
      });
      console.log(
        `Paired with ${pairing.mainName} at ${pairing.url} (certificate SHA-256 ${pairing.fingerprint}) as "${pairing.desk.name}"`,
      );
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  // This start's pairing, or the one an earlier --join kept: the desk is then its main desk's paired desk.
  let pairing: Pairing | null;
  try {
    pairing = readPairing(dataDir);
    if (pairing && lan)
      throw new Error(
        `this desk is paired with ${pairing.mainName} (${pairing.url}): a paired desk does not let other desks join; pair them with the main desk`,
      );
  } catch (error) {
    lock.release();
    throw error;
  }

  // After the lock (which made the data folder, 0700): the sign-in secret browsers keep across restarts.
  let sessionFile: DeskSessionFile;
  let sessionSecret: string;
  try {
    sessionFile = DeskSessionFile.inDataDir(dataDir);
    sessionSecret = sessionFile.secret(values['new-session'] === true);
  } catch (error) {
    lock.release();
    throw error;
  }
  const desk = await startDesk({
    lock,
    sessionToken: (dropzone) => sessionTokenFor(sessionSecret, dropzone.key),
    dataDir,
    host,
    port,
    portWhenUnset: DEFAULT_PORT,
    seedFile: values.seed && resolve(values.seed),
    dropzoneKey: values.dropzone,
    connectionOverrides: overrides,
    ...(copyTiming ? { copyTiming } : {}),
    ...(outboxTiming ? { outboxTiming } : {}),
    // A person's desk: an answer off its schema still goes out (and is logged); see ResponseCheck.
    responseCheck: 'report',
    onStoreUpgrade: (from, to) => console.log(storeUpgradeNotice(from, to)),
    lan,
    ...(pairing ? { mainDesk: mainDeskOf(pairing) } : {}),
    // The desktop app's first-run question, in a browser (DESK_FIRST_RUN_QUESTION=1: its tests, a
    // desk set up by someone who is not at the terminal). After a join this process ends: the next
    // `npm run serve` is the paired desk (the app's shell starts its server again by itself).
    ...(process.env.DESK_FIRST_RUN_QUESTION === '1'
      ? {
          firstRun: {
            restart: () => {
              console.log('Paired with a main desk: start this desk again (npm run serve) to work as its paired desk.');
              process.kill(process.pid, 'SIGTERM');
            },
          },
        }
      : {}),
  }).catch((error: unknown) => {
    if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
    throw new Error(
      'the port is already in use (is another desk running?). Choose one with --port N, or --port 0 for any free port (the port saved in Settings applies only without --port).',
      { cause: error },
    );
  });
  sessionFile.recordServing(desk.url, desk.dropzone.key);
  for (const notice of [...desk.notices, ...(sessionFile.notice ? [sessionFile.notice] : [])])
    console.warn(`warning: ${notice}`);
  console.log(`Dropzone Desk serving dropzone "${desk.dropzone.name}" (${desk.dropzone.key}) from ${desk.storeFile}`);
  // The token tool's default store is the default data folder: name this desk's, when it is another.
  const tokenTool =
    values['data-dir'] === undefined
      ? 'npm run token -- create'
      : `npm run token -- create --data-dir ${shellWord(values['data-dir'])}`;
  console.log(`Sync API: ${desk.url}/api/f1/sync  (Authorization: Bearer <token>; make one with: ${tokenTool})`);
  console.log(`Desk:     ${desk.url}/?token=${desk.sessionToken}`);
  console.log(
    `          (browsers stay signed in across restarts; print this address again with: ${values['data-dir'] === undefined ? 'npm run url' : `npm run url -- --data-dir ${shellWord(values['data-dir'])}`})`,
  );
  const fingerprint = desk.lan.view().fingerprint;
  for (const endpoint of desk.lan.endpoints())
    console.log(`LAN: ${endpoint.url}  (certificate SHA-256 ${fingerprint})`);
  if (desk.lan.view().listening && desk.lan.endpoints().length === 0)
    console.warn('warning: the LAN listener is on, but this computer has no address other desks can reach');
  if (desk.lan.view().listening)
    console.log(
      `          (pair a desk: ${values['data-dir'] === undefined ? 'npm run desks -- pair' : `npm run desks -- pair --data-dir ${shellWord(values['data-dir'])}`})`,
    );
  const connection = desk.connection.view();
  if (pairing) {
    console.log(
      `Paired:   "${pairing.desk.name}" of ${pairing.mainName} at ${pairing.url} (its certificate pinned: SHA-256 ${pairing.fingerprint})`,
    );
  } else if (connection.mode === 'proxy') {
    const from = connection.overridden.includes('credentials') ? ' (from DESK_REMOTE_TOKEN)' : '';
    const credentials =
      connection.credentials.kind === 'none'
        ? 'no credentials'
        : connection.credentials.kind === 'bearer'
          ? `a bearer token${from}`
          : `the header ${connection.credentials.name}`;
    console.log(`Mode:     proxy: /api/f1/sync is forwarded to ${connection.api_base} with ${credentials}`);
  } else {
    console.log('Mode:     local: /api/f1/sync is served from the store');
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight requests, closing the store…`);
    desk.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`error while stopping: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // npm runs `npm run serve` through `sh -c`, and a shell that does not exec its one command
  // (dash, Debian's sh) takes the SIGTERM npm forwards and dies without passing it on.
  if (process.env.npm_lifecycle_event) stopWhenParentExits(() => stop('the process that started this server exited'));
}
