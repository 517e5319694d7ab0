import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The web host's token on disk: base64url of 24 random bytes. */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/**
 * The web host's token for a data folder (docs/architecture.md, "Security"): made once, kept in `<data>/web-token`
 * (mode 0600, beside the API key files), so a web host started again on the folder takes the same token and a page
 * it served before goes on by itself (docs/architecture.md, "When the page loses its station"). A file that is not
 * a token is replaced.
 */
export function webHostToken(dataDir: string): string {
  const path = join(dataDir, 'web-token');
  try {
    const kept = readFileSync(path, 'utf8').trim();
    if (TOKEN.test(kept)) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = randomBytes(24).toString('base64url');
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${token}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
  return token;
}
