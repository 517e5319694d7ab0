// Child process for the core memory figure: a station with 10,000 queued Labels. Prints the RSS
// in MB after the core opened that data dir and read its queue and Reel (a fresh process, so the
// import itself does not count).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createStation } from '../../src-main/station';
import { ownPeakRssMb } from './harness';

const [dataDir, phase] = process.argv.slice(2) as [string, string];
// Like the CLI host: the print data is read from a file.
const station = await createStation({ dataDir, autoSync: false, allowFilePaths: true });
const call = async (name: string, input: unknown) => {
  const envelope = await station.call(name, input);
  if (!envelope.ok) throw new Error(`${name}: ${envelope.error.message}`);
  return envelope.value as Record<string, unknown>;
};
if (phase === 'fill') {
  // An unreachable remote service: everything stays queued.
  await call('profiles.connect', {
    kind: 'remote',
    baseUrl: 'http://127.0.0.1:9',
    apiKey: 'bench-key',
    orgId: '00000000-0000-4000-8000-000000000001',
    teamId: '00000000-0000-4000-8000-000000000002',
  });
  const { reelId } = (await call('reels.create', { name: 'RSS reel' })) as { reelId: string };
  const csv = ['position,text,qr', ...Array.from({ length: 10_000 }, (_, n) => `${n + 1},R-${n + 1},https://example.test/r/${n + 1}`)].join('\n');
  writeFileSync(join(dataDir, 'print.csv'), csv);
  await call('labels.import', { reelId, path: join(dataDir, 'print.csv') });
  writeFileSync(join(dataDir, 'reel-id'), reelId);
  // Peak RSS of this process itself, not of the bench process that spawned it (see ownPeakRssMb).
  process.stdout.write(`${ownPeakRssMb()}\n`);
} else {
  const { readFileSync } = await import('node:fs');
  const reelId = readFileSync(join(dataDir, 'reel-id'), 'utf8');
  await call('station.status', {});
  await call('queue.list', { limit: 1000 });
  await call('reels.show', { reelId });
  process.stdout.write(`${process.memoryUsage().rss / 1024 / 1024}\n`);
}
await station.close();
process.exit(0);
