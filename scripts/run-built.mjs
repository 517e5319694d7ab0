// What bin/station.mjs and bin/sandbox.mjs load before the CLI: whether the build in out/cli is
// current, and running it. A script may call the station once per Label (docs/architecture.md,
// "Start-up"), so this module is kept small and cheap: the build itself (scripts/build-cli.mjs,
// with rolldown) is loaded only when the build is missing or stale. The check is the whole one, never
// a sample: every file the build wrote is there, and every input it was made from has the mtime
// and size it had then; so an edited source is never run from a stale bundle.
// Node's own modules are taken with process.getBuiltinModule(), not imported: importing node:fs makes Node build an ES
// module of it, which reads every export, and its ReadStream loads all of node:stream (as scripts/build-cli.mjs does
// for the bundle).
const { closeSync, fstatSync, openSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } = process.getBuiltinModule('node:fs');
const { dirname, join, resolve } = process.getBuiltinModule('node:path');
const { fileURLToPath, pathToFileURL } = process.getBuiltinModule('node:url');

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The CLI build: out/cli/station.cjs and out/cli/sandbox.mjs. The entries in `commonJs` are built as CommonJS and run
 * with V8's code cache (runCommonJs below); the sandbox's command stays an ES module (its top-level await).
 */
export const CLI_BUILD = {
  root: ROOT,
  outdir: 'out/cli',
  entryPoints: { station: 'src-main/hosts/cli/bin.ts', sandbox: 'src-sandbox/cli.ts' },
  commonJs: ['station'],
};

/** The file extension of a build's entry and chunks: CommonJS or ES module. */
export function extensionOf(target, entry) {
  return target.commonJs?.includes(entry) ? 'cjs' : 'mjs';
}

/** The record of what a build was made of, in its outdir (written by scripts/build-cli.mjs). */
export const MANIFEST = 'build.json';

export function readManifest(outdir) {
  try {
    return JSON.parse(readFileSync(join(outdir, MANIFEST), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Why the build in `target.outdir` cannot be run as it is, or undefined when it is current. */
export function staleReason(target = CLI_BUILD) {
  const outdir = resolve(target.root, target.outdir);
  const manifest = readManifest(outdir);
  if (!manifest) return `${target.outdir} has not been built`;
  if (JSON.stringify(manifest.entryPoints) !== JSON.stringify(target.entryPoints)) return 'its entry points changed';
  // One listing of the folder rather than a look-up per file written.
  const present = new Set(readdirSync(outdir));
  for (const file of manifest.outputs) if (!present.has(file)) return `${file} is missing`;
  // The paths are joined by hand: path.join's normalising, once per source, was a third of the check.
  const root = `${target.root}/`;
  for (const [file, [mtimeMs, size]] of Object.entries(manifest.inputs)) {
    const stat = statSync(root + file, { throwIfNoEntry: false });
    if (!stat) return `${file} is gone`;
    if (stat.mtimeMs !== mtimeMs || stat.size !== size) return `${file} changed`;
  }
  return undefined;
}

/** Runs `out/cli/<entry>.cjs` (or `.mjs`), building it first (scripts/build-cli.mjs) when it is missing or stale. */
export async function runBuilt(entry, target = CLI_BUILD) {
  if (staleReason(target) !== undefined) {
    const { ensureBuiltOrExit } = await import('./build-cli.mjs');
    await ensureBuiltOrExit(target);
  }
  const file = join(target.root, target.outdir, `${entry}.${extensionOf(target, entry)}`);
  if (extensionOf(target, entry) === 'cjs') runCommonJs(file);
  else await import(pathToFileURL(file).href);
}

const importModule = (specifier) => import(specifier);
const WRAPPER = '(function (exports, require, module, __filename, __dirname, __importModule) {';

/** A code cache file's name: beside the file it was made from (scripts/build-cli.mjs keeps those of the build's files). */
export const CODE_CACHE = '.v8-cache';

/**
 * Runs a CommonJS file of the build, and the files of the build it requires, with V8's code cache: V8 otherwise parses
 * and compiles every function of the bundle a command runs, at every start, and Node 20 keeps no cache of its own
 * (docs/architecture.md, "Start-up"). Each file's cache is `<file>.v8-cache`, made as the process exits from what it
 * compiled, when there was none or V8 refused it (another Node, other flags). The cache names the file it was made
 * from (its inode, mtime and size, as read): V8 itself checks only the source's length, so a rebuilt file of the same
 * length never runs an older file's code. A folder the user cannot write to keeps no cache; nothing else changes.
 * The modules are Node's own (require.cache, require, import()), so a package they require resolves as before.
 * With --enable-source-maps Node loads them itself, uncached, so a stack trace names the TypeScript sources.
 */
function runCommonJs(entry) {
  const Module = process.getBuiltinModule('node:module');
  if (process.sourceMapsEnabled) {
    // --enable-source-maps: Node's own loader, which maps a stack trace to the sources (it maps no vm.Script); no cache.
    globalThis.__importModule = importModule;
    Module.createRequire(entry)(entry);
    return;
  }
  const { Script } = process.getBuiltinModule('node:vm');
  const outdir = dirname(entry);
  const made = [];
  const load = (file, parent) => {
    const cached = Module._cache[file];
    if (cached) return cached.exports;
    const fd = openSync(file, 'r');
    let source;
    let stat;
    try {
      stat = fstatSync(fd);
      source = readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
    const key = `${stat.ino}:${stat.mtimeMs}:${stat.size}\n`;
    const cacheFile = file + CODE_CACHE;
    let cachedData;
    try {
      const kept = readFileSync(cacheFile);
      if (kept.subarray(0, key.length).toString('latin1') === key) cachedData = kept.subarray(key.length);
    } catch {
      // none yet
    }
    // The source's first line keeps its columns in a stack trace, as Node's own wrapper does.
    const script = new Script(`${WRAPPER}${source}\n})`, { filename: file, columnOffset: -WRAPPER.length, ...(cachedData ? { cachedData } : {}) });
    if (!cachedData || script.cachedDataRejected) made.push({ script, key, cacheFile });
    const module = new Module(file, parent);
    module.filename = file;
    module.paths = Module._nodeModulePaths(outdir);
    Module._cache[file] = module;
    // The build's own files (`./chunk-….cjs`) load here; anything else is Node's require from this file.
    const require = (id) => (id.startsWith('./') ? load(join(outdir, id.slice(2)), module) : module.require(id));
    require.resolve = (id, options) => Module._resolveFilename(id, module, false, options);
    require.cache = Module._cache;
    // A dynamic import of a package or a Node module (the build makes it `__importModule`) is this module's.
    script.runInThisContext().call(module.exports, module.exports, require, module, file, outdir, importModule);
    module.loaded = true;
    return module.exports;
  };
  process.on('exit', () => {
    for (const { script, key, cacheFile } of made) {
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      try {
        writeFileSync(temporary, Buffer.concat([Buffer.from(key, 'latin1'), script.createCachedData()]));
        renameSync(temporary, cacheFile);
      } catch {
        // a folder this user cannot write to: no cache
      }
    }
  });
  load(entry, null);
}
