import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { createClient } from '@hey-api/openapi-ts';
import { startTestDesk, type TestDesk } from '../support/desk';
import { TEST_NOW, TEST_TOKEN } from '../support/seed';

/**
 * What a booking system's developer does on day one: fetch the document from a running desk with
 * their API token, generate a typed client with a common generator (Hey API's openapi-ts, its
 * fetch client), and make one sync with it: a booking saved, then read back. The client is
 * type-checked (strict) and run as its own program, outside this repository's code.
 */

const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '..', '..');
const bin = (name: string) => join(REPO, 'node_modules', '.bin', name);

const NEWCOMER_PROGRAM = `
declare const process: { env: Record<string, string | undefined> };
import { client } from './client/client.gen';
import { getBooking, saveBooking } from './client/sdk.gen';

client.setConfig({ baseUrl: process.env.DESK_URL as string, auth: () => process.env.DESK_TOKEN as string });

const saved = await saveBooking({
  body: { external_id: 'NEWCOMER-1', name: 'Newcomer Nina', email: 'nina@example.com', jump_on: process.env.JUMP_ON },
});
if (saved.response?.status !== 201) throw new Error(\`saving answered \${saved.response?.status}: \${JSON.stringify(saved.error)}\`);
const shown = await getBooking({ path: { external_id: 'NEWCOMER-1' } });
if (!shown.data) throw new Error(\`reading answered \${shown.response?.status}\`);
// Typed by the document: a wrong field name here would not compile.
const name: string | null | undefined = shown.data.name;
console.log(JSON.stringify({ status: saved.data?.status, id: saved.data?.id, name, jump_on: shown.data.jump_on }));
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2022', 'DOM'],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowImportingTsExtensions: false,
  },
  include: ['*.ts', 'client/**/*.ts'],
};

let desk: TestDesk;
let dir: string;
before(async () => {
  desk = await startTestDesk();
  dir = mkdtempSync(join(tmpdir(), 'desk-newcomer-'));
});
after(async () => {
  await desk.dispose();
  rmSync(dir, { recursive: true, force: true });
});

test('a client generated from the document a running desk serves makes one sync', async () => {
  // 1. The document, from the desk, with the booking system's own token.
  const response = await fetch(`${desk.url}/api/openapi.json`, { headers: { authorization: `Bearer ${TEST_TOKEN}` } });
  assert.equal(response.status, 200);
  const documentFile = join(dir, 'openapi.json');
  writeFileSync(documentFile, await response.text());

  // 2. A client, as the generator's guide says.
  await createClient({
    input: documentFile,
    output: { path: join(dir, 'client') },
    plugins: ['@hey-api/typescript', '@hey-api/sdk', '@hey-api/client-fetch'],
    logs: { level: 'silent' },
  });

  // 3. A program that uses it, type-checked against the generated types, then run.
  writeFileSync(join(dir, 'sync.ts'), NEWCOMER_PROGRAM);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  await run(bin('tsc'), ['-p', join(dir, 'tsconfig.json')], { cwd: dir }).catch((error: { stdout: string }) => {
    throw new Error(`the generated client does not type-check with the program:\n${error.stdout}`);
  });
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(dir, 'sync.ts')], {
    cwd: REPO,
    env: { ...process.env, DESK_URL: desk.url, DESK_TOKEN: TEST_TOKEN, JUMP_ON: TEST_NOW.slice(0, 10) },
  });
  const outcome = JSON.parse(stdout.trim().split('\n').pop() as string);
  assert.equal(outcome.status, 'created');
  assert.equal(typeof outcome.id, 'number');
  assert.equal(outcome.name, 'Newcomer Nina');
  assert.equal(outcome.jump_on, TEST_NOW.slice(0, 10));

  // 4. The desk holds it, as any caller sees it.
  const stored = await desk.sync('GET', '/bookings/NEWCOMER-1');
  assert.equal(stored.status, 200);
  assert.equal(stored.body.id, outcome.id);
});
