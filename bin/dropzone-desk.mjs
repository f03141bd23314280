#!/usr/bin/env node
// dropzone-desk serve|token|backup|admin|url|desks: the desk's command-line tools, run from this checkout's
// TypeScript through tsx. tsx is registered in this very process (not the tsx CLI, which starts a
// second one), so the server is this process and SIGTERM or SIGINT reach its own handlers.
// The Node version is checked first, before tsx or anything native is loaded (tsx is imported
// below, once the check has passed): too old a Node gets one line saying what it needs.
import '../scripts/check-node.mjs';

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

const { register } = await import('tsx/esm/api');
register();
try {
  const { main } = await import(new URL(command.module, import.meta.url).href);
  await main(argv);
} catch (error) {
  process.stderr.write(`dropzone-desk ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
