import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { aesCipher } from '../../test/helpers/aes-cipher';
import { tempDir } from '../../test/helpers/tmp';
import { apiKeyStore, fileKeyStore } from './api-key-file';

const dirs: { remove(): void }[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));
function dir(): string {
  const d = tempDir('api-keys-');
  dirs.push(d);
  return d.path;
}

const KEY = 'svc_sk_live_0123456789abcdef';

describe('API key store', () => {
  it('keeps the key in a 0600 file without a keychain', () => {
    const data = dir();
    const store = apiKeyStore(data);
    expect(store.kind).toBe('file');
    store.write('p1', KEY);
    const path = join(data, 'keys', 'p1.key');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(store.read('p1')).toBe(KEY);
    store.remove('p1');
    expect(store.read('p1')).toBeUndefined();
  });

  it('seals the key with the keychain: the file holds no plain key, and is 0600', () => {
    const data = dir();
    const store = apiKeyStore(data, aesCipher());
    expect(store.kind).toBe('keychain');
    store.write('p1', KEY);
    const sealed = join(data, 'keys', 'p1.key.enc');
    expect(readFileSync(sealed).includes(Buffer.from(KEY))).toBe(false);
    expect(statSync(sealed).mode & 0o777).toBe(0o600);
    expect(existsSync(join(data, 'keys', 'p1.key'))).toBe(false);
    expect(store.read('p1')).toBe(KEY);
  });

  it('seals a plain key file left by the CLI the first time the keychain store reads it', () => {
    const data = dir();
    fileKeyStore(data).write('p1', KEY);
    const store = apiKeyStore(data, aesCipher());
    expect(store.read('p1')).toBe(KEY);
    expect(existsSync(join(data, 'keys', 'p1.key'))).toBe(false);
    expect(existsSync(join(data, 'keys', 'p1.key.enc'))).toBe(true);
    expect(store.read('p1')).toBe(KEY);
  });

  it('falls back to the file when the keychain is unavailable', () => {
    const data = dir();
    const store = apiKeyStore(data, aesCipher(false));
    expect(store.kind).toBe('file');
    store.write('p1', KEY);
    expect(readFileSync(join(data, 'keys', 'p1.key'), 'utf8')).toBe(KEY);
  });
});
