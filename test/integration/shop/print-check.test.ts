import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { byPosition, runStationAsync as station, serviceLabels } from '../../helpers/peer';
import { twoBenchesOnOneService } from '../../helpers/shop';
import { tempDir } from '../../helpers/tmp';

// The check against the print data is the core's, whatever the door (docs/print-run.md, "The check against the print
// data"), and every Label of a Reel is checked against the print data this bench holds, whoever enrolled it: two
// stations, each its own data folder and its own processes (the CLI), on one sandbox through the fault and
// wire-variance proxies; the print data on A only, until B opens the Reel with it.

const shop = twoBenchesOnOneService('shop-print-check-');
const { a, b } = shop;
const files = tempDir('shop-print-data-');

type Finding = { kind: string; tagType: string; value: string; printedFor?: number; expected?: string };
type Shown = {
  hasPrintData: boolean;
  labels: { position: number; state: string; origin: string; printCheck: string; printFindings: Finding[]; warnings: string[] }[];
  problems: { kind: string; position: number; origin: string; findings: Finding[] }[];
};

async function ok<T>(data: string, ...args: string[]): Promise<T> {
  const out = await station(['--data', data, '--json', ...args]);
  expect(out.code, `${args.join(' ')}: ${out.stdout}${out.stderr}`).toBe(0);
  return out.json() as T;
}

async function refused(data: string, ...args: string[]): Promise<{ code: number; error: { code: string; message: string; detail?: Record<string, unknown> } }> {
  const out = await station(['--data', data, '--json', ...args]);
  return { code: out.code, error: (out.json() as { error: { code: string; message: string; detail?: Record<string, unknown> } }).error };
}

const serial = (p: number) => `W-${String(p).padStart(6, '0')}`;
const url = (p: number) => `https://ex.test/${serial(p)}`;
const at = (shown: Shown, position: number) => shown.labels.find((l) => l.position === position);

describe('the print-data check at every door', () => {
  let reelA = '';
  let serviceId = '';
  const csv = join(files.path, 'print-run.csv');

  it('A imports the print run; the values printed for position 15 at position 25 are refused as STATION_MISORDER naming both', async () => {
    writeFileSync(csv, ['position,text,qr', ...Array.from({ length: 40 }, (_, i) => `${i + 1},${serial(i + 1)},${url(i + 1)}`)].join('\n'));
    reelA = (await ok<{ reelId: string }>(a, 'reel', 'create', '--name', 'Job 4711 wine labels', '--expect', 'TEXT=1,QR=1')).reelId;
    expect(await ok(a, 'import', '--reel', reelA, csv, '--expected-only')).toMatchObject({ expected: 40 });

    const misorder = await refused(a, 'enroll', '--reel', reelA, '--position', '25', '--text', 'W-000015', '--qr', 'https://ex.test/W-000015');
    expect(misorder.code).toBe(1);
    expect(misorder.error.code).toBe('STATION_MISORDER');
    expect(misorder.error.message).toContain('printed for position 15, not for position 25');
    expect(misorder.error.message).toContain('--accept-mismatch');
    expect(misorder.error.detail).toMatchObject({ position: 25, printedFor: 15 });

    const misprint = await refused(a, 'enroll', '--reel', reelA, '--position', '26', '--text', 'W-999999');
    expect(misprint.code).toBe(1);
    expect(misprint.error.code).toBe('STATION_MISPRINT');
    expect(misprint.error.message).toContain('W-999999 was printed for no position');
    expect(misprint.error.detail).toMatchObject({ position: 26, value: 'W-999999', expected: 'W-000026' });

    // Nothing was queued for either.
    const shown = await ok<Shown>(a, 'reel', 'show', reelA);
    expect(shown.labels.filter((l) => l.state !== 'expected')).toEqual([]);
    // The print data's own values go through; so does the import door, which names the bad row.
    await ok(a, 'enroll', '--reel', reelA, '--position', '1', '--text', serial(1), '--qr', url(1));
    const rows = join(files.path, 'rows.csv');
    writeFileSync(rows, `position,text\n2,${serial(2)}\n3,${serial(30)}\n`);
    const imported = await refused(a, 'import', '--reel', reelA, rows);
    expect(imported.error.code).toBe('STATION_IMPORT_INVALID');
    expect(imported.error.message).toMatch(/line 3 \(position 3\): TEXT W-000030 was printed for position 30, not for position 3 \(a misorder\)/);
  }, 180_000);

  it('--accept-mismatch enrolls it, records it with the Label and counts it as a problem of the Reel', async () => {
    expect(await ok(a, 'enroll', '--reel', reelA, '--position', '26', '--text', 'W-999999', '--accept-mismatch')).toMatchObject({ state: 'queued' });
    const shown = await ok<Shown>(a, 'reel', 'show', reelA);
    expect(at(shown, 26)).toMatchObject({ printCheck: 'mismatch', printFindings: [{ kind: 'misprint', value: 'W-999999', expected: 'W-000026' }] });
    expect(at(shown, 26)?.warnings.join(' ')).toContain('print data mismatch accepted');
    expect(at(shown, 1)?.printCheck).toBe('match');
    expect(at(shown, 2)?.printCheck).toBe('unchecked');
    expect(shown.problems).toEqual([expect.objectContaining({ kind: 'printMismatch', position: 26, origin: 'here' })]);
    expect(await ok(a, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });
    serviceId = (await ok<{ serviceId: string }>(a, 'reel', 'show', reelA)).serviceId;
    const summary = await ok<{ problems: { printMismatches: number } }>(a, 'report', 'shift');
    expect(summary.problems.printMismatches).toBeGreaterThanOrEqual(1);
    const report = await ok<{ printCheck: { mismatches: number; positions: { position: number }[] } }>(a, 'report', '--reel', reelA);
    expect(report.printCheck.mismatches).toBe(1);
    expect(report.printCheck.positions.map((p) => p.position)).toEqual([26]);
  }, 180_000);

  it("bench B without print data enrolls a wrong value; A's reel show --refresh says mismatch; B opened with --print-data refuses it", async () => {
    const opened = await ok<{ reelId: string; hasPrintData: boolean }>(b, 'reel', 'open', serviceId, '--positions', '21-40');
    expect(opened.hasPrintData).toBe(false);
    const reelB = opened.reelId;
    // B holds no print data: the values printed for 15 go in at 24, unchecked here.
    expect(await ok(b, 'enroll', '--reel', reelB, '--position', '24', '--text', serial(15), '--qr', url(15))).toMatchObject({ state: 'queued' });
    expect(at(await ok<Shown>(b, 'reel', 'show', reelB), 24)?.printCheck).toBe('unchecked');
    expect(await ok(b, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });
    expect(byPosition(await serviceLabels(shop.peer, serviceId)).get(24)).toEqual(expect.arrayContaining([`TEXT=${serial(15)}`]));

    const onA = await ok<Shown>(a, 'reel', 'show', reelA, '--refresh');
    expect(at(onA, 24)).toMatchObject({
      origin: 'elsewhere',
      printCheck: 'mismatch',
      printFindings: expect.arrayContaining([{ kind: 'misorder', tagType: 'TEXT', value: serial(15), printedFor: 15 }]),
    });
    expect(onA.problems.map((p) => [p.position, p.origin])).toEqual([
      [24, 'elsewhere'],
      [26, 'here'],
    ]);

    // B opens the Reel again with the print run: now B checks too, its own Label 24 included, and the same values are refused.
    const again = await ok<Shown & { reelId: string }>(b, 'reel', 'open', serviceId, '--print-data', csv);
    expect(again.reelId).toBe(reelB);
    expect(again.hasPrintData).toBe(true);
    expect(again.problems.map((p) => p.position)).toEqual([24, 26]);
    const refusedOnB = await refused(b, 'enroll', '--reel', reelB, '--position', '25', '--text', serial(15), '--qr', url(15));
    expect(refusedOnB.error.code).toBe('STATION_MISORDER');
    expect(refusedOnB.error.detail).toMatchObject({ position: 25, printedFor: 15 });
    // A bad print-data file is named, row by row.
    const bad = join(files.path, 'bad.csv');
    writeFileSync(bad, 'position,text\nx,W-1\n');
    const badOpen = await refused(b, 'reel', 'open', serviceId, '--print-data', bad);
    expect(badOpen.error.code).toBe('STATION_IMPORT_INVALID');
    expect(badOpen.error.message).toContain('position "x" is not a whole number');
  }, 240_000);
});
