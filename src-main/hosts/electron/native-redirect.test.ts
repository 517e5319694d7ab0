import { copyFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers/tmp';
import { redirectNativeAddons } from './native-redirect';

const require = createRequire(import.meta.url);
const pcscPath = join(require.resolve('@pokusew/pcsclite/package.json'), '..', 'build', 'Release', 'pcsclite.node');

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

describe('native addon redirect (Electron ABI copies)', () => {
  it('loads the redirected file instead of the one bindings found', () => {
    const dir = tempDir('native-redirect-');
    cleanups.push(() => dir.remove());
    const broken = join(dir.path, 'pcsclite.node');
    writeFileSync(broken, 'not a shared object');
    cleanups.push(redirectNativeAddons({ '@pokusew/pcsclite/build/Release/pcsclite.node': broken }));
    // A fresh path to the same binary, so the module cache does not answer.
    const alias = join(dir.path, 'node_modules', '@pokusew', 'pcsclite', 'build', 'Release', 'pcsclite.node');
    require('node:fs').mkdirSync(join(alias, '..'), { recursive: true });
    copyFileSync(pcscPath, alias);
    expect(() => require(alias)).toThrow(new RegExp(broken.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')));
  });

  it('leaves other addons and, once undone, everything alone', () => {
    const dir = tempDir('native-redirect-');
    cleanups.push(() => dir.remove());
    const undo = redirectNativeAddons({ 'other/addon.node': join(dir.path, 'missing.node') });
    const alias = join(dir.path, 'node_modules', '@pokusew', 'pcsclite', 'build', 'Release', 'pcsclite.node');
    require('node:fs').mkdirSync(join(alias, '..'), { recursive: true });
    copyFileSync(pcscPath, alias);
    expect(typeof (require(alias) as { PCSCLite?: unknown }).PCSCLite).toBe('function');
    undo();
  });
});
