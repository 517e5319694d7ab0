#!/usr/bin/env node
// `npm test`'s 'electronegativity' step: Doyensec's electronegativity (misconfigurations and security anti-patterns of
// Electron apps) over the Electron host, src-main/hosts/electron. Each window's webPreferences are written out where the
// scanner reads them (contextIsolation, sandbox, no nodeIntegration, Auxclick disabled), and so is the CSP. Any finding
// fails the step, but the few listed in ACCEPTED below, each with why. Run it alone: `node scripts/electronegativity.mjs`.
//
// The package's own command cannot start here (its dist/index.js calls an old commander API that the installed
// commander no longer has), so this calls its runner, the package's main export, directly.
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const run = createRequire(import.meta.url)('@doyensec/electronegativity');

/** Checks left out (by class name, as the runner takes them): each needs the network or asks a person to review, not a rule the code can keep. */
const EXCLUDED = [
  // Compares the Electron version with the releases it fetches from the network: not reproducible offline, and Electron's
  // version is package.json's to keep.
  'AvailableSecurityFixesGlobalCheck',
  // "Review the use of preload scripts": a reminder on every window with a preload. The station's preload (src-preload)
  // exposes one contextBridge object and nothing of Node (docs/architecture.md).
  'PreloadJSCheck',
];

/** Findings kept on purpose: check id → what the finding says and why it stays. */
const ACCEPTED = {
  // style-src 'unsafe-inline' (the renderer's style attributes); scripts stay 'self' only, objects none.
  CSP_GLOBAL_CHECK: "the CSP's style-src allows 'unsafe-inline' for the renderer's style attributes; script-src is 'self' only",
};

const input = join(root, 'src-main', 'hosts', 'electron');
const result = await run({ input, isRelative: true, isVerbose: false, excludeFromScan: EXCLUDED, electronVersionOverride: electronVersion() }, false);
const findings = result.issues.map((i) => ({ id: i.id, where: `${i.file}:${i.location?.line ?? '?'}`, severity: i.severity?.name, says: i.description }));
const refused = findings.filter((f) => !(f.id in ACCEPTED));
for (const f of findings) {
  const accepted = ACCEPTED[f.id];
  process.stdout.write(`${accepted ? 'accepted' : 'FINDING '} ${f.id} ${f.where} (${f.severity}): ${f.says}${accepted ? ` — ${accepted}` : ''}\n`);
}
for (const e of result.errors) process.stdout.write(`could not read ${e.file}: ${e.message}\n`);
process.stdout.write(
  `electronegativity: ${refused.length} finding(s) to fix in ${input}${result.errors.length ? `, ${result.errors.length} file(s) unread` : ''}\n`,
);
process.exit(refused.length > 0 || result.errors.some((e) => !e.tolerable) ? 1 : 0);

function electronVersion() {
  const pkg = createRequire(import.meta.url)(join(root, 'package.json'));
  return String(pkg.devDependencies.electron).replace(/^[^0-9]*/, '');
}
