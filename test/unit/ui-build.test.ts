import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ensureUiBuilt, UI_STAMP_FILE, uiSourcesHash } from '../../electron/ui-build';

/**
 * `npm run serve` builds the desk UI only when what it is made of changed: a real Vite build of
 * a one-page project laid out like this checkout (renderer/ with its vite.config.ts, shared/,
 * package-lock.json), so each case costs a fraction of a second.
 */
const root = mkdtempSync(join(tmpdir(), 'desk-ui-build-'));
after(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

write('renderer/index.html', '<!doctype html><title>Desk</title><script type="module" src="./src/main.ts"></script>');
write('renderer/src/main.ts', "document.title = 'one';\n");
write(
  'renderer/vite.config.ts',
  "import { fileURLToPath } from 'node:url';\nexport default { root: fileURLToPath(new URL('.', import.meta.url)), base: './' };\n",
);
write('shared/rules.ts', 'export const LIMIT = 1;\n');
write('package-lock.json', '{"lockfileVersion":3}\n');
write('tsconfig.json', '{}\n');
write('package.json', '{"type":"module"}\n');
const outDir = join(root, 'out');

async function ensure(): Promise<{ result: string; logged: string[] }> {
  const logged: string[] = [];
  const result = await ensureUiBuilt({ root, outDir, log: (line) => logged.push(line) });
  return { result, logged };
}

test('the first start builds and stamps the build with the sources’ hash; the next one builds nothing', async () => {
  const first = await ensure();
  assert.equal(first.result, 'built');
  assert.match(first.logged.join('\n'), /building the desk UI/);
  assert.ok(existsSync(join(outDir, 'index.html')));
  assert.equal(readFileSync(join(outDir, UI_STAMP_FILE), 'utf8').split('\n')[0], uiSourcesHash(root));
  const builtAt = statSync(join(outDir, 'index.html')).mtimeMs;

  const second = await ensure();
  assert.equal(second.result, 'up to date');
  assert.deepEqual(second.logged, [], 'nothing to say when nothing is built');
  assert.equal(statSync(join(outDir, 'index.html')).mtimeMs, builtAt, 'the build was left alone');
});

test('a change to the UI, the code it shares, its dependencies, or a missing build: built again', async () => {
  const changes: Array<[string, () => void]> = [
    ['a renderer source', () => write('renderer/src/main.ts', "document.title = 'two';\n")],
    ['a new renderer file', () => write('renderer/src/extra.ts', 'export {};\n')],
    ['shared code', () => write('shared/rules.ts', 'export const LIMIT = 2;\n')],
    ['the locked dependencies', () => write('package-lock.json', '{"lockfileVersion":3,"packages":{}}\n')],
    [
      'the Vite config',
      () =>
        write('renderer/vite.config.ts', `${readFileSync(join(root, 'renderer/vite.config.ts'), 'utf8')}// changed\n`),
    ],
    ['the build itself gone', () => rmSync(join(outDir, 'index.html'))],
  ];
  await ensure();
  for (const [what, change] of changes) {
    change();
    assert.equal((await ensure()).result, 'built', what);
    assert.equal((await ensure()).result, 'up to date', `${what}: once only`);
  }
  assert.match(readFileSync(join(outDir, 'index.html'), 'utf8'), /<script/);
});

test('outside a checkout (no renderer sources) there is nothing to build', async () => {
  const bare = mkdtempSync(join(tmpdir(), 'desk-ui-bare-'));
  try {
    assert.equal(await ensureUiBuilt({ root: bare, outDir: join(bare, 'out'), log: () => undefined }), 'no sources');
  } finally {
    rmSync(bare, { recursive: true, force: true });
  }
});
