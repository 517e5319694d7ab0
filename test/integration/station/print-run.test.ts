import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StationError } from '../../../src-shared/ipc';
import { openStation, runStationAsync as cli, type TestStation } from '../../helpers/peer';
import { tempDir } from '../../helpers/tmp';

// Print runs through the station contract and the CLI (docs/print-run.md): preview, the conflict check before
// anything is saved, the rows saved as expected values, the three exports, and file paths only from the CLI.

const dir = tempDir('print-run-');
afterAll(() => dir.remove());

const SPEC = { count: 40, prefix: 'SER-', digits: 4, check: 'luhn', qr: 'https://example.test/{serial}' };

describe('print runs on a station', () => {
  let t: TestStation;
  let ui: TestStation;
  let reelId = '';
  beforeAll(async () => {
    t = await openStation(join(dir.path, 'station'));
    await t.call('profiles.connect', { kind: 'sandbox' });
    ({ reelId } = await t.call('reels.create', {
      name: 'Run',
      expectedIdentifiers: [
        { tagType: 'TEXT', count: 1 },
        { tagType: 'QR', count: 1 },
      ],
    }));
    // A host whose caller is a browser: no file paths.
    ui = await openStation(join(dir.path, 'ui'), { allowFilePaths: false });
    await ui.call('profiles.connect', { kind: 'sandbox' });
  });
  afterAll(async () => {
    await t.close();
    await ui.close();
  });

  it('previews the first and last labels with their check characters, and saves nothing', async () => {
    const preview = await t.call('printRun.preview', { reelId, spec: SPEC });
    expect(preview.count).toBe(40);
    // Luhn over the number's digits: 0001 → 8, 0040 → 6.
    expect(preview.first[0]).toEqual({ position: 1, serial: 'SER-00018', text: 'SER-00018', qr: 'https://example.test/SER-00018' });
    expect(preview.last.at(-1)).toMatchObject({ position: 40, serial: 'SER-00406' });
    expect(preview.conflictCount).toBe(0);
    expect((await t.call('reels.show', { reelId })).labels).toEqual([]);
  });

  it('saves the rows as expected values, then refuses a run that collides with them, saving nothing', async () => {
    const saved = await t.call('printRun.generate', { reelId, spec: SPEC, expected: true });
    expect(saved).toMatchObject({ count: 40, expected: 40, file: null });
    const reel = await t.call('reels.show', { reelId });
    expect(reel.labelCounts).toEqual({ expected: 40 });
    expect(reel.labels.find((l) => l.position === 17)?.expected).toEqual({ TEXT: 'SER-00174', QR: 'https://example.test/SER-00174' });

    // The same run again is the Reel's own print data: no conflict, and saved again it changes nothing.
    const own = await t.call('printRun.preview', { reelId, spec: SPEC });
    expect(own.conflictCount).toBe(0);
    expect(await t.call('printRun.generate', { reelId, spec: SPEC, expected: true })).toMatchObject({ expected: 40, conflictCount: 0 });
    expect((await t.call('reels.show', { reelId })).labelCounts).toEqual({ expected: 40 });

    // Same positions again: refused with each conflict named; nothing changed.
    const again = await t.call('printRun.generate', { reelId, spec: { ...SPEC, start: 101 }, expected: true }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(StationError);
    expect((again as StationError).code).toBe('STATION_CONFLICT');
    expect((again as StationError).message).toMatch(/collides with the Reel in \d+ place\(s\), so nothing was saved: position 1 already holds a Label/);
    expect((again as { detail: { conflicts: { kind: string }[] } }).detail.conflicts.every((c) => c.kind === 'position-taken')).toBe(true);
    // Same values at new positions: each repeated value is named with both positions.
    const repeated = await t.call('printRun.preview', { reelId, spec: { ...SPEC, firstPosition: 41 } });
    expect(repeated.conflicts.every((c) => c.kind === 'value-used')).toBe(true);
    expect(repeated.conflicts[0]).toMatchObject({ kind: 'value-used', position: 41, existingPosition: 1, value: 'SER-00018' });
    expect((await t.call('reels.show', { reelId })).labelCounts).toEqual({ expected: 40 });

    // A run after them fits.
    expect(await t.call('printRun.generate', { reelId, spec: { ...SPEC, start: 41, firstPosition: 41 }, expected: true })).toMatchObject({ expected: 40 });
    expect((await t.call('reels.show', { reelId })).labelCounts).toEqual({ expected: 80 });
  });

  it('exports CSV, a proof PDF and ZPL as downloads', async () => {
    const csv = await t.call('printRun.export', { reelId, spec: SPEC, format: 'csv' });
    expect(csv).toMatchObject({ fileName: 'Run-print-run.csv', mediaType: 'text/csv' });
    const lines = Buffer.from(csv.base64, 'base64').toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe('position,text,qr,data_matrix,bar_code,nfc,svc');
    expect(lines).toHaveLength(41);
    const pdf = await t.call('printRun.export', { reelId, spec: SPEC, format: 'pdf', layout: { stock: '70x37' } });
    expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.bytes).toBe(Buffer.from(pdf.base64, 'base64').length);
    // Every page has the head (Reel, run, day) and "page N of M" (docs/print-run.md): 40 labels of 70x37 are 2 pages of 21.
    const proof = join(dir.path, 'proof.pdf');
    writeFileSync(proof, Buffer.from(pdf.base64, 'base64'));
    const pages = execFileSync('pdftotext', ['-layout', proof, '-'], { encoding: 'utf8' })
      .split('\f')
      .filter((page) => page.trim());
    expect(pages).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    pages.forEach((page, n) => {
      expect(page).toContain(`Run · print run positions 1–40, SER-00018 … SER-00406 (40 labels) · ${today}`);
      expect(page).toContain(`page ${n + 1} of 2`);
    });
    const zpl = Buffer.from((await t.call('printRun.export', { reelId, spec: SPEC, format: 'zpl' })).base64, 'base64').toString();
    expect(zpl.match(/\^XA/g)).toHaveLength(40);
    expect(zpl).toContain('^FDQA,https://example.test/SER-00018^FS');
  });

  it('refuses a bad spec with every problem named, and a file path from a browser host', async () => {
    const bad = await t.call('printRun.preview', { reelId, spec: { count: 5, start: 8, digits: 1, qr: 'no-placeholder' } }).catch((e: unknown) => e);
    expect((bad as StationError).code).toBe('STATION_INVALID_INPUT');
    expect((bad as StationError).message).toMatch(/digits 1 is too few for the last number 12 \(2 digits\): use --digits 2 or more/);
    expect((bad as StationError).message).toMatch(/has no \{serial\}/);
    const { reelId: uiReel } = await ui.call('reels.create', { name: 'UI run' });
    const refused = await ui.call('printRun.generate', { reelId: uiReel, spec: SPEC, out: join(dir.path, 'x.csv') }).catch((e: unknown) => e);
    expect((refused as StationError).code).toBe('STATION_INVALID_INPUT');
    expect((refused as StationError).message).toMatch(/accepted only from the command line/);
  });
});

describe('station print-run generate (CLI)', () => {
  const data = join(dir.path, 'cli');
  it('names count, first and last; writes the file with --out; saves expected values with --expected', async () => {
    expect((await cli(['--data', data, '--json', 'connect', '--sandbox'])).code).toBe(0);
    const reelId = ((await cli(['--data', data, '--json', 'reel', 'create', '--name', 'CLI run', '--expect', 'TEXT=1,QR=1'])).json() as { reelId: string })
      .reelId;
    const base = [
      '--data',
      data,
      '--json',
      'print-run',
      'generate',
      '--reel',
      reelId,
      '--count',
      '25',
      '--start',
      '7',
      '--step',
      '2',
      '--prefix',
      'A',
      '--digits',
      '5',
      '--suffix',
      'Z',
      '--check',
      'gs1',
      '--qr-template',
      'https://example.test/{serial}',
      '--first-position',
      '3',
    ];
    const dry = await cli(base);
    expect(dry.code).toBe(0);
    // GS1 mod 10 over 00007 is 9; the last number is 7 + 24 × 2 = 55 (check 0).
    expect(dry.json()).toEqual({
      count: 25,
      first: { position: 3, serial: 'A000079Z', text: 'A000079Z', qr: 'https://example.test/A000079Z' },
      last: { position: 27, serial: 'A000550Z', text: 'A000550Z', qr: 'https://example.test/A000550Z' },
      expected: 0,
      conflicts: 0,
    });
    const out = join(dir.path, 'run.csv');
    const written = await cli([...base, '--out', out, '--expected']);
    expect(written.code).toBe(0);
    expect(written.json()).toMatchObject({ count: 25, expected: 25, file: { path: out, format: 'csv' } });
    const lines = readFileSync(out, 'utf8').trim().split(/\r?\n/);
    expect(lines).toHaveLength(26);
    expect(lines[1]).toBe('3,A000079Z,https://example.test/A000079Z,,,,');
    // The saved rows are the Reel's expected values: the same run again is its own (nothing collides); another run
    // over the same positions collides.
    const same = await cli([...base, '--expected']);
    expect(same.code).toBe(0);
    expect(same.json()).toMatchObject({ expected: 25, conflicts: 0 });
    const again = await cli([...base.map((a) => (a === '7' ? '8' : a)), '--expected']);
    expect(again.code).toBe(1);
    expect((again.json() as { error: { code: string } }).error.code).toBe('STATION_CONFLICT');
    const usage = await cli(['--data', data, '--json', 'print-run', 'generate', '--reel', reelId, '--count', 'x', '--qr-template', '{serial}']);
    expect(usage.code).toBe(2);
  });
});
