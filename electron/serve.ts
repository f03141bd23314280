import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { defaultDataDir } from './data-dir';
import { isLoopbackHost } from './server/host-guard';
import { startDesk } from './start';

/** A fixed default, so a booking system configured once keeps finding the desk after a restart. */
export const DEFAULT_PORT = 4780;

const USAGE = `Usage: npm run serve -- [--port N] [--host H] [--data-dir DIR] [--seed FILE] [--dropzone KEY]

  --port N         port to listen on (default ${DEFAULT_PORT}; 0 picks a free port)
  --host H         address to bind (default 127.0.0.1; anything but loopback exposes the desk)
  --data-dir DIR   where the store lives (default ${defaultDataDir()})
  --seed FILE      load a JSON fixture into a new, empty store (refused if the store holds data)
  --dropzone KEY   the dropzone the desk UI works for (default: the first one)
`;

/** The headless desk: the same server and UI as the desktop app, no window (README, "Run"). */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      seed: { type: 'string' },
      dropzone: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a number from 0 to 65535, got "${values.port}"`);
  const host = values.host ?? '127.0.0.1';
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir());

  const desk = await startDesk({
    dataDir,
    host,
    port,
    seedFile: values.seed && resolve(values.seed),
    dropzoneKey: values.dropzone,
  });
  if (!isLoopbackHost(host)) {
    console.warn(`warning: bound to ${host}, not loopback: anyone who can reach this address and holds a token can use the API`);
  }
  console.log(`Dropzone Desk serving dropzone "${desk.dropzone.name}" (${desk.dropzone.key}) from ${desk.storeFile}`);
  console.log(`Sync API: ${desk.url}/api/f1/sync  (Authorization: Bearer <token>; create tokens with npm run token)`);
  console.log(`Desk:     ${desk.url}/?token=${desk.sessionToken}`);

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
}

main().catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE') {
    console.error(`dropzone-desk: the port is already in use (is another desk running?). Choose one with --port N, or --port 0 for any free port.`);
    process.exit(1);
  }
  console.error(`dropzone-desk: ${(error as Error).message}`);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') process.stderr.write(USAGE);
  process.exit(1);
});
