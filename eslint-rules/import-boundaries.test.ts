import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../test/helpers/processes';

const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'station/import-boundaries').map((m) => m.message);
}

describe('import boundaries lint rule', () => {
  it.each([
    ['src-renderer/src/x.ts', "import { createStation } from '../../src-main/station';\nexport { createStation };", 'main/station'],
    ['src-renderer/src/x.ts', "import { x } from '../../src-sandbox/app';\nexport { x };", 'src-sandbox'],
    ['src-preload/x.ts', "import { y } from '../src-main/station';\nexport { y };", 'main/station'],
    ['src-shared/api/x.ts', "import { readFileSync } from 'node:fs';\nexport { readFileSync };", 'node:fs'],
    ['src-shared/api/x.ts', "import { z } from '../../src-main/store/database';\nexport { z };", 'main/store'],
    ['src-shared/api/x.ts', "import pino from 'pino';\nexport { pino };", 'pino'],
    ['src-sandbox/x.ts', "import { s } from '../src-main/station';\nexport { s };", 'main/station'],
    ['src-main/store/x.ts', "import { s } from '../../src-sandbox/app';\nexport { s };", 'src-sandbox'],
    ['src-main/devices/x.ts', "import { s } from '../sync/engine';\nexport { s };", 'main/sync'],
    ['src-main/devices/x.ts', "import { s } from '../service/client';\nexport { s };", 'main/service'],
    ['src-main/service/x.ts', "import { s } from '../store/database';\nexport { s };", 'main/store'],
    ['src-main/hosts/web/x.ts', "import { app } from 'electron';\nexport { app };", 'electron'],
    ['src-main/store/x.ts', "const e = require('electron');\nexport { e };", 'electron'],
    ['src-shared/api/x.test.ts', "import { s } from '../../src-main/station';\nexport { s };", 'main/station'],
    ['src-shared/api/x.test.ts', "import pino from 'pino';\nexport { pino };", 'pino'],
  ])('%s importing %s is refused', async (file, code, target) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(target);
  });

  it.each([
    ['src-renderer/src/x.ts', "import { commands } from '../../src-shared/ipc';\nexport { commands };"],
    ['src-shared/api/x.ts', "import { z } from 'zod';\nexport { z };"],
    ['src-main/sync/x.ts', "import { s } from '../store/database';\nimport { c } from '../service/client';\nexport { s, c };"],
    ['src-main/hosts/electron/x.ts', "import { app } from 'electron';\nexport { app };"],
    ['src-preload/x.ts', "import { contextBridge } from 'electron';\nexport { contextBridge };"],
    ['src-main/station.ts', "import { s } from '../src-sandbox/server';\nexport { s };"],
    ['src-shared/api/x.test.ts', "import { it } from 'vitest';\nimport { readFileSync } from 'node:fs';\nexport { it, readFileSync };"],
  ])('%s may import what ARCHITECTURE.md allows', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });

  it('the real tree passes the rule', async () => {
    const results = await eslint.lintFiles(['src-main', 'src-renderer', 'src-preload', 'src-shared']);
    const broken = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'station/import-boundaries').map((m) => `${r.filePath}: ${m.message}`));
    expect(broken).toEqual([]);
  });
});
