import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers/tmp';
import { webHostToken } from './token-file';

const dirs: { path: string; remove(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));
function folder(): string {
  const dir = tempDir('web-token-');
  dirs.push(dir);
  return dir.path;
}

describe('the web host token of a data folder', () => {
  it('is made once (0600) and taken again by the next start', () => {
    const data = folder();
    const token = webHostToken(data);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(statSync(join(data, 'web-token')).mode & 0o777).toBe(0o600);
    expect(webHostToken(data)).toBe(token);
    expect(webHostToken(folder())).not.toBe(token);
  });

  it('replaces a file that holds no token', () => {
    const data = folder();
    writeFileSync(join(data, 'web-token'), 'short\n');
    const token = webHostToken(data);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(readFileSync(join(data, 'web-token'), 'utf8').trim()).toBe(token);
  });
});
