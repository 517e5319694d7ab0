// Builds the sandbox in-process on a temporary DIR, writes its OpenAPI document to
// test-results/openapi.json and lints it with the pinned Redocly CLI (rules in redocly.yaml).
// Exit code: Redocly's (0 = lint-clean).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSandboxApp } from '../src-sandbox/app';
import { openSandboxDb } from '../src-sandbox/store/db';
import { loadOrCreateSecrets } from '../src-sandbox/store/secrets';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'sandbox-openapi-'));
const out = join(root, 'test-results', 'openapi.json');
try {
  const db = openSandboxDb(dir);
  const app = await buildSandboxApp({ db, secrets: loadOrCreateSecrets(db) });
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  await app.close();
  db.close();
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}: ${res.body}`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(JSON.parse(res.body), null, 2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const lint = spawnSync('npx', ['redocly', 'lint', '--config', join(root, 'redocly.yaml'), out], { cwd: root, stdio: 'inherit' });
process.exit(lint.status ?? 1);
