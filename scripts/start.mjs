#!/usr/bin/env node
// `npm start`: build, then run the station in Electron when its binary is there;
// otherwise try electron's own install script once, and if the binary is still
// missing, say why in one line and serve the same station in the web host.
//
// Native modules: node_modules keeps binaries built for Node (tests, CLI, web
// host). For Electron, better-sqlite3 is compiled once more for Electron's ABI
// into .electron-native/ and loaded from there (better-sqlite3's nativeBinding
// option), so launching Electron never breaks the Node side.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const log = (line) => process.stderr.write(`[start] ${line}\n`);

function run(command, args, options = {}) {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options }).status === 0;
}

function electronBinary() {
  const dir = join(root, 'node_modules', 'electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

function electronVersion() {
  return JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
}

/** better-sqlite3 for Electron's ABI, built from the installed source into .electron-native/. */
function buildElectronNative(version) {
  const outDir = join(root, '.electron-native');
  const stamp = join(outDir, 'electron-version');
  const binding = join(outDir, 'better_sqlite3.node');
  if (existsSync(binding) && existsSync(stamp) && readFileSync(stamp, 'utf8') === version) return true;
  log(`building better-sqlite3 for Electron ${version} (once)`);
  const src = join(outDir, 'better-sqlite3-src');
  rmSync(src, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  cpSync(dirname(require.resolve('better-sqlite3/package.json')), src, { recursive: true, filter: (p) => !p.includes('/build/') });
  const nodeGyp = join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  const ok = run(process.execPath, [nodeGyp, 'rebuild', `--target=${version}`, '--dist-url=https://electronjs.org/headers', '--runtime=electron'], { cwd: src });
  if (!ok) return false;
  cpSync(join(src, 'build', 'Release', 'better_sqlite3.node'), binding);
  writeFileSync(stamp, version);
  return true;
}

function serveInWebHost(reason) {
  log(`${reason}; starting the station in the web host instead (open the URL below in a browser).`);
  const child = spawn(process.execPath, [join(root, 'bin', 'station.mjs'), ...process.argv.slice(2), 'serve'], { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] });
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    for (const line of chunk.toString().split('\n')) {
      try {
        const ready = JSON.parse(line);
        if (ready.ready) log(`station ready at ${ready.url}`);
      } catch {
        // not the ready line
      }
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

if (!run('npx', ['electron-vite', 'build'])) {
  log('build failed; see the errors above.');
  process.exit(1);
}

/** Runs electron's own install script once; returns the first line that says why it failed. */
function installElectron() {
  log('Electron binary not installed; running electron\'s install script once');
  const install = spawnSync(process.execPath, [join(root, 'node_modules', 'electron', 'install.js')], {
    cwd: join(root, 'node_modules', 'electron'),
    encoding: 'utf8',
    timeout: 120_000,
  });
  const output = `${install.stderr ?? ''}\n${install.stdout ?? ''}`;
  const cause = output.split('\n').find((line) => /error/i.test(line) && !/^\s+at /.test(line));
  return cause?.trim() ?? (install.error ? String(install.error.message) : `install script exited with ${install.status}`);
}

let binary = electronBinary();
let installFailure;
if (!binary) {
  installFailure = installElectron();
  binary = electronBinary();
}

if (!binary) {
  serveInWebHost(`The Electron binary is unavailable: its download failed (${installFailure})`);
} else if (!buildElectronNative(electronVersion())) {
  serveInWebHost('Could not build better-sqlite3 for Electron (see the compiler output above)');
} else {
  const child = spawn(binary, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
