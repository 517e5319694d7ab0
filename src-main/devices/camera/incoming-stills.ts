import { randomUUID } from '../../runtime/node-crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaptureResult, StillMimeType } from '../../../src-shared/ipc/camera';

// Accepted stills wait here, named by sha256, until the enrollment commit moves them into
// the content-addressed capture store (docs/architecture.md, "Choices, and why": images are files, not BLOBs).
// Each still has a sidecar with its CaptureResult (gate metrics, barcodes, the spec's
// `options.settings`) so the commit needs nothing but the sha256.

const EXTENSIONS: Record<StillMimeType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };
const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Kept stills no enrollment took within this time are removed (at start and hourly: runtime/housekeeping.ts). An
 * enrollment moves its still into the capture store, so what stays here is what nobody took (docs/storage.md).
 */
export const INCOMING_MAX_AGE_MS = 60 * 60 * 1000;

export function incomingDir(dataDir: string): string {
  return join(dataDir, 'captures', 'incoming');
}

export interface IncomingStill {
  path: string;
  result: CaptureResult;
}

async function writeDurably(path: string, data: Buffer | string): Promise<void> {
  // A unique temp name per write: two submissions of the same frame race to the same
  // final name, and each must rename its own complete file.
  const temp = `${path}.${randomUUID()}.tmp`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes the still and its sidecar, fsynced, the sidecar last (its presence means "complete"). */
export async function keepIncomingStill(dataDir: string, bytes: Buffer, result: CaptureResult): Promise<IncomingStill> {
  if (!result.mimeType) throw new Error('only decoded stills are kept');
  const dir = incomingDir(dataDir);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${result.sha256}.${EXTENSIONS[result.mimeType]}`);
  await writeDurably(path, bytes);
  await writeDurably(join(dir, `${result.sha256}.json`), JSON.stringify(result));
  await syncDir(dir);
  return { path, result };
}

/** The kept still for `sha256`, or undefined when there is none (never kept, or already moved). */
export async function findIncomingStill(dataDir: string, sha256: string): Promise<IncomingStill | undefined> {
  if (!SHA256.test(sha256)) return undefined;
  const dir = incomingDir(dataDir);
  let sidecar: string;
  try {
    sidecar = await readFile(join(dir, `${sha256}.json`), 'utf8');
  } catch {
    return undefined;
  }
  // The camera area's schemas load with the first still looked for, not with the housekeeping that prunes them.
  const { CaptureResultSchema } = await import('../../../src-shared/ipc/camera');
  const parsed = CaptureResultSchema.safeParse(JSON.parse(sidecar));
  if (!parsed.success || !parsed.data.mimeType) return undefined;
  return { path: join(dir, `${sha256}.${EXTENSIONS[parsed.data.mimeType]}`), result: parsed.data };
}

/** Removes stills older than `maxAgeMs` that no commit claimed (recaptures, abandoned labels). */
export async function pruneIncomingStills(dataDir: string, maxAgeMs: number, now = Date.now()): Promise<number> {
  const dir = incomingDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > maxAgeMs) {
      await rm(path, { force: true });
      if (name.endsWith('.json')) removed += 1;
    }
  }
  return removed;
}

/**
 * Forgets a still an enrollment took: the still itself was moved into the capture store (or was already there, and
 * goes), and its sidecar goes with it (docs/storage.md: a capture is not held twice).
 */
export async function forgetIncomingStill(path: string): Promise<void> {
  await rm(path, { force: true });
  await rm(path.replace(/\.(jpg|png)$/, '.json'), { force: true });
}
