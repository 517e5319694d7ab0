import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KeyCipher } from '../../src-main/store/api-key-file';

/**
 * The OS keychain is Electron's safeStorage, which cannot run here; this cipher does the same job
 * (AES-256-GCM with a key only "the OS" holds), so the key store's rules are tested for real.
 */
export function aesCipher(available = true): KeyCipher {
  const key = randomBytes(32);
  return {
    available: () => available,
    encrypt(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decrypt(sealed) {
      const d = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      d.setAuthTag(sealed.subarray(12, 28));
      return Buffer.concat([d.update(sealed.subarray(28)), d.final()]).toString('utf8');
    },
  };
}
