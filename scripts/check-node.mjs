// Stops at once, in one line, when this Node is older than package.json's "engines" asks for.
// The launcher imports it before anything else and the npm scripts that run the desk's code run it
// first: on Node 20 better-sqlite3 dies with a bare segmentation fault (and leaves a lock file in
// the data folder), which tells a user nothing. Written in plain old JavaScript (no ?., ??, nor
// top-level await) so that the Node it turns away can still read it.
import { readFileSync } from 'fs';

var packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
var range = packageJson.engines && packageJson.engines.node;
var minimum = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(String(range));
if (!minimum)
  throw new Error('scripts/check-node.mjs reads engines.node as ">=major.minor[.patch]", not "' + range + '"');

var wanted = [Number(minimum[1]), Number(minimum[2]), Number(minimum[3] || 0)];
var running = process.versions.node.split('.').map(Number);
var tooOld = false;
for (var i = 0; i < 3; i++) {
  if (running[i] !== wanted[i]) {
    tooOld = running[i] < wanted[i];
    break;
  }
}

if (tooOld) {
  var needed = wanted[0] + '.' + wanted[1] + (wanted[2] ? '.' + wanted[2] : '');
  process.stderr.write(
    'Dropzone Desk needs Node.js ' +
      needed +
      ' or newer (this is ' +
      process.versions.node +
      '): install Node ' +
      wanted[0] +
      ' LTS from https://nodejs.org or with your version manager (nvm install ' +
      wanted[0] +
      ')\n',
  );
  process.exit(1);
}
