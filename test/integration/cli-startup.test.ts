import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { reservePath } from '../../src-main/changes/housekeeping';
import { repoRoot } from '../helpers/processes';
import { tempDir } from '../helpers/tmp';

// A script may call the station once per Label, so a command loads only what it uses (docs/architecture.md,
// "Start-up"): the contract and the handlers of its own area, and none of the printers, the grader, the print-run
// exports, the PDF libraries, the device drivers or the web host. What a process loaded is recorded by a module hook
// (test/helpers/loaded-modules/record.mjs), not guessed from its time.

const dir = tempDir('station-startup-');
afterAll(() => dir.remove());

/** Runs the real `station` bin and returns what it loaded: package names, and the source text of its own modules. */
function loadedBy(
  args: string[],
  data = join(dir.path, 'data'),
): { code: number; stdout: string; stderr: string; packages: Set<string>; builtins: Set<string>; bundle: string; files: number } {
  const record = join(dir.path, `loaded-${Math.random().toString(36).slice(2)}.txt`);
  const run = spawnSync(
    process.execPath,
    ['--import', join(repoRoot, 'test/helpers/loaded-modules/record.mjs'), join(repoRoot, 'bin', 'station.mjs'), '--json', '--data', data, ...args],
    { cwd: repoRoot, env: { ...process.env, LOADED_MODULES_FILE: record }, encoding: 'utf8', timeout: 120_000 },
  );
  const lines = readFileSync(record, 'utf8').split('\n').filter(Boolean);
  const paths = new Set(lines.map((line) => (line.startsWith('file:') ? fileURLToPath(line) : line)));
  const packages = new Set([...paths].flatMap((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1] ?? []));
  const files = [...paths].filter((path) => path.startsWith(join(repoRoot, 'out', 'cli')));
  const bundle = files.map((path) => readFileSync(path, 'utf8')).join('\n');
  const builtins = new Set([...paths].filter((path) => path.startsWith('node:')));
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr, packages, builtins, bundle, files: files.length };
}

/**
 * Runs the real `station` bin, its stdout a pipe as a script's, and returns which of Node's own modules it loaded
 * (test/helpers/loaded-modules/builtins.cjs: no module hooks, whose thread loads node:stream itself).
 */
function builtinsLoadedBy(args: string[], data = join(dir.path, 'data')): { code: number; stdout: string; builtins: Set<string> } {
  const record = join(dir.path, `builtins-${Math.random().toString(36).slice(2)}.txt`);
  const run = spawnSync(
    process.execPath,
    ['--require', join(repoRoot, 'test/helpers/loaded-modules/builtins.cjs'), join(repoRoot, 'bin', 'station.mjs'), '--json', '--data', data, ...args],
    { cwd: repoRoot, env: { ...process.env, LOADED_BUILTINS_FILE: record }, encoding: 'utf8', timeout: 120_000 },
  );
  return { code: run.status ?? -1, stdout: run.stdout, builtins: new Set(readFileSync(record, 'utf8').split('\n').filter(Boolean)) };
}

/** The bundle defines `name` (a variable or a function; the build minifies whitespace and joins declarations). */
const defines = (name: string) => new RegExp(`(?:\\bfunction ${name}\\(|[\\s,;{]${name}=)`);

const NOT_FOR_STATUS = [
  'ipp-encoder',
  '@zxing/library',
  'zxing-wasm',
  'papaparse',
  'pdfkit',
  'bwip-js',
  'sharp',
  'serialport',
  'nfc-pcsc',
  'node-hid',
  'fastify',
  // The log's: loaded with the first line written (docs/storage.md, "The log"), and status writes none.
  'pino',
];

describe('what a CLI command loads', () => {
  it('`status` loads the station area alone: no printers, grader, print-run exports, PDF, drivers or web host', () => {
    const status = loadedBy(['status']);
    expect(status.stderr).toBe('');
    expect(status.code).toBe(0);
    expect(status.packages).toContain('better-sqlite3');
    for (const name of NOT_FOR_STATUS) expect(status.packages, name).not.toContain(name);
    // Node's own crypto and child processes load with the commands that use them (each costs about a tenth of a bare
    // `node -e 1`).
    expect(status.builtins).toContain('node:fs');
    for (const name of ['node:crypto', 'node:child_process']) expect(status.builtins, name).not.toContain(name);
    expect(status.bundle).toMatch(defines('stationCommands'));
    // Other areas' schemas and handlers are neither built nor loaded, nor the service's Label schemas (the outbox's
    // payload schemas, built on first use, take what they need from common.ts).
    // Nor the queue area's (the outbox and the sync engine take an attention item's shape and the concurrency bounds
    // from src-shared/ipc/queue-shapes.ts).
    for (const name of [
      'labelCommands',
      'printerCommands',
      'queueCommands',
      'labelHandlers',
      'printerHandlers',
      'gradeStill',
      'ExpectedIdentifiersInputSchema',
    ])
      expect(status.bundle, name).not.toMatch(defines(name));
  });

  it('`status` loads its code from five files of out/cli: what the entry imports statically is one chunk', () => {
    // The entry, that chunk, the bundler's helpers and the station area's contract (a dynamic import: its module and
    // the chunk it shares with the areas that import it); a bundler left to itself made a chunk of each set of dynamic
    // imports a module is shared by (37 files).
    const status = loadedBy(['status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.files).toBeLessThanOrEqual(5);
  });

  it("`status` answers on a pipe without loading Node's streams: no node:stream, node:net or node:tty", () => {
    // Its answer goes to the descriptor itself (hosts/cli/output.ts) and Node's modules are taken without an import
    // (scripts/build-cli.mjs): process.stdout on a pipe, or an import of node:fs, would load node:stream.
    const status = builtinsLoadedBy(['status']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ queue: { pending: 0 } });
    expect(status.builtins).toContain('node:fs');
    for (const name of ['node:stream', 'node:stream/promises', 'node:net', 'node:tty']) expect(status.builtins, name).not.toContain(name);
    // An error goes the same way, to both descriptors.
    const usage = builtinsLoadedBy(['status', '--nonsense']);
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stdout)).toMatchObject({ error: { code: 'USAGE' } });
    expect(usage.builtins).not.toContain('node:stream');
  });

  it('`status` leaves the log and the disk reserve alone; a command that changes data writes the start line (loading pino) and the reserve', () => {
    const data = join(dir.path, 'log-data');
    const log = join(data, 'logs', 'station.log');
    expect(loadedBy(['status'], data).code).toBe(0);
    expect(existsSync(log)).toBe(false);
    // Nor does it make the disk reserve; a command that changes data does (docs/storage.md, "A full disk").
    expect(existsSync(reservePath(data))).toBe(false);
    const storage = loadedBy(['storage', '--keep-days', '20'], data);
    expect(storage.code, storage.stderr).toBe(0);
    expect(storage.packages).toContain('pino');
    expect(existsSync(reservePath(data))).toBe(true);
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; dataDir?: string; startedAt?: string });
    expect(lines).toEqual([expect.objectContaining({ msg: 'station started', dataDir: data, startedAt: expect.any(String) })]);
    expect(loadedBy(['status'], data).code).toBe(0);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('`status` on a connected folder with Labels queued loads no service client; the first request loads it', () => {
    // The client's module and the spec's answer schemas load with the first request (src-main/connection/lazy-client.ts).
    const data = join(dir.path, 'connected-data');
    expect(loadedBy(['connect', '--sandbox'], data).code).toBe(0);
    const created = loadedBy(['reel', 'create', '--name', 'Connected', '--expect', 'TEXT=1'], data);
    const reelId = (JSON.parse(created.stdout) as { reelId: string }).reelId;
    expect(loadedBy(['enroll', '--reel', reelId, '--position', '1', '--text', 'C-1'], data).code).toBe(0);
    const status = loadedBy(['status'], data);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ profile: { kind: 'sandbox' }, online: 'unknown', queue: { pending: 2 }, tokenExpiresAt: null });
    expect(status.bundle).not.toMatch(defines('labelsApi'));
    expect(status.files).toBeLessThanOrEqual(5);
    const sync = loadedBy(['sync'], data);
    expect(sync.code, sync.stderr).toBe(0);
    expect(JSON.parse(sync.stdout)).toMatchObject({ done: 2, pending: 0, attention: 0 });
    expect(sync.bundle).toMatch(defines('labelsApi'));
  });

  it('the Reels and the enrollment load the grader only for an image to grade', () => {
    const data = join(dir.path, 'reel-data');
    expect(loadedBy(['connect', '--sandbox'], data).code).toBe(0);
    const created = loadedBy(['reel', 'create', '--name', 'Startup', '--expect', 'TEXT=1'], data);
    expect(created.code, created.stderr).toBe(0);
    const reelId = (JSON.parse(created.stdout) as { reelId: string }).reelId;
    const enrolled = loadedBy(['enroll', '--reel', reelId, '--position', '1', '--text', 'S-1'], data);
    expect(enrolled.code, enrolled.stderr).toBe(0);
    for (const run of [created, enrolled, loadedBy(['reel', 'show', reelId], data)])
      for (const name of ['@zxing/library', 'zxing-wasm', 'sharp']) expect(run.packages, name).not.toContain(name);
  });

  it('a printers command loads the printers area and its IPP encoder', () => {
    const printers = loadedBy(['printers']);
    expect(printers.code).toBe(0);
    expect(printers.packages).toContain('ipp-encoder');
    expect(printers.bundle).toMatch(defines('printerCommands'));
    expect(printers.bundle).toMatch(defines('printerHandlers'));
    expect(printers.packages).not.toContain('@zxing/library');
    // The print jobs make ids: node:crypto loads with them.
    expect(printers.builtins).toContain('node:crypto');
  });
});
