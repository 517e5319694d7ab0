// `node --import` this file to record every module the process loads into the file named by LOADED_MODULES_FILE, one
// URL or path a line: ES modules as they are resolved (hooks.mjs), CommonJS ones (required, or imported from ESM) and
// Node's own modules as the process exits. test/integration/cli-startup.test.ts reads it to tell what a command loaded.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const out = process.env.LOADED_MODULES_FILE;
if (out) {
  register('./hooks.mjs', import.meta.url, { data: { out } });
  const require = createRequire(import.meta.url);
  // Node's own modules as `node:NAME` (the public ones), however they were loaded: imported, required or through
  // createRequire.
  const builtins = () =>
    process.moduleLoadList.flatMap((entry) => {
      const name = /^NativeModule (?!internal\/)(.+)$/.exec(entry)?.[1];
      return name ? [`node:${name}`] : [];
    });
  process.on('exit', () => appendFileSync(out, `${[...Object.keys(require.cache), ...builtins()].join('\n')}\n`));
}
