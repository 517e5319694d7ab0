import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runStation } from '../helpers/cli';
import { tempDir } from '../helpers/tmp';

// The shift summary's PDF from the command line: `station report shift --pdf FILE` prints the same shift
// summary page as the GUI's "Export PDF" (Chromium, from a web host the command starts), its --json answer names the
// file and what it holds, and pdftotext reads the day's counts in it. A file that cannot be written and a day that is
// no day are refused at once, in words, with their code. The work is done by the real CLI (`station` processes) on
// the embedded sandbox; the PDF needs the built UI (`npm run build`), hence an e2e test.

let dir: { path: string; remove(): void };
let data: string;

test.beforeAll(() => {
  test.setTimeout(180_000);
  dir = tempDir('station-e2e-shift-cli-');
  data = join(dir.path, 'data');
  const run = (args: string[]) => {
    const out = runStation(['--data', data, '--json', ...args]);
    expect(out.code, `${args.join(' ')}: ${out.stderr}`).toBe(0);
    return out.json() as Record<string, unknown>;
  };
  run(['connect', '--sandbox']);
  const { reelId } = run(['reel', 'create', '--name', 'Shift CLI reel', '--expect', 'TEXT=1']) as { reelId: string };
  for (let position = 1; position <= 4; position += 1) run(['enroll', '--reel', reelId, '--position', String(position), '--text', `SHIFT-${position}`]);
  expect(run(['sync', '--until-idle'])).toMatchObject({ pending: 0, attention: 0 });
});

test.afterAll(() => dir?.remove());

test('station report shift --pdf prints the shift summary page; --json names the file and what it holds', async () => {
  test.setTimeout(120_000);
  const file = join(dir.path, 'shift.pdf');
  const out = runStation(['--data', data, '--json', 'report', 'shift', '--pdf', file]);
  expect(out.code, out.stderr).toBe(0);
  const answer = out.json() as { day: string; labels: number; reels: { name: string }[]; pdf: { path: string; bytes: number; holds: string } };
  expect(answer.labels).toBe(4);
  expect(answer.reels.map((r) => r.name)).toEqual(['Shift CLI reel']);
  expect(answer.pdf).toEqual({
    path: file,
    bytes: readFileSync(file).length,
    holds: `the shift summary of ${answer.day}: 4 Labels saved, 0 problems, Reels worked on: 1; with the problems by kind and the Labels per hour`,
  });
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/^Pages:\s+[1-9]\d*$/m);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Shift summary of');
  expect(text).toMatch(/Labels\s+4\b/);
  expect(text).toMatch(/Error rate\s+0% \(0 problems\)/);
  expect(text).toMatch(/Misprints\s+0\b/);
  expect(text).toMatch(/Shift CLI reel\s+4\s+0\s+yes\b/);
  // Only the summary is printed: no navigation, no status bar.
  expect(text).not.toContain('Bulk bind');
  // Written whole: no temporary file left beside it.
  expect(readdirSync(dir.path).filter((name) => name.endsWith('.partial'))).toEqual([]);

  // The same day in German, from the same page; a day with no work is a summary of nothing, not an error.
  const german = join(dir.path, 'schicht.pdf');
  expect(runStation(['--data', data, '--json', 'report', 'shift', '--day', answer.day, '--lang', 'de', '--pdf', german]).code).toBe(0);
  expect(execFileSync('pdftotext', ['-layout', german, '-'], { encoding: 'utf8' })).toContain('Schichtübersicht vom');
  const empty = runStation(['--data', data, '--json', 'report', 'shift', '--day', '2001-01-01', '--utc-offset=-300']);
  expect(empty.code, empty.stderr).toBe(0);
  expect(empty.json()).toMatchObject({ day: '2001-01-01', labels: 0, from: '2001-01-01T05:00:00.000Z' });
});

test('a file that cannot be written and a day that is no day are refused at once, in words, with their code', () => {
  const noFolder = join(dir.path, 'no-such-folder', 'shift.pdf');
  const missing = runStation(['--data', data, '--json', 'report', 'shift', '--pdf', noFolder]);
  expect(missing.code).toBe(1);
  expect(missing.json()).toEqual({
    error: expect.objectContaining({
      code: 'STATION_INVALID_INPUT',
      message: `Cannot write the PDF to "${noFolder}": the folder "${join(dir.path, 'no-such-folder')}" does not exist. Check that the folder exists and the station may write there, then try again.`,
    }),
  });
  const folder = runStation(['--data', data, '--json', 'report', 'shift', '--pdf', dir.path]);
  expect(folder.code).toBe(1);
  expect(folder.json()).toMatchObject({ error: { code: 'STATION_INVALID_INPUT', message: expect.stringContaining('it is a folder') } });

  for (const [flag, value] of [
    ['--day', '2026-02-30'],
    ['--day', '26.11.2026'],
    ['--utc-offset', '900'],
    ['--lang', 'fr'],
  ] as const) {
    const out = runStation(['--data', data, '--json', 'report', 'shift', flag, value, '--pdf', join(dir.path, 'never.pdf')]);
    expect(out.code, `${flag} ${value}`).toBe(2);
    expect(out.json()).toMatchObject({ error: { code: 'USAGE', message: expect.stringContaining(`(got "${value}")`) } });
  }
  expect(existsSync(join(dir.path, 'never.pdf'))).toBe(false);
});
