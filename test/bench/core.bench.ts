import { execFileSync } from 'node:child_process';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { startSandbox } from '../../src-sandbox';
import { enrollLabel } from '../../src-main/changes/enroll';
import { createReel } from '../../src-main/changes/reels';
import { openDatabase } from '../../src-main/store/database';
import { saveProfile } from '../../src-main/store/profiles';
import { speckleTag } from '../fixtures';
import { analysisSize, ANALYSIS_MAX_SIDE } from '../../src-shared/domain/image-quality';
import { benchStation, rawEnrollRate } from './drain';
import { tempDir } from '../helpers/tmp';
import { median, percentile, type Bench, type BenchRow } from './harness';

// The core's benchmarks: enroll commit with a 1600×1200 JPEG, sync drain of 1,000 Labels to the
// sandbox, RSS of the core with 10,000 queued Labels — each beside a raw baseline from the same run.

async function distinctJpegs(n: number): Promise<Buffer[]> {
  const out: Buffer[] = [];
  const seeds = Math.ceil(n / 4);
  for (let s = 0; s < seeds; s += 1) {
    const base = await speckleTag(100 + s, { format: 'jpeg' });
    for (const quality of [90, 85, 80, 75]) if (out.length < n) out.push(await sharp(base).jpeg({ quality }).toBuffer());
  }
  return out;
}

/** zxing-wasm's reader with its .wasm read from the installed package, as the station loads it. */
async function rawZxing() {
  const { prepareZXingModule, readBarcodes } = await import('zxing-wasm/reader');
  const bytes = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) }, fireImmediately: true });
  return readBarcodes;
}

async function enrollCommit(): Promise<BenchRow[]> {
  const dir = tempDir('bench-enroll-');
  const images = await distinctJpegs(100);
  const db = openDatabase({ dataDir: dir.path });
  saveProfile(db, {
    profileId: 'p',
    kind: 'remote',
    name: 'bench',
    baseUrl: 'http://127.0.0.1:9',
    orgId: null,
    teamId: null,
    locale: null,
    declaredActor: null,
  });
  const ctx = { db, dataDir: dir.path, profileId: () => 'p' };
  const { reelId } = createReel(ctx, { name: 'bench' });

  // Raw: the same work without the station: sharp metadata, the frame decoded at the analysis size and its codes read
  // with zxing-wasm as the grader reads them (an enrollment with a capture grades its codes: docs/print-quality.md,
  // "A grade per Label"), a thumbnail, write + fsync, one FULL insert.
  const readBarcodes = await rawZxing();
  const rawDb = new Database(join(dir.path, 'raw.sqlite3'));
  rawDb.pragma('journal_mode = WAL');
  rawDb.pragma('synchronous = FULL');
  rawDb.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, path TEXT, payload TEXT)');
  const insert = rawDb.prepare('INSERT INTO t (path, payload) VALUES (?, ?)');
  mkdirSync(join(dir.path, 'raw'), { recursive: true });
  const raw = async (image: Buffer, n: number) => {
    const meta = await sharp(image).metadata();
    const size = analysisSize(meta.width ?? 0, meta.height ?? 0, ANALYSIS_MAX_SIDE);
    const frame = await sharp(image).resize(size.width, size.height, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
    await readBarcodes(
      { data: new Uint8ClampedArray(frame.buffer, frame.byteOffset, frame.length), width: size.width, height: size.height, colorSpace: 'srgb' } as never,
      {
        formats: ['QRCode', 'MicroQRCode', 'rMQRCode', 'DataMatrix'],
        tryHarder: true,
        tryInvert: false,
        maxNumberOfSymbols: 8,
      },
    );
    const thumb = await sharp(image).resize({ width: 320 }).jpeg({ quality: 70 }).toBuffer();
    const path = join(dir.path, 'raw', `${n}.jpg`);
    const fd = openSync(path, 'w');
    writeSync(fd, image);
    fsyncSync(fd);
    closeSync(fd);
    insert.run(path, JSON.stringify({ n, thumb: thumb.length }));
  };

  const ours: number[] = [];
  const base: number[] = [];
  // Interleaved so both see the same machine load.
  for (let i = 0; i < images.length; i += 1) {
    const image = images[i] as Buffer;
    let t = performance.now();
    await raw(image, i);
    base.push(performance.now() - t);
    t = performance.now();
    await enrollLabel(ctx, { reelId, position: i + 1, identifiers: [{ tagType: 'TEXT', value: `B-${i}` }], svcImage: image });
    ours.push(performance.now() - t);
  }
  db.close();
  rawDb.close();
  dir.remove();
  // Throughput over the whole series (one at a time, as the bench saves them), not from the median.
  const perSecond = (times: number[]) => (times.length * 1000) / times.reduce((a, b) => a + b, 0);
  return [
    {
      name: `enroll commit, 1600×1200 JPEG, ${images.length} in a row`,
      value: perSecond(ours),
      unit: 'labels/s',
      better: 'higher',
      baseline: { name: 'raw sharp + zxing read + fsync + insert', value: perSecond(base) },
      target: 'ratio ≥ 0.7',
    },
    { name: 'enroll commit p50', value: median(ours), unit: 'ms', better: 'lower', baseline: { name: 'raw p50', value: median(base) } },
    {
      name: 'enroll commit p99',
      value: percentile(ours, 99),
      unit: 'ms',
      better: 'lower',
      baseline: { name: 'raw p99', value: percentile(base, 99) },
      target: '< 100 ms',
    },
  ];
}

async function syncDrain(): Promise<BenchRow[]> {
  const N = 1000;
  const dir = tempDir('bench-drain-');
  // Each side gets a fresh sandbox, so neither sends into a store the other already filled.
  const rawSandbox = await startSandbox({ dataDir: join(dir.path, 'sandbox-raw') });
  const sandbox = await startSandbox({ dataDir: join(dir.path, 'sandbox') });
  try {
    // Raw: the same enroll requests from a bare client at the same concurrency (4), run first.
    const raw = await rawEnrollRate(rawSandbox.baseUrl, rawSandbox, 4, N, 'R');
    const { station, call } = await benchStation(join(dir.path, 'station'), sandbox.baseUrl, sandbox);
    const { reelId } = (await call('reels.create', { name: 'drain' })) as { reelId: string };
    await call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
    // The engine keeps sending once started: held while the queue fills, so the drain is timed from its start.
    await call('sync.pause', {});
    const csv = ['position,text,qr', ...Array.from({ length: N }, (_, n) => `${n + 1},D-${n + 1},dq-${n + 1}`)].join('\n');
    await call('labels.import', { reelId, csv });
    const t = performance.now();
    await call('sync.resume', {});
    const summary = await call('sync.run', { untilIdle: true, timeoutSeconds: 600 });
    const ours = performance.now() - t;
    await station.close();
    if (summary.pending !== 0 || summary.attention !== 0) throw new Error(`drain did not finish: ${JSON.stringify(summary)}`);
    return [
      {
        name: 'sync drain of 1,000 queued Labels to the sandbox',
        value: (N / ours) * 1000,
        unit: 'labels/s',
        better: 'higher',
        baseline: { name: 'raw client, same requests, concurrency 4', value: raw },
        target: 'ratio ≥ 0.8',
      },
    ];
  } finally {
    await sandbox.close();
    await rawSandbox.close();
    dir.remove();
  }
}

function rssWithQueue(): BenchRow[] {
  const dir = tempDir('bench-rss-');
  const child = (args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', ...args], { encoding: 'utf8' });
  const fillPeak = Number(child([join(import.meta.dirname, 'core-rss-child.ts'), dir.path, 'fill']));
  const core = median([0, 1, 2].map(() => Number(child([join(import.meta.dirname, 'core-rss-child.ts'), dir.path, 'measure']))));
  const raw = median([0, 1, 2].map(() => Number(child([join(import.meta.dirname, 'rss-child.ts'), 'raw']))));
  dir.remove();
  const baseline = { name: 'node + raw SQLite', value: raw };
  return [
    { name: 'core RSS with 10,000 queued Labels (opened, queue and Reel read)', value: core, unit: 'MB', better: 'lower', baseline, target: '< 250 MB' },
    { name: 'core peak RSS while importing 10,000 Labels into the queue', value: fillPeak, unit: 'MB', better: 'lower', baseline, target: '< 250 MB' },
  ];
}

export const coreBench: Bench = {
  name: 'core (enroll commit, sync drain, queue RSS)',
  async run() {
    return [...(await enrollCommit()), ...(await syncDrain()), ...rssWithQueue()];
  },
};
