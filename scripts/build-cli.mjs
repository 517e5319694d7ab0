#!/usr/bin/env node
// The built CLI: rolldown bundles the `station` command (src-main/hosts/cli/bin.ts) and the sandbox
// service's command (src-sandbox/cli.ts) into out/cli (station.cjs, run with V8's code cache, and sandbox.mjs), so neither compiles TypeScript when it
// starts. Packages stay external (node_modules is loaded as installed, native modules included),
// but for a few pure-JavaScript ones bundled in (BUNDLED_PACKAGES below). What an entry imports statically is one
// chunk beside it (bundleEntry); what only some commands need (the web host, the sandbox, sharp, zxing-wasm, device
// drivers, an area's handlers) is imported where it is used and lands in its own chunk, loaded only by those commands.
//
// `node scripts/build-cli.mjs` builds (part of `npm run build`); bin/station.mjs and bin/sandbox.mjs
// run it through scripts/run-built.mjs, which loads this script (ensureBuiltOrExit) only when out/cli is missing or a source it was built from
// changed (its staleReason), so a fresh checkout or an edited source never runs a stale bundle.
//
// out/cli/build.json records what a build was made of: each input with its mtime and size, and the
// files it wrote. Every file is written under a temporary name and renamed into place, the
// manifest last, so a process starting during a rebuild runs the old build or the new one, never
// half of one. Chunk names carry their content hash; chunks that left the build are removed an
// hour later, so a long-running `station serve` can still load the chunks of the build it started from.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';
import { CLI_BUILD, CODE_CACHE, MANIFEST, extensionOf, readManifest, staleReason } from './run-built.mjs';

export { CLI_BUILD, ROOT, runBuilt, staleReason } from './run-built.mjs';

/**
 * Pure-JavaScript packages bundled in, with what they import: Node's ESM loader resolves, reads
 * and compiles each file of a package on its own, and zod alone is over a hundred files, loaded by
 * every command. fastify-type-provider-zod comes along so that it uses the same zod as our schemas.
 * Every other package stays external (native modules, packages that locate files or workers at run time).
 */
const BUNDLED_PACKAGES = new Set(['zod', 'fastify-type-provider-zod', 'p-queue']);

/**
 * CommonJS packages every command loads, taken with require() rather than import: importing
 * CommonJS from ESM makes Node scan its source for export names first. (pino is required by
 * src-main/runtime/log.ts itself, with the first line logged.)
 */
const REQUIRED_PACKAGES = new Set(['better-sqlite3', 'papaparse']);

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The id of the module that requires a REQUIRED_PACKAGES package (a module this script makes up, not a file). */
const REQUIRED_PREFIX = '\0required-package:';

/** Marks packages external, except BUNDLED_PACKAGES and whatever those import. */
const externalPackages = {
  name: 'external-packages',
  resolveId(source, importer) {
    if (source.startsWith('node:')) return { id: source, external: true };
    if (/^[./\0]/.test(source) || !importer) return null;
    // What a REQUIRED_PACKAGES module requires is the package as installed.
    if (importer.startsWith(REQUIRED_PREFIX)) return { id: source, external: true };
    if (importer.includes(`${'/'}node_modules${'/'}`) || BUNDLED_PACKAGES.has(packageName(source))) return null;
    if (REQUIRED_PACKAGES.has(source)) return `${REQUIRED_PREFIX}${source}`;
    return { id: source, external: true };
  },
  load(id) {
    // Node's own import of CommonJS: the default export is module.exports (the station imports only that).
    if (id.startsWith(REQUIRED_PREFIX)) return `export default require(${JSON.stringify(id.slice(REQUIRED_PREFIX.length))});\n`;
    // zod's error messages in 50 languages are a third of the code every command would load; the
    // station uses English (zod's default, which its schemas import by themselves) and never calls
    // z.config() with a locale, so `z.locales` holds English alone here.
    if (/[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/.test(id)) return 'export { default as en } from "./en.js";\n';
    return null;
  },
};
/**
 * Node's own modules are taken with process.getBuiltinModule() (Node 20.16 and later) rather than imported: importing
 * one makes Node build an ES module of it, which reads every export, and `node:fs`'s export ReadStream loads all of
 * node:stream (about a tenth of a bare `node -e 1` in instructions; docs/architecture.md, "Start-up"). The bundler
 * writes each import of an external module as a statement of its own at the top of a chunk; this rewrites those of
 * Node's modules into constants, which the chunk's code uses as before.
 */
const builtinsWithoutImport = (RolldownMagicString) => ({
  name: 'builtins-without-import',
  renderChunk(code) {
    const text = new RolldownMagicString(code);
    let changed = false;
    for (const match of code.matchAll(/^import\s*(?:([\w$]+)\s*,?\s*)?(?:\*\s*as\s+([\w$]+)\s*)?(?:\{([^}]*)\}\s*)?(?:from\s*)?(["'])([^"']+)\4;?/gm)) {
      const [statement, defaultName, namespace, named, , specifier] = match;
      if (!isBuiltin(specifier)) continue;
      const load = `process.getBuiltinModule(${JSON.stringify(specifier)})`;
      const bindings = [];
      for (const name of [defaultName, namespace]) if (name) bindings.push(`const ${name} = ${load};`);
      const names = (named ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => {
          const [imported, local = imported] = part.split(/\s+as\s+/);
          return imported === 'default' ? { whole: local } : { property: imported === local ? imported : `${imported}: ${local}` };
        });
      for (const { whole } of names) if (whole) bindings.push(`const ${whole} = ${load};`);
      const properties = names.flatMap(({ property }) => (property ? [property] : []));
      if (properties.length > 0) bindings.push(`const { ${properties.join(', ')} } = ${load};`);
      text.overwrite(match.index, match.index + statement.length, bindings.length > 0 ? bindings.join(' ') : `${load};`);
      changed = true;
    }
    return changed ? { code: text.toString(), map: JSON.parse(text.generateMap({ hires: true }).toString()) } : null;
  },
});

/**
 * In a CommonJS build, a dynamic import of a package or a Node module (`import('sharp')`) calls `__importModule`, which
 * scripts/run-built.mjs hands each file (its own `import()`): V8 runs a file compiled from its code cache with no
 * dynamic import of its own in Node 20. Every other dynamic import was made a require of a chunk by the bundler; one
 * left over fails the build rather than the command that reaches it.
 */
const dynamicImportsThroughLoader = (RolldownMagicString) => ({
  name: 'dynamic-imports-through-loader',
  renderChunk(code, chunk, options) {
    if (options.format !== 'cjs') return null;
    const text = new RolldownMagicString(code);
    const found = [...code.matchAll(/\bimport(?=\((?:`[^`$]*`|"[^"]*"|'[^']*')\))/g)];
    for (const match of found) text.overwrite(match.index, match.index + 'import'.length, '__importModule');
    const rewritten = text.toString();
    const left = /\bimport\s*\(/.exec(rewritten);
    if (left) throw new Error(`${chunk.fileName}: a dynamic import the CommonJS build cannot run: ${rewritten.slice(left.index, left.index + 80)}`);
    return found.length > 0 ? { code: rewritten, map: JSON.parse(text.generateMap({ hires: true }).toString()) } : null;
  },
});

/** Files besides the bundled sources that change what a build produces: this script, the package.json. */
function buildInputs(root) {
  const files = [fileURLToPath(import.meta.url), join(root, 'package.json')].filter((file) => existsSync(file));
  return files.map((file) => relative(root, file));
}
/** How long a chunk that left the build (or a temporary file) is kept. */
const KEEP_OLD_MS = 60 * 60 * 1000;

/** rolldown is a devDependency: an install without it can run a build but not make one. */
export class BuildToolMissingError extends Error {}

function writeAtomically(path, contents) {
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/**
 * Bundles one entry point; returns its files (chunks, maps, the entry) and the modules they were made from.
 *
 * A command loads the entry and everything it imports statically before it does anything, so all of that is one
 * chunk (the codeSplitting group below): Node's ESM loader resolves, reads, compiles and links each file on its own,
 * and a bundler left to itself makes a chunk of every set of dynamic imports a module is shared by (35 small files
 * for `station status`). What a dynamic import alone reaches (an area's handlers, the web host, the printers, the
 * grader) still has chunks of its own, loaded by the commands that need it. The entry module stays out of the group:
 * its top-level await waits for chunks that import from the group, which must have finished running first.
 */
async function bundleEntry({ rolldown, RolldownMagicString }, target, name, source) {
  const extension = extensionOf(target, name);
  const entry = resolve(target.root, source);
  // Every module read, kept or not: a module whose code was all left out may gain some with an edit.
  let modules = [];
  const bundle = await rolldown({
    cwd: target.root,
    input: { [name]: entry },
    platform: 'node',
    transform: { target: 'node20' },
    plugins: [
      externalPackages,
      builtinsWithoutImport(RolldownMagicString),
      dynamicImportsThroughLoader(RolldownMagicString),
      {
        name: 'inputs',
        buildEnd() {
          modules = [...this.getModuleIds()];
        },
      },
    ],
    // Warnings are not errors; an error is thrown (its message names file, line and problem) and said once by the caller.
    logLevel: 'silent',
  });
  try {
    const { output } = await bundle.generate({
      // CommonJS for the entries run with V8's code cache (scripts/run-built.mjs, runCommonJs).
      format: extension === 'cjs' ? 'cjs' : 'esm',
      entryFileNames: `[name].${extension}`,
      chunkFileNames: `chunk-[hash].${extension}`,
      sourcemap: true,
      // Whitespace and syntax only: V8 parses every module a command loads, and the smaller text parses faster;
      // names stay, so a stack trace still reads.
      minify: { compress: true, mangle: false, codegen: { removeWhitespace: true } },
      codeSplitting: { groups: [{ name: `${name}-start`, tags: ['$initial'], test: (id) => id !== entry }] },
    });
    return { output, modules };
  } finally {
    await bundle.close();
  }
}

/** Builds `target` now; returns the manifest written. Throws the bundler's error when a source does not compile. */
export async function build(target = CLI_BUILD) {
  let bundler;
  try {
    bundler = await import('rolldown');
  } catch (error) {
    throw new BuildToolMissingError(
      `${target.outdir} needs building, and rolldown (a devDependency) is not installed. Install the dev dependencies (npm ci) and run "npm run build".`,
      { cause: error },
    );
  }
  const outdir = resolve(target.root, target.outdir);
  const startedAt = Date.now();
  // One bundle per entry point: a module both entries import would otherwise go into a chunk of its own again.
  const bundles = await Promise.all(Object.entries(target.entryPoints).map(([name, source]) => bundleEntry(bundler, target, name, source)));
  mkdirSync(outdir, { recursive: true });
  const previous = readManifest(outdir);
  const entries = new Set(Object.keys(target.entryPoints).map((name) => `${name}.${extensionOf(target, name)}`));
  // Chunks and maps before the entries that import them, the manifest last (two entries may share a chunk's file).
  const files = new Map(bundles.flatMap(({ output }) => output).map((file) => [file.fileName, file]));
  const ordered = [...files.values()].sort((a, b) => Number(entries.has(a.fileName)) - Number(entries.has(b.fileName)));
  for (const file of ordered) writeAtomically(join(outdir, file.fileName), file.type === 'chunk' ? file.code : file.source);

  // A bundled package stands in the manifest by its package.json, which changes with its version.
  const sources = bundles
    .flatMap(({ modules }) => modules)
    .flatMap((id) => {
      if (!isAbsolute(id)) return []; // a module the bundler or this script made up, not a file
      const file = relative(target.root, id);
      const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file);
      return [match ? `${match[1]}/package.json` : file];
    });
  const inputs = {};
  for (const file of new Set([...sources, ...buildInputs(target.root)]).values()) {
    const stat = statSync(join(target.root, file));
    // Changed while the bundler read it: recorded as unknown, so the next start builds again.
    inputs[file] = [stat.mtimeMs >= startedAt ? -1 : stat.mtimeMs, stat.size];
  }
  const written = [...files.keys()];
  const manifest = { startedAt, rolldown: bundler.VERSION, entryPoints: target.entryPoints, inputs, outputs: written };
  writeAtomically(join(outdir, MANIFEST), `${JSON.stringify(manifest)}\n`);

  const current = new Set([...written, MANIFEST]);
  const now = new Date();
  for (const name of readdirSync(outdir)) {
    // A file's code cache (scripts/run-built.mjs) stays while the file does.
    if (current.has(name) || (name.endsWith(CODE_CACHE) && current.has(name.slice(0, -CODE_CACHE.length)))) continue;
    const path = join(outdir, name);
    try {
      // Files that leave the build now are dated now: the hour they are kept starts here.
      if (previous?.outputs.includes(name)) utimesSync(path, now, now);
      else if (now.getTime() - statSync(path).mtimeMs > KEEP_OLD_MS) rmSync(path, { force: true });
    } catch {
      // removed by a concurrent build
    }
  }
  return manifest;
}

/** Builds `target` when it is missing or older than a source; returns whether it built. */
export async function ensureBuilt(target = CLI_BUILD) {
  if (staleReason(target) === undefined) return false;
  await build(target);
  return true;
}

/** Builds `target` when it is missing or stale (bin/station.mjs, bin/sandbox.mjs); says why it could not and exits when it cannot. */
export async function ensureBuiltOrExit(target = CLI_BUILD) {
  try {
    await ensureBuilt(target);
  } catch (error) {
    process.stderr.write(
      error instanceof BuildToolMissingError
        ? `${error.message}\n`
        : `The station CLI could not be built from its sources: ${error instanceof Error ? error.message : String(error)}\nFix what is named above ("npm run typecheck" checks every source), then run the command again.\n`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const manifest = await build(CLI_BUILD).catch((error) => {
    process.stderr.write(`The station CLI could not be built: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
  process.stdout.write(
    `built ${CLI_BUILD.outdir} (${Object.keys(manifest.inputs).length} inputs, ${manifest.outputs.filter((f) => /\.[cm]js$/.test(f)).length} modules) in ${Math.round(performance.now() - started)} ms\n`,
  );
}
