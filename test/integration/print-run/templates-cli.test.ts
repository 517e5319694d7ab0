import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { runStation } from '../../helpers/cli';
import { runStationAsync } from '../../helpers/peer';
import { tempDir } from '../../helpers/tmp';

// The template commands as a shop lead types them (README, docs/print-run.md, "Templates"): the real `station` bin.

const dir = tempDir('templates-cli-');
afterAll(() => dir.remove());
const FILE = join(import.meta.dirname, '../../fixtures/templates/zebradesigner.zpl');

describe('station print-run template', () => {
  it('adds a template from its file, lists, shows and removes it; says the commands that change the printer', () => {
    const station = (...args: string[]) => runStation(['--data', dir.path, '--json', 'print-run', 'template', ...args]);
    const added = station('add', 'Line 3', FILE);
    expect(added.code, added.stderr).toBe(0);
    expect(added.json()).toMatchObject({ name: 'Line 3', kind: 'zpl', codes: ['qr', 'dataMatrix'], printerCommands: [{ command: '^JUS' }] });
    expect((station('list').json() as { templates: { name: string }[] }).templates.map((x) => x.name)).toEqual(['Line 3']);
    expect((station('show', 'Line 3').json() as { body: string }).body).toContain('^FH\\^FDQA,{qr}^FS');
    const words = runStation(['--data', dir.path, 'print-run', 'template', 'list']);
    expect(words.stdout).toContain('Changes the printer beyond the label: ^JUS');
    expect(station('remove', 'Line 3').json()).toEqual({ removed: 'Line 3' });
    const gone = station('show', 'Line 3');
    expect(gone.code).not.toBe(0);
    expect(gone.stderr + gone.stdout).toContain('STATION_NOT_FOUND');
  });
});

describe('station print-run generate --template', () => {
  // A Code 128 placed near the label's right edge (test/fixtures/templates/bar-code-edge.zpl): a serial of digits only
  // is short (Code 128 set C) and fits; one whose ISO 7064 check character is a letter is longer and runs off the
  // label. Serials 00028–00036 at positions 1–9: 28, 29 and 36 end in a digit, 30–35 (positions 3–8) in a letter, so
  // the first and last labels pass and the middle ones fail: only a check of every label finds them.
  const EDGE = join(import.meta.dirname, '../../fixtures/templates/bar-code-edge.zpl');
  const data = join(dir.path, 'generate');
  const cli = (...args: string[]) => runStationAsync(['--data', data, '--json', ...args]);
  const run = (reelId: string, count: number, out: string) =>
    cli(
      'print-run',
      'generate',
      '--reel',
      reelId,
      '--count',
      String(count),
      '--start',
      '28',
      '--digits',
      '5',
      '--check',
      'iso7064-mod37-36',
      '--qr-template',
      'https://example.test/{serial}',
      '--bar-code',
      '{serial}',
      '--template',
      'edge',
      '--out',
      out,
    );

  it('checks every label before writing the file, its progress on stderr, and refuses naming the positions that fail', async () => {
    expect((await cli('connect', '--sandbox')).code).toBe(0);
    const reelId = ((await cli('reel', 'create', '--name', 'Edge', '--expect', 'TEXT=1,QR=1,BAR_CODE=1')).json() as { reelId: string }).reelId;
    expect((await cli('print-run', 'template', 'add', 'edge', EDGE)).code).toBe(0);

    const bad = join(dir.path, 'edge-bad.zpl');
    const refused = await run(reelId, 9, bad);
    expect(refused.code).toBe(1);
    const error = (refused.json() as { error: { code: string; message: string; detail: { positions: number[][] } } }).error;
    expect(error.code).toBe('STATION_PREFLIGHT_FAILED');
    expect(error.detail.positions).toEqual([[3, 8]]);
    expect(error.message).toContain('at position(s) 3–8');
    expect(error.message).toContain('Position 3: its Code 128 bar code could not be read once drawn');
    expect(refused.stderr).toContain('Checking labels before printing (template edge): 9 of 9, refused.');
    expect(existsSync(bad)).toBe(false);

    // The first two alone pass: every one checked, the file written.
    const good = join(dir.path, 'edge-good.zpl');
    const written = await run(reelId, 2, good);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stderr).toContain('Checking labels before printing (template edge): 2 of 2, every label passed.');
    expect(existsSync(good)).toBe(true);
  }, 120_000);
});
