#!/usr/bin/env node
// dropzone-desk serve|token|backup|admin|url|desks: the desk's command-line tools, run from this
// checkout's TypeScript: bundled once by esbuild (loadCommand below), in this very process, so the
// server is this process and SIGTERM or SIGINT reach its own handlers.
// The Node version is checked first, before anything else is loaded (an ES import is hoisted, so
// check-node comes first in the list): too old a Node gets one line saying what it needs.
import '../scripts/check-node.mjs';
// The module object, not named imports: a name this Node lacks (enableCompileCache before 22.1)
// would fail the import itself, before check-node could say what is needed.
import nodeModule from 'node:module';

const COMMANDS = {
  serve: { module: '../electron/serve.ts', about: 'the headless desk: the server and the desk screens for a browser' },
  token: { module: '../electron/cli/token.ts', about: 'API tokens for booking systems: create, list, revoke' },
  backup: { module: '../electron/cli/backup.ts', about: "backups of the desk's store" },
  admin: { module: '../electron/cli/admin.ts', about: 'the administrator passphrase: reset a forgotten one' },
  url: { module: '../electron/cli/url.ts', about: "the desk's sign-in address for a browser, again" },
  desks: {
    module: '../electron/cli/desks.ts',
    about: 'other desks at the venue: pair one with this main desk, list, revoke',
  },
};

const USAGE = `Usage: dropzone-desk <command> [options]   (in a checkout: npm run <command> -- [options])

${Object.entries(COMMANDS)
  .map(([name, { about }]) => `  ${name.padEnd(8)} ${about}`)
  .join('\n')}

dropzone-desk <command> --help shows a command's options.
`;

const [name, ...argv] = process.argv.slice(2);
if (name === '--help' || name === '-h' || name === 'help') {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (name === undefined) {
  process.stderr.write(USAGE);
  process.exit(1);
}
const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
if (!command) {
  process.stderr.write(`dropzone-desk: unknown command "${name}"\n\n${USAGE}`);
  process.exit(1);
}

// A bundle of the command (scripts/cli-bundles.mjs), rebuilt when its sources changed, starts in a
// fraction of the time tsx needs to compile them. DESK_FROM_SOURCE=1 runs the TypeScript itself
// (through tsx, registered in this process: SIGTERM and SIGINT still reach the server's handlers).
async function loadCommand() {
  if (process.env.DESK_FROM_SOURCE !== '1') {
    const { freshCliBundle, COMPILE_CACHE_DIR } = await import('../scripts/cli-bundles.mjs');
    const bundle = await freshCliBundle(name);
    if (bundle) {
      // V8's compiled code, kept beside the bundle: for the bundle itself a code cache made after
      // the start (scripts/code-cache.mjs: it holds the functions compiled at the first requests
      // too); for what it requires from node_modules, Node's compile cache.
      nodeModule.enableCompileCache?.(COMPILE_CACHE_DIR);
      const { requireWithCodeCache } = await import('../scripts/code-cache.mjs');
      return (
        requireWithCodeCache(bundle, `${COMPILE_CACHE_DIR}/${name}`) ??
        nodeModule.createRequire(import.meta.url)(bundle)
      );
    }
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import(new URL(command.module, import.meta.url).href);
}

try {
  const { main } = await loadCommand();
  await main(argv);
} catch (error) {
  process.stderr.write(`dropzone-desk ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
