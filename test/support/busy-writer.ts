/**
 * A second process writing to a desk's store, as the token CLI does while the desk serves: it
 * holds the write lock for `holdMs` at a time, `rounds` times, and prints one line per commit.
 * Usage: node --import tsx test/support/busy-writer.ts STORE_FILE ROUNDS HOLD_MS
 */
import { Store } from '../../electron/store/store';
import { openStore } from '../../electron/store/open';

const [file, rounds = '40', holdMs = '40'] = process.argv.slice(2);
if (!file) throw new Error('usage: busy-writer.ts STORE_FILE ROUNDS HOLD_MS');
const store = new Store(openStore(file));
const dropzone = store.dropzones.all()[0];
if (!dropzone) throw new Error('the store has no dropzone');
const pause = new Int32Array(new SharedArrayBuffer(4));
for (let round = 1; round <= Number(rounds); round += 1) {
  store.transaction(() => {
    store.tokens.add(dropzone.id, `busy-writer-${process.pid}-${round}`, 'busy writer', new Date().toISOString());
    // Hold the write lock, as a slower writer would.
    Atomics.wait(pause, 0, 0, Number(holdMs));
  });
  process.stdout.write(`commit ${round}\n`);
  Atomics.wait(pause, 0, 0, 15);
}
store.close();
