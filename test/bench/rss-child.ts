// Child process for the memory figure: prints its RSS in MB after opening either
// the whole core or only a raw SQLite database (the baseline).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { createStation } from '../../src-main/station';
import { tempDir } from '../helpers/tmp';

const dir = tempDir('station-rss-');
if (process.argv[2] === 'core') {
  const station = await createStation({ dataDir: dir.path });
  await station.call('station.status', {});
  process.stdout.write(`${process.memoryUsage().rss / 1024 / 1024}\n`);
  await station.close();
} else {
  const db = new Database(join(dir.path, 'raw.sqlite3'));
  db.exec('CREATE TABLE t (id TEXT)');
  process.stdout.write(`${process.memoryUsage().rss / 1024 / 1024}\n`);
  db.close();
}
dir.remove();
