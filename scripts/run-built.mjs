// What bin/station.mjs and bin/sandbox.mjs load before the CLI: whether the build in out/cli is
// current, and running it. A script may call the station once per Label (docs/architecture.md,
// "Start-up"), so this module is kept small and cheap: the build itself (scripts/build-cli.mjs,
// with rolldown) is loaded only when the build is missing or stale. The check is the whole one, never
// a sample: every file the build wrote is there, and every input it was made from has the mtime
// and size it had then; so an edited source is never run from a stale bundle.
// Node's own modules are taken with process.getBuiltinModule(), not imported: importing node:fs makes Node build an ES
// module of it, which reads every export, and its ReadStream loads all of node:stream (as scripts/build-cli.mjs does
// for the bundle).
const { readdirSync, readFileSync, statSync } = process.getBuiltinModule('node:fs');
const { dirname, join, resolve } = process.getBuiltinModule('node:path');
const { fileURLToPath, pathToFileURL } = process.getBuiltinModule('node:url');

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The CLI build: out/cli/station.mjs and out/cli/sandbox.mjs. */
export const CLI_BUILD = {
  root: ROOT,
  outdir: 'out/cli',
  entryPoints: { station: 'src-main/hosts/cli/bin.ts', sandbox: 'src-sandbox/cli.ts' },
};

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

/** Runs `out/cli/<entry>.mjs`, building it first (scripts/build-cli.mjs) when it is missing or stale. */
export async function runBuilt(entry, target = CLI_BUILD) {
  if (staleReason(target) !== undefined) {
    const { ensureBuiltOrExit } = await import('./build-cli.mjs');
    await ensureBuiltOrExit(target);
  }
  await import(pathToFileURL(join(target.root, target.outdir, `${entry}.mjs`)).href);
}
