/**
 * Writes the API's OpenAPI 3.1 document to a file (`npm run openapi`; default docs/openapi.json):
 * the same document a running desk serves at GET /api/openapi.json, for a desk on this computer's
 * default address. `-- --mode proxy` describes a desk in proxy mode; `-- --out <file>` writes elsewhere.
 * A test checks that docs/openapi.json is what this writes, so the committed file never drifts.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ServingMode } from '../shared/api/backends';
import { openApiDocument } from '../shared/api/openapi/document';
import { APP_VERSION } from '../electron/version';

export const DEFAULT_OPENAPI_FILE = resolve(import.meta.dirname, '..', 'docs', 'openapi.json');

const MODES: readonly ServingMode[] = ['local', 'proxy', 'paired'];

/** The file's text: the document as JSON, two-space indented, ending in a newline. */
export function openApiFileText(mode: ServingMode = 'local'): string {
  return `${JSON.stringify(openApiDocument({ mode, version: APP_VERSION }), null, 2)}\n`;
}

function main(): void {
  const { values } = parseArgs({
    options: { mode: { type: 'string', default: 'local' }, out: { type: 'string', default: DEFAULT_OPENAPI_FILE } },
  });
  const mode = values.mode as ServingMode;
  if (!MODES.includes(mode)) throw new Error(`--mode must be one of ${MODES.join(', ')}, got "${values.mode}"`);
  writeFileSync(values.out, openApiFileText(mode));
  console.log(`wrote ${values.out} (${mode} mode)`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
