import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../test/helpers/processes';
import { ALLOWED, areaOf, withoutArea } from './import-boundaries.js';

// The cases are files that are not on disk: the renderer's typed linting (its TypeScript program, for
// station/effect-returns-cleanup) cannot find them, and this rule needs no types.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: {
    files: ['src-renderer/**'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { 'station/effect-returns-cleanup': 'off' },
  },
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'station/import-boundaries').map((m) => m.message);
}

// The areas and what each may import, written out here from the layout (not read from the rule),
// so that a wrong entry in the rule's ALLOWED fails.
const SHARED = 'src-shared';
const RUNTIME = 'main/runtime';
const LEAVES = ['main/store', 'main/service', 'main/devices'];
const FOR_COMMANDS = [
  'main/changes',
  'main/reads',
  'main/sync',
  'main/connection',
  'main/store',
  'main/service',
  'main/devices',
  'main/print-run',
  'main/printers',
  'main/print-quality',
  'main/quality-check',
  'main/reports',
];
const FOR_HOSTS = ['main/station', RUNTIME, 'main/store', 'main/devices', 'main/print-quality', 'main/service', 'src-sandbox', SHARED];
const SPEC: Record<string, string[]> = {
  'src-shared': [],
  'src-preload': [SHARED],
  'src-renderer': [SHARED],
  'src-sandbox': [SHARED],
  'main/runtime': [SHARED],
  ...Object.fromEntries(LEAVES.map((leaf) => [leaf, [SHARED, RUNTIME]])),
  'main/connection': [SHARED, RUNTIME, 'main/store', 'main/service'],
  'main/sync': [SHARED, RUNTIME, 'main/store', 'main/service'],
  'main/changes': [SHARED, RUNTIME, 'main/store', 'main/devices', 'main/print-run', 'main/print-quality'],
  'main/reads': [SHARED, RUNTIME, 'main/store', 'main/service', 'main/changes'],
  'main/print-run': [SHARED, RUNTIME, 'main/store'],
  'main/printers': [SHARED, RUNTIME, 'main/store', 'main/print-run'],
  'main/print-quality': [SHARED, RUNTIME, 'main/devices'],
  'main/quality-check': [SHARED, RUNTIME, 'main/store', 'main/service'],
  'main/reports': [SHARED, RUNTIME, 'main/store', 'main/service', 'main/quality-check'],
  'main/commands': [SHARED, RUNTIME, ...FOR_COMMANDS],
  'main/station': [SHARED, RUNTIME, 'main/commands', ...FOR_COMMANDS, 'src-sandbox'],
  'main/hosts': FOR_HOSTS,
  'main/hosts/electron': [...FOR_HOSTS, 'main/hosts'],
};

/** A file of each area, as the importer. */
const FILE: Record<string, string> = {
  'src-shared': 'src-shared/api/x.ts',
  'src-preload': 'src-preload/x.ts',
  'src-renderer': 'src-renderer/src/x.ts',
  'src-sandbox': 'src-sandbox/routes/x.ts',
  'main/station': 'src-main/station.ts',
  'main/hosts': 'src-main/hosts/web/x.ts',
  'main/hosts/electron': 'src-main/hosts/electron/x.ts',
};
/** A module of each area, as the imported (without extension, as imports name them). */
const MODULE: Record<string, string> = {
  'src-shared': 'src-shared/ipc/envelope',
  'src-preload': 'src-preload/index',
  'src-renderer': 'src-renderer/src/contract',
  'src-sandbox': 'src-sandbox/app',
  'main/station': 'src-main/station',
  'main/hosts': 'src-main/hosts/web/server',
  'main/hosts/electron': 'src-main/hosts/electron/main',
};
const fileOf = (area: string) => FILE[area] ?? `src-main/${area.slice('main/'.length)}/x.ts`;
const moduleOf = (area: string) => MODULE[area] ?? `src-main/${area.slice('main/'.length)}/y`;
const specifier = (from: string, to: string) => {
  const rel = relative(dirname(from), to);
  return rel.startsWith('.') ? rel : `./${rel}`;
};
const importing = (file: string, target: string) => `import { v } from '${specifier(file, target)}';\nexport { v };`;

const pairs = Object.keys(SPEC).flatMap((from) =>
  Object.keys(SPEC)
    .filter((to) => to !== from)
    .map((to) => [from, to] as const),
);

describe('import boundaries lint rule', () => {
  it('has an area for every folder of the layout, and allows what the layout says', () => {
    expect(Object.fromEntries(Object.entries(ALLOWED).map(([k, v]) => [k, [...v].sort()]))).toEqual(
      Object.fromEntries(Object.entries(SPEC).map(([k, v]) => [k, [...v].sort()])),
    );
  });

  it.each(pairs)('%s importing %s: allowed exactly when the layout says so', async (from, to) => {
    const file = fileOf(from);
    const errors = await boundaryErrors(file, importing(file, moduleOf(to)));
    if (SPEC[from]?.includes(to)) {
      expect(errors).toEqual([]);
    } else {
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(`${from} may not import ${to}:`);
      // The message says what the area may import instead.
      expect(errors[0]).toContain(`${from} may import ${SPEC[from]?.length ? SPEC[from]?.join(', ') : 'nothing else in the tree'}`);
    }
  });

  it('a folder import (index) counts as its area', async () => {
    expect(await boundaryErrors('src-main/station.ts', "import { s } from './service';\nexport { s };")).toEqual([]);
    expect(await boundaryErrors('src-main/devices/x.ts', "import { s } from '../sync';\nexport { s };")).toEqual([
      expect.stringContaining('main/devices may not import main/sync:'),
    ]);
    expect(await boundaryErrors('src-main/commands/x.ts', "import { s } from '../../src-sandbox';\nexport { s };")).toEqual([
      expect.stringContaining('main/commands may not import src-sandbox:'),
    ]);
  });

  it.each([
    ['src-main/core/x.ts', 'src-main/core'],
    ['src-main/core/handlers/x.test.ts', 'src-main/core'],
    ['src-main/newfolder/x.ts', 'src-main/newfolder'],
    ['src-main/other/x.ts', 'src-main/other'],
  ])('%s, in a folder of src-main with no area, is an error of its own', async (file, place) => {
    expect(await boundaryErrors(file, "import { z } from 'zod';\nexport { z };")).toEqual([
      `${place} has no import area: add it to eslint-rules/import-boundaries.js.`,
    ]);
  });

  it.each(['src-main/log.ts', 'src-main/events.ts', 'src-main/log.test.ts'])('%s, directly in src-main, is an error of its own', async (file) => {
    expect(await boundaryErrors(file, 'export const x = 1;')).toEqual([
      `${file} has no import area: move it into the folder of its area, or add it to eslint-rules/import-boundaries.js.`,
    ]);
  });

  it('no catch-all area: importing a src-main folder or file without an area is refused, from every main area', async () => {
    expect(areaOf('src-main/core/core.ts')).toBeUndefined();
    expect(areaOf('src-main/log.ts')).toBeUndefined();
    expect(withoutArea('src-main/core/handlers/reels.ts')).toBe('src-main/core');
    expect(withoutArea('src-main/store/database.ts')).toBeUndefined();
    for (const from of Object.keys(SPEC).filter((a) => a.startsWith('main/'))) {
      const file = fileOf(from);
      expect(await boundaryErrors(file, importing(file, 'src-main/core/core')), from).toEqual([
        `${from} may not import src-main/core, which has no import area: add it to eslint-rules/import-boundaries.js.`,
      ]);
      expect(await boundaryErrors(file, importing(file, 'src-main/log')), from).toEqual([
        `${from} may not import src-main/log, which has no import area: add it to eslint-rules/import-boundaries.js.`,
      ]);
    }
  });

  it.each([
    ['src-main/store/x.test.ts', 'test/helpers/tmp'],
    ['src-main/commands/x.test.ts', 'test/integration/station/peer'],
    ['src-shared/api/x.test.ts', 'test/fixtures'],
    ['src-sandbox/optical/x.test.ts', 'test/fixtures/prng'],
    ['src-renderer/src/x.test.ts', 'test/helpers/tmp'],
  ])('the unit test %s may import %s from the test folder', async (file, target) => {
    expect(await boundaryErrors(file, importing(file, target))).toEqual([]);
  });

  it.each([
    ['src-main/store/x.ts', 'main/store'],
    ['src-main/station.ts', 'main/station'],
    ['src-shared/api/x.ts', 'src-shared'],
    ['src-sandbox/x.ts', 'src-sandbox'],
  ])('%s, not a test, may not import the test folder', async (file, area) => {
    expect(await boundaryErrors(file, importing(file, 'test/helpers/tmp'))).toEqual([`${area} may not import test/: only a unit test (*.test.ts) may.`]);
  });

  it('a unit test is still held to its area', async () => {
    const errors = await boundaryErrors('src-main/changes/x.test.ts', importing('src-main/changes/x.test.ts', 'src-main/sync/engine'));
    expect(errors).toEqual([expect.stringContaining('main/changes may not import main/sync:')]);
  });

  it.each([
    ['src-shared/api/x.ts', "import { readFileSync } from 'node:fs';\nexport { readFileSync };", 'the Node built-in "node:fs"'],
    ['src-renderer/src/x.ts', "import path from 'path';\nexport { path };", 'the Node built-in "path"'],
    ['src-shared/api/x.ts', "import pino from 'pino';\nexport { pino };", '"pino"'],
    ['src-shared/api/x.test.ts', "import pino from 'pino';\nexport { pino };", '"pino"'],
    ['src-main/hosts/web/x.ts', "import { app } from 'electron';\nexport { app };", 'electron'],
    ['src-main/store/x.ts', "const e = require('electron');\nexport { e };", 'electron'],
    ['src-main/runtime/x.ts', "const e = await import('electron');\nexport { e };", 'electron'],
    ['src-sandbox/x.ts', "import { app } from 'electron';\nexport { app };", 'electron'],
  ])('%s importing a package: %s is refused', async (file, code, what) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`may not import ${what}`);
  });

  it.each([
    ['src-shared/api/x.ts', "import { z } from 'zod';\nexport { z };"],
    ['src-shared/api/x.test.ts', "import { it } from 'vitest';\nimport { readFileSync } from 'node:fs';\nexport { it, readFileSync };"],
    ['src-main/hosts/electron/x.ts', "import { app } from 'electron';\nexport { app };"],
    ['src-preload/x.ts', "import { contextBridge } from 'electron';\nexport { contextBridge };"],
    ['src-main/store/x.ts', "import Database from 'better-sqlite3';\nimport { readFileSync } from 'node:fs';\nexport { Database, readFileSync };"],
    ['src-main/runtime/x.ts', "import pino from 'pino';\nimport { EventEmitter } from 'node:events';\nexport { pino, EventEmitter };"],
  ])('%s may import its packages', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });

  it('eslint-rules/README.md lists every area with what the rule allows it', () => {
    const readme = readFileSync(join(repoRoot, 'eslint-rules/README.md'), 'utf8');
    const rows = readme
      .split('\n')
      .filter((line) => /^\| `[^`]+` \|/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    const table = Object.fromEntries(
      rows.map(([, area = '', , may = '']) => [area.replaceAll('`', ''), [...may.matchAll(/`([^`]+)`/g)].map((m) => m[1]).sort()]),
    );
    expect(table).toEqual(Object.fromEntries(Object.entries(ALLOWED).map(([k, v]) => [k, [...v].sort()])));
  });

  // Folders and files of src-main that are still being moved into the areas' layout. Each line
  // goes when its move lands (the test below fails for a path that no longer exists).
  it('the real tree passes the rule', async () => {
    const results = await eslint.lintFiles(['src-main', 'src-renderer', 'src-preload', 'src-shared', 'src-sandbox']);
    const broken = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'station/import-boundaries').map((m) => `${relative(repoRoot, r.filePath)}: ${m.message}`),
    );
    expect(broken).toEqual([]);
    // Lints the whole tree with type information: 30 s on a quiet machine, more on a busy one.
  }, 180_000);
});
