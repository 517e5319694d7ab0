import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

// The embedded sandbox a long-running host serves (docs/architecture.md, "The embedded sandbox"): the process that
// started it writes its address and pid to <data>/sandbox/served.json (atomically: a temporary file renamed over
// it) and removes the file when it closes the sandbox. A CLI command on the same folder that needs the service uses
// that sandbox instead of starting its own, once it has checked that the pid is alive and the address answers the
// sandbox's health check. The file holds no key: the API key stays in the key file and goes only to the token
// exchange of a loopback address.

const FILE = 'served.json';
/** How long a CLI command waits for the served sandbox's health answer before it starts its own. */
const HEALTH_TIMEOUT_MS = 1_000;

const ServedSandboxSchema = z.object({
  pid: z.number().int().positive(),
  // Loopback only: the sandbox listens nowhere else, so a file naming another host is not ours.
  baseUrl: z.string().regex(/^http:\/\/(127\.0\.0\.1|\[::1\]):\d{1,5}$/),
  startedAt: z.string(),
});
type ServedSandbox = z.infer<typeof ServedSandboxSchema>;

function path(sandboxDir: string): string {
  return join(sandboxDir, FILE);
}

/** Tells other processes on the folder that this one serves the sandbox at `baseUrl`. */
export function advertiseSandbox(sandboxDir: string, baseUrl: string): void {
  const served: ServedSandbox = { pid: process.pid, baseUrl, startedAt: new Date().toISOString() };
  const temporary = `${path(sandboxDir)}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify(served)}\n`, { mode: 0o600 });
    renameSync(temporary, path(sandboxDir));
  } catch {
    // Without the file other processes start their own sandbox, as before: slower, never wrong.
  }
}

/** Removes the advert when it is this process's own (another process may have replaced it since). */
export function withdrawSandbox(sandboxDir: string): void {
  if (readAdvert(sandboxDir)?.pid !== process.pid) return;
  try {
    unlinkSync(path(sandboxDir));
  } catch {
    // Already gone.
  }
}

function readAdvert(sandboxDir: string): ServedSandbox | null {
  try {
    const parsed = ServedSandboxSchema.safeParse(JSON.parse(readFileSync(path(sandboxDir), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // ESRCH: gone. EPERM: another user's process, so not the station that wrote this user's folder.
    return false;
  }
}

/**
 * The sandbox another live process serves on this folder, or null (no advert, its process gone, or its address
 * not answering `GET /api/health` within a second): then the caller starts its own.
 */
export async function findServedSandbox(sandboxDir: string): Promise<ServedSandbox | null> {
  const served = readAdvert(sandboxDir);
  if (!served || served.pid === process.pid || !alive(served.pid)) return null;
  try {
    const answer = await fetch(`${served.baseUrl}/api/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    await answer.body?.cancel();
    return answer.ok ? served : null;
  } catch {
    return null;
  }
}
