#!/usr/bin/env node
// `npm start`: build (`npm run build`), then run the station in Electron when its binary is there;
// otherwise try electron's own install script once, and if the binary is still
// missing, say why in one line and serve the same station in the web host.
//
// Native modules: node_modules keeps binaries built for Node (tests, CLI, web
// host). For Electron, better-sqlite3 and @pokusew/pcsclite are compiled once more
// for Electron's ABI into .electron-native/ and loaded from there (better-sqlite3's
// nativeBinding option; pcsclite through the host's addon redirect), so launching
// Electron never breaks the Node side.
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

/**
 * Native addons that are not N-API (better-sqlite3, and @pokusew/pcsclite under nfc-pcsc) are
 * compiled once more for Electron's ABI into .electron-native/, from the installed source.
 * serialport, node-hid and sharp are N-API and load in both runtimes as installed.
 */
const ELECTRON_NATIVE = [
  { pkg: 'better-sqlite3', product: 'better_sqlite3.node', required: true },
  // Without it the Devices screen shows PC/SC as DRIVER_UNAVAILABLE; the station still runs.
  { pkg: '@pokusew/pcsclite', product: 'pcsclite.node', required: false },
];

function buildElectronAddon(version, { pkg, product }) {
  const outDir = join(root, '.electron-native');
  const binding = join(outDir, product);
  const stamp = join(outDir, `${product}.electron-version`);
  if (existsSync(binding) && existsSync(stamp) && readFileSync(stamp, 'utf8') === version) return true;
  log(`building ${pkg} for Electron ${version} (once)`);
  const src = join(outDir, `${product}-src`);
  rmSync(src, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  cpSync(dirname(require.resolve(`${pkg}/package.json`)), src, { recursive: true, filter: (p) => !p.includes('/build/') });
  const nodeGyp = join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  const ok = run(process.execPath, [nodeGyp, 'rebuild', `--target=${version}`, '--dist-url=https://electronjs.org/headers', '--runtime=electron'], {
    cwd: src,
  });
  if (!ok) return false;
  cpSync(join(src, 'build', 'Release', product), binding);
  writeFileSync(stamp, version);
  return true;
}

/** Builds every addon for Electron; false when a required one failed. */
function buildElectronNative(version) {
  for (const addon of ELECTRON_NATIVE) {
    if (buildElectronAddon(version, addon)) continue;
    if (addon.required) return false;
    log(`${addon.pkg} could not be built for Electron; NFC readers stay unavailable in the desktop station`);
  }
  return true;
}

function serveInWebHost(reason) {
  log(`${reason}; starting the station in the web host instead (open the URL below in a browser).`);
  const child = spawn(process.execPath, [join(root, 'bin', 'station.mjs'), ...process.argv.slice(2), 'serve'], {
    cwd: root,
    stdio: ['inherit', 'pipe', 'inherit'],
  });
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

// The Electron build (out/main, out/preload, out/renderer) and the CLI the web host runs in (out/cli).
if (!run('npx', ['electron-vite', 'build']) || !run(process.execPath, [join(root, 'scripts', 'build-cli.mjs')])) {
  log('build failed; see the errors above.');
  process.exit(1);
}

/** Runs electron's own install script once; returns the first line that says why it failed. */
function installElectron() {
  log("Electron binary not installed; running electron's install script once");
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
