import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** out/renderer of this checkout, found from this module's place in the tree. */
export function rendererDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  // src-main/hosts/web → repo root; out/main (bundled) → repo root
  const root = here.includes(`${join('src-main', 'hosts', 'web')}`) ? join(here, '..', '..', '..') : join(here, '..', '..');
  return process.env.STATION_RENDERER_DIR ?? join(root, 'out', 'renderer');
}
