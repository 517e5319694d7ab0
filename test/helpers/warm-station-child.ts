// A station as a host that stays up starts it, for test/integration/station/warm-up.test.ts: created with or without
// the warm-up (`node --import tsx warm-station-child.ts DATA_DIR warm|cold`), left until the warm-up has run, then closed.
import { createStation } from '../../src-main/station';

const [dataDir, mode] = process.argv.slice(2);
if (!dataDir || (mode !== 'warm' && mode !== 'cold')) throw new Error('usage: warm-station-child.ts DATA_DIR warm|cold');
const station = await createStation({ dataDir, autoSync: false, warmUp: mode === 'warm' });
await station.warmedUp();
await station.close();
