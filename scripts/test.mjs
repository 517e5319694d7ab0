#!/usr/bin/env node
// `npm test`: type-check, lint, format (Prettier), the Electron host's settings (electronegativity), dead code (knip: unused files, exports, dependencies), unit/integration (vitest), build, e2e (Playwright),
// then one closing line "N passed, M failed" summed over all runners. A failed
// type-check or lint counts as one failed check each. Fails when anything
// failed, or when no test ran. Skipped tests are reported, never counted as passed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, 'test-results');
rmSync(join(results, 'vitest.json'), { force: true });
rmSync(join(results, 'playwright.json'), { force: true });
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function step(name, command, args, env = {}) {
  process.stdout.write(`\n=== ${name}: ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  process.stdout.write(
    `=== ${name}: ${run.status === 0 ? 'ok' : `failed (exit ${run.status ?? run.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return run.status === 0;
}

function check(name, command, args) {
  if (step(name, command, args)) return;
  failed += 1;
  failures.push(name);
}

const npx = 'npx';
check('type-check', 'npm', ['run', '--silent', 'typecheck']);
check('lint', npx, ['eslint', '.']);
check('format', npx, ['prettier', '--check', '.']);
check('electronegativity', 'node', ['scripts/electronegativity.mjs']);
check('knip', npx, ['knip', '--no-progress']);
check('openapi lint', 'node', ['bin/run-ts.mjs', 'scripts/openapi-lint.ts']);

const vitestOk = step('unit and integration', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${join(results, 'vitest.json')}`]);
if (existsSync(join(results, 'vitest.json'))) {
  const report = JSON.parse(readFileSync(join(results, 'vitest.json'), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  if (!vitestOk && report.numFailedTests === 0) {
    failed += 1;
    failures.push('vitest (a suite failed to load)');
  }
} else {
  failed += 1;
  failures.push('vitest (no report)');
}

if (step('build', 'npm', ['run', '--silent', 'build'])) {
  const e2eOk = step('e2e', npx, ['playwright', 'test'], { PW_REPORTERS: 'ci' });
  if (existsSync(join(results, 'playwright.json'))) {
    const stats = JSON.parse(readFileSync(join(results, 'playwright.json'), 'utf8')).stats;
    passed += stats.expected;
    failed += stats.unexpected + stats.flaky;
    skipped += stats.skipped;
    if (!e2eOk && stats.unexpected === 0) {
      failed += 1;
      failures.push('playwright (run failed)');
    }
  } else {
    failed += 1;
    failures.push('playwright (no report)');
  }
} else {
  failed += 1;
  failures.push('build');
}

if (failures.length) process.stdout.write(`\nFailed checks: ${failures.join(', ')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
