import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runStation } from '../../helpers/cli';
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
