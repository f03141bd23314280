/** Opens (creating and migrating) a store and closes it, as the token CLI does. Usage: open-store.ts STORE_FILE */
import { openStore } from '../../electron/store/open';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: open-store.ts STORE_FILE');
openStore(file).close();
