import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';

// scripts/build-cli.mjs, which bin/station.mjs runs before the CLI: it rebuilds the bundle only when it
// is missing or a source changed, and concurrent starts never see half a build. Exercised on a small
// project of its own (the repository's sources are never touched), each call in its own process as
// `station` does.

const dir = tempDir('station-cli-build-');
const project = join(dir.path, 'project');
const driver = join(dir.path, 'driver.mjs');

function run(mode: 'ensure' | 'run'): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [driver, mode], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

async function ensure(): Promise<boolean> {
  const result = await run('ensure');
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { built: boolean }).built;
}

let edits = 0;
/** Writes a source, with an mtime of its own in the past: a coarse file-system clock could otherwise repeat the last one. */
function edit(file: string, contents: string): void {
  const path = join(project, file);
  writeFileSync(path, contents);
  edits += 1;
  const past = new Date(Date.now() - 60_000 + edits * 1000);
  utimesSync(path, past, past);
}

beforeAll(() => {
  mkdirSync(join(project, 'src'), { recursive: true });
  writeFileSync(join(project, 'src', 'message.ts'), "export const message: string = 'first';\n");
  // The lazy part lands in a chunk of its own, like the CLI's web host and sandbox.
  writeFileSync(join(project, 'src', 'lazy.ts'), "export const lazy = (): string => 'lazy';\n");
  writeFileSync(
    join(project, 'src', 'main.ts'),
    "import { message } from './message';\nconst { lazy } = await import('./lazy');\nprocess.stdout.write(`${message} ${lazy()}\\n`);\n",
  );
  writeFileSync(
    driver,
    [
      `import { ensureBuilt, runBuilt } from ${JSON.stringify(pathToFileURL(join(repoRoot, 'scripts', 'build-cli.mjs')).href)};`,
      `const target = { root: ${JSON.stringify(project)}, outdir: 'out', entryPoints: { main: 'src/main.ts' } };`,
      "if (process.argv[2] === 'ensure') process.stdout.write(JSON.stringify({ built: await ensureBuilt(target) }));",
      "else await runBuilt('main', target);",
    ].join('\n'),
  );
});
afterAll(() => dir.remove());

describe('the CLI bundle (scripts/build-cli.mjs)', () => {
  it('is built when missing and runs', async () => {
    const result = await run('run');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('first lazy\n');
    expect(readdirSync(join(project, 'out')).filter((f) => f.startsWith('chunk-') && f.endsWith('.mjs')).length).toBeGreaterThan(0);
  }, 60_000);

  it('is not rebuilt while no source changed', async () => {
    expect(await ensure()).toBe(false);
    expect(await ensure()).toBe(false);
  }, 60_000);

  it('is rebuilt when a source changed, and then runs the new code', async () => {
    edit('src/message.ts', "export const message: string = 'second';\n");
    expect(await ensure()).toBe(true);
    expect(await ensure()).toBe(false);
    expect((await run('run')).stdout).toBe('second lazy\n');
  }, 60_000);

  it('is rebuilt when a file it wrote is gone', async () => {
    const manifest = JSON.parse(readFileSync(join(project, 'out', 'build.json'), 'utf8')) as { outputs: string[] };
    const chunk = manifest.outputs.find((f) => f.startsWith('chunk-') && f.endsWith('.mjs')) as string;
    rmSync(join(project, 'out', chunk));
    expect(await ensure()).toBe(true);
    expect((await run('run')).stdout).toBe('second lazy\n');
  }, 60_000);

  it('keeps a chunk that left the build for an hour (a running process may still load it) and removes older leftovers', async () => {
    const out = join(project, 'out');
    const chunks = () => (JSON.parse(readFileSync(join(out, 'build.json'), 'utf8')) as { outputs: string[] }).outputs.filter((f) => f.startsWith('chunk-'));
    const before = chunks();
    // Written two hours ago, as by a build made then: what dates a chunk's leaving is the build it leaves.
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const file of before) utimesSync(join(out, file), longAgo, longAgo);
    writeFileSync(join(out, 'chunk-LEFTOVER.mjs'), '');
    utimesSync(join(out, 'chunk-LEFTOVER.mjs'), longAgo, longAgo);
    edit('src/lazy.ts', "export const lazy = (): string => 'kept';\n");
    expect(await ensure()).toBe(true);
    const left = before.filter((file) => !chunks().includes(file));
    expect(left.length).toBeGreaterThan(0);
    const present = readdirSync(out);
    for (const file of left) expect(present).toContain(file);
    expect(present).not.toContain('chunk-LEFTOVER.mjs');
  }, 60_000);

  it('concurrent starts after an edit all run the new build; no temporary file is left', async () => {
    edit('src/lazy.ts', "export const lazy = (): string => 'edited';\n");
    const results = await Promise.all(Array.from({ length: 4 }, () => run('run')));
    for (const result of results) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe('second edited\n');
    }
    expect(readdirSync(join(project, 'out')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(await ensure()).toBe(false);
  }, 60_000);

  it('a source that does not compile: says which and what to do, exit 1', async () => {
    edit('src/message.ts', "export const message: string = 'unterminated;\n");
    const result = await run('run');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('could not be built');
    expect(result.stderr).toContain('src/message.ts');
    expect(result.stderr).toContain('run the command again');
  }, 60_000);
});

// The `station` entry is built as CommonJS and run with V8's code cache (scripts/run-built.mjs, runCommonJs;
// docs/architecture.md, "Start-up"), on a small project of its own as above.
describe('a CommonJS entry of the CLI bundle, run with its code cache', () => {
  const cjsProject = join(dir.path, 'cjs-project');
  const cjsDriver = join(dir.path, 'cjs-driver.mjs');
  const out = join(cjsProject, 'out');
  const runCjs = () =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cjsDriver], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    });
  const caches = () => readdirSync(out).filter((f) => f.endsWith('.v8-cache'));
  const writeSource = (file: string, contents: string, secondsAgo: number) => {
    writeFileSync(join(cjsProject, file), contents);
    const past = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(join(cjsProject, file), past, past);
  };

  beforeAll(() => {
    mkdirSync(join(cjsProject, 'src'), { recursive: true });
    writeSource('src/message.ts', "export const message: string = 'first';\n", 120);
    writeSource('src/lazy.ts', "export const lazy = (): string => 'lazy';\n", 120);
    // A chunk required on demand, and a Node module imported dynamically (the build hands it to the loader).
    writeSource(
      'src/main.ts',
      "import { message } from './message';\nvoid Promise.all([import('./lazy'), import('node:os')]).then(([{ lazy }, os]) => process.stdout.write(`${message} ${lazy()} ${typeof os.cpus}\\n`));\n",
      120,
    );
    writeFileSync(
      cjsDriver,
      [
        `import { runBuilt } from ${JSON.stringify(pathToFileURL(join(repoRoot, 'scripts', 'build-cli.mjs')).href)};`,
        `await runBuilt('main', { root: ${JSON.stringify(cjsProject)}, outdir: 'out', entryPoints: { main: 'src/main.ts' }, commonJs: ['main'] });`,
      ].join('\n'),
    );
  });

  it('makes each file’s cache at its first run and takes it at the next', async () => {
    const first = await runCjs();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe('first lazy function\n');
    expect(first.stderr).toBe('');
    expect(caches().sort()).toEqual(
      readdirSync(out)
        .filter((f) => f.endsWith('.cjs'))
        .map((f) => `${f}.v8-cache`)
        .sort(),
    );
    const made = new Map(caches().map((f) => [f, readFileSync(join(out, f))]));
    const second = await runCjs();
    expect(second.stdout).toBe('first lazy function\n');
    expect(second.stderr).toBe('');
    // Taken as it was: nothing was made again.
    for (const [file, bytes] of made) expect(readFileSync(join(out, file)).equals(bytes), file).toBe(true);
  }, 60_000);

  it('never runs a cache made from an older build of a file, even of the same length', async () => {
    // The entry requires the chunk by its hashed name: a new chunk of the same length makes an entry of the same
    // length, which V8's own check (the source's length) would take the old cache for, and run the old chunk.
    const entry = readFileSync(join(out, 'main.cjs'), 'utf8');
    writeSource('src/message.ts', "export const message: string = 'fresh';\n", 60);
    const result = await runCjs();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('fresh lazy function\n');
    const rebuilt = readFileSync(join(out, 'main.cjs'), 'utf8');
    expect(rebuilt).not.toBe(entry);
    expect(rebuilt.length).toBe(entry.length);
  }, 60_000);
});
