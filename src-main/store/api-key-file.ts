import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The API key lives in a 0600 file under the data dir, never in the database, never in output
// or logs (BENCH.md, workflow 1: "a 0600 file for the CLI and web host").

function keyPath(dataDir: string, profileId: string): string {
  return join(dataDir, 'keys', `${profileId}.key`);
}

export function writeApiKey(dataDir: string, profileId: string, apiKey: string): void {
  mkdirSync(join(dataDir, 'keys'), { recursive: true, mode: 0o700 });
  const path = keyPath(dataDir, profileId);
  writeFileSync(path, apiKey, { mode: 0o600 });
  chmodSync(path, 0o600);
}

export function readApiKey(dataDir: string, profileId: string): string | undefined {
  try {
    return readFileSync(keyPath(dataDir, profileId), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

export function removeApiKey(dataDir: string, profileId: string): void {
  rmSync(keyPath(dataDir, profileId), { force: true });
}
