#!/usr/bin/env node
// The built CLI: esbuild bundles the `station` command (src-main/hosts/cli/bin.ts) and the sandbox
// service's command (src-sandbox/cli.ts) into out/cli/*.mjs, so neither compiles TypeScript when it
// starts. Packages stay external (node_modules is loaded as installed, native modules included),
// but for a few pure-JavaScript ones bundled in (BUNDLED_PACKAGES below); what only some commands need (the web host, the sandbox, sharp, zxing-wasm, device drivers) is
// imported where it is used and lands in its own chunk, loaded only by those commands.
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
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_BUILD, MANIFEST, readManifest, staleReason } from './run-built.mjs';

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

/** Marks packages external, except BUNDLED_PACKAGES and whatever those import. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    // zod's error messages in 50 languages are a third of the code every command would load; the
    // station uses English (zod's default, which its schemas import by themselves) and never calls
    // z.config() with a locale, so `z.locales` holds English alone here.
    builder.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({ contents: 'export { default as en } from "./en.js";\n', loader: 'js' }));
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      if (args.importer.includes(`${'/'}node_modules${'/'}`) || BUNDLED_PACKAGES.has(packageName(args.path))) return undefined;
      if (REQUIRED_PACKAGES.has(args.path) && args.namespace !== 'required-package') return { path: args.path, namespace: 'required-package' };
      return { path: args.path, external: true };
    });
    // Node's own import of CommonJS: the default export is module.exports (the station imports only that).
    builder.onLoad({ filter: /.*/, namespace: 'required-package' }, (args) => ({
      contents: `export default require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/** Files besides the bundled sources that change what a build produces: this script, the package.json. */
function buildInputs(root) {
  const files = [fileURLToPath(import.meta.url), join(root, 'package.json')].filter((file) => existsSync(file));
  return files.map((file) => relative(root, file));
}
/** How long a chunk that left the build (or a temporary file) is kept. */
const KEEP_OLD_MS = 60 * 60 * 1000;

/** esbuild is a devDependency: an install without it can run a build but not make one. */
export class BuildToolMissingError extends Error {}

function writeAtomically(path, contents) {
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

/** Builds `target` now; returns the manifest written. Throws esbuild's error when a source does not compile. */
export async function build(target = CLI_BUILD) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch (error) {
    throw new BuildToolMissingError(
      `${target.outdir} needs building, and esbuild (a devDependency) is not installed. Install the dev dependencies (npm ci) and run "npm run build".`,
      { cause: error },
    );
  }
  const outdir = resolve(target.root, target.outdir);
  const startedAt = Date.now();
  const result = await esbuild.build({
    absWorkingDir: target.root,
    entryPoints: target.entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [externalPackages],
    sourcemap: 'linked',
    // Whitespace and syntax only: V8 parses every module a command loads (zod alone is 390 kB), and the smaller text
    // parses faster (about 2 % of `station status`'s instructions); names stay, so a stack trace still reads.
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    write: false,
    outExtension: { '.js': '.mjs' },
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    // Bundled CommonJS (@fastify/error, under fastify-type-provider-zod) calls require().
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    // Errors are thrown (their message names file, line and problem) and said once by the caller.
    logLevel: 'silent',
  });
  mkdirSync(outdir, { recursive: true });
  const previous = readManifest(outdir);
  const entries = new Set(Object.keys(target.entryPoints).map((name) => join(outdir, `${name}.mjs`)));
  // Chunks and maps before the entries that import them, the manifest last.
  const files = [...result.outputFiles].sort((a, b) => Number(entries.has(a.path)) - Number(entries.has(b.path)));
  for (const file of files) writeAtomically(file.path, file.contents);

  // A bundled package stands in the manifest by its package.json, which changes with its version.
  const sources = Object.keys(result.metafile.inputs).flatMap((file) => {
    if (file.includes(':')) return []; // a module this script made up (required-package:NAME), not a file
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file);
    return [match ? `${match[1]}/package.json` : file];
  });
  const inputs = {};
  for (const file of new Set([...sources, ...buildInputs(target.root)])) {
    const stat = statSync(join(target.root, file));
    // Changed while esbuild read it: recorded as unknown, so the next start builds again.
    inputs[file] = [stat.mtimeMs >= startedAt ? -1 : stat.mtimeMs, stat.size];
  }
  const outputs = files.map((file) => relative(outdir, file.path));
  const manifest = { startedAt, esbuild: esbuild.version, entryPoints: target.entryPoints, inputs, outputs };
  writeAtomically(join(outdir, MANIFEST), `${JSON.stringify(manifest)}\n`);

  const current = new Set([...outputs, MANIFEST]);
  const now = new Date();
  for (const name of readdirSync(outdir)) {
    if (current.has(name)) continue;
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
    `built ${CLI_BUILD.outdir} (${Object.keys(manifest.inputs).length} inputs, ${manifest.outputs.filter((f) => f.endsWith('.mjs')).length} modules) in ${Math.round(performance.now() - started)} ms\n`,
  );
}
