import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { warmReelOpening } from '../../../src-main/commands/warm-up';
import { repoRoot } from '../../helpers/processes';
import { tempDir } from '../../helpers/tmp';

// The warm-up of a host that stays up (docs/architecture.md, "Start-up"): soon after start it loads the command areas
// of a shift's first actions and reads a made-up page of Labels as an opening does, so the operator's first opening of
// a Reel does not wait for code. What the process loaded is recorded by the module hook cli-startup.test.ts uses.

const dir = tempDir('station-warm-up-');
afterAll(() => dir.remove());

/** The station's own modules (repository paths) a station loaded, started with or without the warm-up. */
function loadedBy(mode: 'warm' | 'cold'): Set<string> {
  const record = join(dir.path, `loaded-${mode}.txt`);
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      join(repoRoot, 'test/helpers/loaded-modules/record.mjs'),
      join(repoRoot, 'test/helpers/warm-station-child.ts'),
      join(dir.path, mode),
      mode,
    ],
    { cwd: repoRoot, env: { ...process.env, LOADED_MODULES_FILE: record }, encoding: 'utf8', timeout: 120_000 },
  );
  expect(run.status, run.stderr).toBe(0);
  const lines = readFileSync(record, 'utf8').split('\n').filter(Boolean);
  return new Set(lines.flatMap((line) => (line.startsWith('file:') ? [fileURLToPath(line).slice(repoRoot.length + 1)] : [])));
}

const FIRST_ACTIONS = ['src-main/commands/reels.ts', 'src-main/commands/labels.ts', 'src-main/commands/queue.ts', 'src-main/service/read/labels.ts'];

describe('the warm-up', () => {
  it('loads the Reels, Labels and Queue areas and reads a page before any command; without it nothing of them loads', () => {
    const warm = loadedBy('warm');
    for (const path of [...FIRST_ACTIONS, 'src-main/commands/warm-up.ts']) expect(warm, path).toContain(path);
    const cold = loadedBy('cold');
    for (const path of [...FIRST_ACTIONS, 'src-main/commands/warm-up.ts']) expect(cold, path).not.toContain(path);
  });

  it('reads its made-up pages as the service would send them', async () => {
    let turns = 0;
    await expect(
      warmReelOpening(async () => {
        turns += 1;
      }),
    ).resolves.toBeUndefined();
    // The event loop turns between pages.
    expect(turns).toBe(4);
  });
});
