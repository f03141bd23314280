// A reader thread from this checkout's TypeScript (npm run serve, the tests): tsx registered in
// the thread itself, as bin/dropzone-desk.mjs does for the process. The desktop app's bundle
// starts out/read-worker.cjs instead (scripts/electron-bundles.ts).
import { register } from 'tsx/esm/api';

register();
await import('./read-worker.ts');
