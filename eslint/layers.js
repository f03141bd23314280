/**
 * Which part of the code may import which (docs/architecture.md draws the picture). Arrows point
 * one way: shell → server → imports/readers/desk → sync/proxy → store; electron/common and shared/ sit below them all;
 * the renderer reaches the main side only through shared/. eslint.config.js turns this table into
 * `no-restricted-imports` rules, so an import against the arrows fails `npm run lint`.
 */

/** Entry points and the composition root (electron/*.ts): they import the layers, never the reverse. */
const ENTRIES = ['start', 'serve', 'bootstrap', 'main', 'preload', 'ui-build', 'parent-watch'];

/**
 * The main side's folders under electron/. `mayImport`: the other folders a layer may import
 * (itself, electron/common and shared/ always). Every folder under electron/ must be listed here
 * (test/unit/lint-layers.test.ts checks it), so a new one is placed in the picture on purpose.
 */
export const MAIN_LAYERS = {
  common: { mayImport: [], role: 'helpers with no layer of their own (the token format)' },
  store: { mayImport: [], role: 'the SQLite store: it knows no rule, no HTTP and no caller' },
  sync: { mayImport: ['store'], role: "the Sync API's rules" },
  desk: {
    mayImport: ['sync', 'store'],
    role: "the desk's own rules, the service behind the API (reception's list, check-ins, jumps, catalogue administration)",
  },
  proxy: { mayImport: ['store'], role: 'the remote connection' },
  seed: { mayImport: ['sync', 'store'], role: 'seed fixtures, loaded through the Sync API rules' },
  readers: {
    mayImport: ['sync', 'store'],
    role: 'reader threads: the long reads (a list page) on read-only connections beside the writer',
  },
  imports: {
    mayImport: ['sync', 'proxy', 'store'],
    role: 'imports run by the desk: batch after batch, through the sync rules or the remote',
  },
  server: { mayImport: ['imports', 'readers', 'desk', 'sync', 'proxy', 'store'], role: 'HTTP' },
  cli: {
    mayImport: ['store'],
    role: 'the token and backup commands, which work on the store beside or without a running desk',
  },
  shell: {
    mayImport: ['server', 'proxy', 'entries'],
    role: 'the Electron main process, which reaches the store only through the server process',
  },
};

/** Packages that belong to one place only: the store's SQLite, the server's HTTP, Electron's own API. */
const PACKAGE_HOMES = [
  {
    name: 'better-sqlite3',
    home: ['store'],
    message: "SQLite is the store's: reach it through Store and its repositories (electron/store).",
  },
  { name: 'fastify', home: ['server'], message: "HTTP is the server's (electron/server)." },
  { name: '@fastify/static', home: ['server'], message: "HTTP is the server's (electron/server)." },
  {
    name: 'electron',
    home: [],
    typesIn: ['shell'],
    message:
      'Only electron/main.ts and the preload import electron; the shell takes the API as a parameter (ElectronApi) and imports types only.',
  },
];

/**
 * An import specifier that climbs out of the importing file's folder (`../`, any number of times)
 * and enters `names`: how code in one electron/ folder reaches another. Same-folder imports
 * (`./x`) never match, so a layer's own files are always allowed.
 */
function climbingInto(names, ending = '(?:/|$)') {
  return `^(?:\\.\\./)+(?:${names.join('|')})${ending}`;
}

const arrows =
  'the layers point shell → server → imports/readers/desk → sync/proxy → store, with common/ and shared/ below them all (docs/architecture.md)';

function restrictedImports(layer) {
  const allowed = new Set([layer, 'common', ...(MAIN_LAYERS[layer]?.mayImport ?? [])]);
  const patterns = [];
  const denied = Object.keys(MAIN_LAYERS).filter((other) => !allowed.has(other));
  for (const other of denied) {
    patterns.push({
      regex: climbingInto([other]),
      message: `electron/${layer} (${MAIN_LAYERS[layer].role}) may not import electron/${other}: ${arrows}.`,
    });
  }
  if (!allowed.has('entries')) {
    patterns.push({
      regex: climbingInto(ENTRIES, '$'),
      message: `electron/${layer} may not import an entry point (${ENTRIES.join(', ')}): they import the layers, never the reverse.`,
    });
  }
  patterns.push({
    regex: climbingInto(['renderer']),
    message: 'The main side never imports the renderer; what both need lives in shared/.',
  });
  return { patterns, paths: packagePaths(layer) };
}

function packagePaths(layer) {
  return PACKAGE_HOMES.filter((p) => !p.home.includes(layer)).map((p) => ({
    name: p.name,
    message: p.message,
    ...(p.typesIn?.includes(layer) ? { allowTypeImports: true } : {}),
  }));
}

/** The renderer and shared/ run in the page: none of the main side's packages, none of its code. */
function pageSide(where, extra) {
  return {
    paths: [
      { name: 'better-sqlite3', message: `${where} never touches the store.` },
      { name: 'fastify', message: `${where} never imports server code.` },
      { name: '@fastify/static', message: `${where} never imports server code.` },
      { name: 'electron', message: `${where} reaches Electron only through window.desk (the preload).` },
    ],
    patterns: [
      { regex: climbingInto(['electron']), message: `${where} shares code with the main side only through shared/.` },
      ...extra,
    ],
  };
}

/** Flat-config objects, one per folder, each the only one setting no-restricted-imports for its files. */
export function layerConfigs() {
  return [
    ...Object.keys(MAIN_LAYERS).map((layer) => ({
      files: [`electron/${layer}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', restrictedImports(layer)] },
    })),
    {
      files: ['renderer/**/*.{ts,tsx}'],
      // The renderer talks to the server through its API client only (one place for auth and errors).
      rules: { 'no-restricted-imports': ['error', pageSide('The renderer', [])] },
    },
    {
      // Both sides run it, the browser too: pure functions and schemas, no Node and no I/O.
      files: ['shared/**/*.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          pageSide('shared/', [
            {
              regex: climbingInto(['renderer']),
              message: 'shared/ is used by both sides: it imports neither electron/ nor renderer/.',
            },
            { regex: '^node:', message: 'shared/ runs in the browser too: no Node modules (pure functions, no I/O).' },
          ]),
        ],
      },
    },
  ];
}
