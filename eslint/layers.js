/**
 * Which part of the code may import which (docs/architecture.md draws the picture). This table is
 * the one place that says it; eslint.config.js turns it into eslint-plugin-boundaries settings and
 * policies. They judge the file an import RESOLVES to (through the TypeScript resolver), never how
 * the import is spelled: `../../electron/server/x` from inside electron/sync fails like `../server/x`.
 * Every linted file has exactly one layer (the first whose `files` match); a file in none fails lint.
 */
import { fileURLToPath } from 'node:url';

/** The repository's root: the layers' `files` are relative to it. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

const MAIN_ARROWS =
  'the main side points shell → server → desk, offline (through its entry), imports, readers, seed (siblings: none imports another) → sync/proxy → store, with electron/common and shared/ below them all (docs/architecture.md)';
const PAGE_ARROWS =
  'the page points app → features → components → lib → api, a feature never imports another, and the page shares code with the main side only through shared/';

/**
 * The main side. `files`: where the layer's files are (default: its folder, electron/<name>/).
 * `mayImport`: the other layers it may import (itself, electron/common and shared/ always). A
 * folder under electron/ with no layer fails lint, so a new one is placed in the picture on purpose.
 */
export const MAIN_LAYERS = {
  'desktop-entry': {
    files: ['electron/main.ts', 'electron/preload.ts'],
    mayImport: ['shell'],
    role: "the Electron app's entry point and its preload",
  },
  'headless-entry': {
    files: ['electron/serve.ts', 'electron/ui-build.ts', 'electron/parent-watch.ts'],
    mayImport: [
      'composition',
      'cli',
      'server',
      'desks',
      'imports',
      'readers',
      'seed',
      'desk',
      'sync',
      'proxy',
      'store',
    ],
    role: 'npm run serve (the desk without Electron) and its own helpers',
  },
  composition: {
    files: ['electron/start.ts', 'electron/bootstrap.ts'],
    mayImport: [
      'server',
      'desks',
      'offline-entry',
      'offline',
      'imports',
      'readers',
      'seed',
      'desk',
      'sync',
      'proxy',
      'store',
    ],
    role: "the composition root: one desk process's store, server, remote connection and backups, wired together",
  },
  shell: {
    mayImport: ['server', 'proxy', 'composition'],
    role: 'the Electron main process, which reaches the store only through the server process',
  },
  server: {
    mayImport: ['desks', 'offline-entry', 'imports', 'readers', 'desk', 'sync', 'proxy', 'store'],
    role: 'HTTP',
  },
  desks: {
    mayImport: ['offline-entry', 'proxy', 'store'],
    role: "several desks at one venue: the main desk's LAN identity and pairings, a paired desk's link to its main desk",
  },
  // Listed before `offline`: a file's layer is the first that matches.
  'offline-entry': {
    files: ['electron/offline/offline-copy.ts', 'electron/offline/proxied-sync-api.ts'],
    mayImport: ['offline', 'sync', 'proxy', 'store'],
    role: "proxy mode's copy as the server reaches it: the copy in force, and the proxied Sync API (one call in, one answer out)",
  },
  offline: {
    mayImport: ['sync', 'proxy', 'store'],
    role: "proxy mode's copy of the remote and its outbox, behind its entry: it reaches the remote through proxy/ and answers with the Sync API's rules",
  },
  imports: {
    mayImport: ['sync', 'proxy', 'store'],
    role: 'imports run by the desk: batch after batch, through the sync rules or the remote',
  },
  readers: {
    mayImport: ['sync', 'store'],
    role: 'reader threads: the long reads (a list page) on read-only connections beside the writer',
  },
  seed: { mayImport: ['sync', 'store'], role: 'seed fixtures, loaded through the Sync API rules' },
  desk: {
    mayImport: ['sync', 'store'],
    role: "the desk's own rules, beside the Sync API's and beside offline/, imports/, readers/ and seed/ (sync never imports desk)",
  },
  sync: { mayImport: ['store'], role: "the Sync API's rules" },
  proxy: { mayImport: ['store'], role: 'the remote connection' },
  store: { mayImport: [], role: 'the SQLite store: it knows no rule, no HTTP and no caller' },
  cli: {
    mayImport: ['desks', 'store'],
    role: 'the token, backup, admin and url commands, which work on the store beside or without a running desk',
  },
  common: {
    // version.ts stays beside the entries: it finds package.json one folder up, from its source
    // file and from the bundle in out/ alike.
    files: ['electron/common/**', 'electron/version.ts'],
    mayImport: [],
    role: 'helpers with no layer of their own: the token format, the data folder, secrets in private files',
  },
};

/** The page (renderer/src), from the top. `feature` folders are one zone each: see FEATURES. */
export const RENDERER_ZONES = {
  app: {
    files: ['renderer/src/app/**', 'renderer/src/main.tsx', 'renderer/src/vite-env.d.ts'],
    mayImport: ['features', 'components', 'lib', 'api'],
    role: "the page's frame: start, routes, navigation, sign-in",
  },
  features: {
    files: ['renderer/src/features/*/**'],
    mayImport: ['components', 'lib', 'api'],
    role: 'one screen or flow a folder',
  },
  components: {
    files: ['renderer/src/components/**'],
    mayImport: ['lib', 'api'],
    role: 'controls the features share',
  },
  // Below the components; a helper may build on the API client (a query hook), never the reverse.
  lib: { files: ['renderer/src/lib/**'], mayImport: ['api'], role: "the page's helpers, with no screen of their own" },
  api: {
    files: ['renderer/src/api/**'],
    mayImport: [],
    role: "the page's one client of the desk (auth and errors in one place)",
  },
};

/**
 * Code both sides run, the browser too: pure functions and schemas, no Node and no I/O. Inside it,
 * from the top: the route tables; the rules and the service's facts (siblings); the schemas; the
 * files at its root (limits, dates, outcomes), which import nothing of shared/. A file in a new
 * folder of shared/ has no layer and fails lint, like one under electron/.
 */
export const SHARED_LAYERS = {
  'shared-api': {
    files: ['shared/api/**'],
    mayImport: ['shared-rules', 'shared-service', 'shared-schemas', 'shared-root'],
    role: 'the route tables',
  },
  'shared-rules': {
    files: ['shared/rules/**'],
    mayImport: ['shared-schemas', 'shared-root'],
    role: 'the rules both sides apply',
  },
  'shared-service': {
    files: ['shared/service/**'],
    mayImport: ['shared-schemas', 'shared-root'],
    role: "the service's facts",
  },
  'shared-schemas': { files: ['shared/schemas/**'], mayImport: ['shared-root'], role: 'the schemas' },
  'shared-root': {
    files: ['shared/*'],
    mayImport: [],
    role: 'the small pieces below the schemas: limits, dates, outcomes',
  },
};
const SHARED_NAMES = Object.keys(SHARED_LAYERS);
const SHARED_ARROWS =
  "shared/ points api → rules, service → schemas → the files at shared/'s root, and rules and service never import each other";
const sharedLabel = (name) => SHARED_LAYERS[name].files.map((pattern) => pattern.replace(/\/\*\*$/, '')).join(', ');

/** Tests, bench, scripts and the tools' own configs: they may import any layer (that is their job). */
const TOOLS = {
  files: ['test/**', 'bench/**', 'scripts/**', 'bin/**', 'eslint/**', '*.config.{js,ts}', 'renderer/*.config.{ts,cjs}'],
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
    home: ['desktop-entry'],
    typesIn: ['shell'],
    message:
      'Only electron/main.ts and the preload import electron; the shell takes the API as a parameter (ElectronApi) and imports types only.',
  },
];

const mainLabel = (name) =>
  mainFiles(name)
    .map((pattern) => pattern.replace(/\/\*\*$/, ''))
    .join(', ');
const mainFiles = (name) => MAIN_LAYERS[name].files ?? [`electron/${name}/**`];

/** The plugin's file descriptors: each file's layer is the first whose pattern matches. */
function fileDescriptors() {
  return [
    ...Object.keys(MAIN_LAYERS).map((name) => ({ category: name, pattern: mainFiles(name) })),
    ...Object.entries(RENDERER_ZONES).map(([name, zone]) => ({
      category: name,
      pattern: zone.files,
      ...(name === 'features' ? { capture: ['feature'] } : {}),
    })),
    ...Object.entries(SHARED_LAYERS).map(([name, layer]) => ({ category: name, pattern: layer.files })),
    { category: 'tools', pattern: TOOLS.files },
  ];
}

const fromLayer = (name) => ({ file: { categories: name } });
const fromSharedLayer = { file: { categories: { anyOf: SHARED_NAMES } } };
/** A local file outside these layers (external packages and Node's modules have no layer, so never match). */
const localOutside = (names) => ({ file: { categories: { noneOf: names } }, module: { origin: 'local' } });

function layerPolicies() {
  const main = Object.entries(MAIN_LAYERS).map(([name, layer]) => ({
    from: fromLayer(name),
    disallow: { to: localOutside([name, 'common', ...SHARED_NAMES, ...layer.mayImport]) },
    message: `${mainLabel(name)} (${layer.role}) may not import {{ to.file.path }}: ${MAIN_ARROWS}.`,
  }));
  const page = Object.entries(RENDERER_ZONES).map(([name, zone]) => ({
    from: fromLayer(name),
    disallow: { to: localOutside([name, ...SHARED_NAMES, ...zone.mayImport]) },
    message: `renderer/src/${name} (${zone.role}) may not import {{ to.file.path }}: ${PAGE_ARROWS}.`,
  }));
  const siblingFeatures = {
    from: fromLayer('features'),
    disallow: {
      to: { file: { categories: 'features', captured: { feature: '!{{ from.file.captured.feature }}' } } },
    },
    message: `renderer/src/features/{{ from.file.captured.feature }} may not import {{ to.file.path }}: a feature never imports another (what two features need goes down to components/ or lib/).`,
  };
  return [...main, ...page, siblingFeatures, ...sharedPolicies()];
}

/** shared/ imports neither side, and inside it, only down its own order. */
function sharedPolicies() {
  const neitherSide = {
    from: fromSharedLayer,
    disallow: { to: localOutside(SHARED_NAMES) },
    message: `shared/ (code both sides run, the browser too) may not import {{ to.file.path }}: it imports neither electron/ nor renderer/.`,
  };
  const within = Object.entries(SHARED_LAYERS).flatMap(([name, layer]) => {
    const above = SHARED_NAMES.filter((other) => other !== name && !layer.mayImport.includes(other));
    if (above.length === 0) return [];
    return [
      {
        from: fromLayer(name),
        disallow: { to: { file: { categories: { anyOf: above } } } },
        message: `${sharedLabel(name)} (${layer.role}) may not import {{ to.file.path }}: ${SHARED_ARROWS}.`,
      },
    ];
  });
  return [neitherSide, ...within];
}

/** Node's own modules: the main side's only. */
function nodeModulePolicies() {
  return [
    {
      from: fromSharedLayer,
      disallow: { to: { module: { origin: 'core' } } },
      message: 'shared/ runs in the browser too: no Node modules ({{ dependency.source }}); pure functions, no I/O.',
    },
    {
      from: { file: { categories: { anyOf: Object.keys(RENDERER_ZONES) } } },
      disallow: { to: { module: { origin: 'core' } } },
      message: 'The renderer runs in the page: no Node modules ({{ dependency.source }}); ask the desk over its API.',
    },
  ];
}

function packagePolicies() {
  return PACKAGE_HOMES.flatMap((pkg) => {
    const to = { module: { origin: 'external', source: pkg.name } };
    const notHome = (names) => ({ file: { categories: { noneOf: [...names, 'tools'] } } });
    const policies = [{ from: notHome([...pkg.home, ...(pkg.typesIn ?? [])]), disallow: { to }, message: pkg.message }];
    if (pkg.typesIn) {
      policies.push({
        from: { file: { categories: { anyOf: pkg.typesIn } } },
        disallow: { to, dependency: { kind: 'value' } },
        message: pkg.message,
      });
    }
    return policies;
  });
}

/** An import that resolves to no file with a layer: a new place nobody put in the picture, or no file at all. */
const UNPLACED = {
  disallow: { to: { file: { isUnknown: true }, module: { origin: 'local' } } },
  message:
    '{{ dependency.source }} resolves to no file with a layer ({{ to.file.path }}): place every file in eslint/layers.js.',
};

/** Flat-config objects: the plugin's settings and rules, for every file ESLint lints. */
export function layerConfigs(boundaries) {
  return [
    {
      plugins: { boundaries },
      settings: {
        'boundaries/root-path': ROOT,
        'boundaries/files': fileDescriptors(),
        'boundaries/files-single-match': true,
        'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import', 'require'],
        'boundaries/legacy-templates': false,
        'import/resolver': { typescript: { project: `${ROOT}tsconfig.json`, alwaysTryTypes: true } },
      },
      rules: {
        'boundaries/no-unknown-files': 'error',
        'boundaries/dependencies': [
          'error',
          {
            default: 'allow',
            checkAllOrigins: true,
            checkUnknownLocals: true,
            policies: [...layerPolicies(), ...nodeModulePolicies(), ...packagePolicies(), UNPLACED],
          },
        ],
      },
    },
  ];
}
