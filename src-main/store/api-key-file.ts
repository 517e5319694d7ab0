import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The API key lives outside the database, never in output or logs (docs/architecture.md, "Security": the
// key is kept with the OS keychain (Electron safeStorage) or in a 0600 file for the CLI and web host).
// Both forms are files under <data>/keys, mode 0600: `<profile>.key` holds the key as text;
// `<profile>.key.enc` holds it encrypted by the OS keychain (the Electron host's safeStorage),
// so the file alone is useless on another machine or account.

/** Encryption by the OS keychain (Electron's safeStorage); the core never imports Electron. */
export interface KeyCipher {
  /** False when the OS offers no keychain (e.g. Linux without a secret service). */
  available(): boolean;
  encrypt(plain: string): Buffer;
  decrypt(sealed: Buffer): string;
}

export interface ApiKeyStore {
  /** Where the key is kept, in words for the status and docs. */
  readonly kind: 'keychain' | 'file';
  read(profileId: string): string | undefined;
  write(profileId: string, apiKey: string): void;
  remove(profileId: string): void;
}

function keysDir(dataDir: string): string {
  return join(dataDir, 'keys');
}

function plainPath(dataDir: string, profileId: string): string {
  return join(keysDir(dataDir), `${profileId}.key`);
}

function sealedPath(dataDir: string, profileId: string): string {
  return join(keysDir(dataDir), `${profileId}.key.enc`);
}

function writePrivate(dataDir: string, path: string, data: string | Buffer): void {
  mkdirSync(keysDir(dataDir), { recursive: true, mode: 0o700 });
  writeFileSync(path, data, { mode: 0o600 });
  chmodSync(path, 0o600);
}

function readIfThere(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** True when the key of `profileId` is sealed by a keychain (written by the Electron host). */
export function hasSealedKey(dataDir: string, profileId: string): boolean {
  return existsSync(sealedPath(dataDir, profileId));
}

/** The key as a 0600 text file (CLI and web host). */
export function fileKeyStore(dataDir: string): ApiKeyStore {
  return {
    kind: 'file',
    read: (profileId) => readIfThere(plainPath(dataDir, profileId))?.toString('utf8').trim() || undefined,
    write: (profileId, apiKey) => writePrivate(dataDir, plainPath(dataDir, profileId), apiKey),
    remove: (profileId) => rmSync(plainPath(dataDir, profileId), { force: true }),
  };
}

/**
 * The key sealed by the OS keychain when it is available (the Electron host), else the 0600 file.
 * A plain key file left by the CLI or web host is sealed and removed the first time it is read here.
 */
export function apiKeyStore(dataDir: string, cipher?: KeyCipher): ApiKeyStore {
  const file = fileKeyStore(dataDir);
  if (!cipher?.available()) return file;
  return {
    kind: 'keychain',
    read(profileId) {
      const sealed = readIfThere(sealedPath(dataDir, profileId));
      if (sealed) return cipher.decrypt(sealed).trim() || undefined;
      const plain = file.read(profileId);
      if (plain) this.write(profileId, plain);
      return plain;
    },
    write(profileId, apiKey) {
      writePrivate(dataDir, sealedPath(dataDir, profileId), cipher.encrypt(apiKey));
      file.remove(profileId);
    },
    remove(profileId) {
      rmSync(sealedPath(dataDir, profileId), { force: true });
      file.remove(profileId);
    },
  };
}
