#!/usr/bin/env node
// Runs a TypeScript entry of this checkout with tsx's loader in a child Node,
// forwarding signals and the exit code. Native modules stay built for Node.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  process.stderr.write('usage: run-ts.mjs ENTRY.ts [args]\n');
  process.exit(2);
}
const child = spawn(process.execPath, ['--import', 'tsx', resolve(root, entry), ...args], {
  stdio: 'inherit',
  cwd: process.cwd(),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + 1 : 1)));
