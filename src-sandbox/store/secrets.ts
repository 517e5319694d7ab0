import { randomBytes } from 'node:crypto';
import type { SandboxDb } from './db';
import { getSetting, setSetting } from './settings';

export interface SandboxSecrets {
  /** HS256 key that signs and verifies bearer tokens; persisted so tokens survive a restart. */
  jwtSecret: Uint8Array;
  /** Value of the `x-sandbox-admin` header the admin API demands. */
  adminSecret: string;
}

/** Reads this instance's secrets, creating them on the first start: a restart on the same data keeps the same secrets. */
export function loadOrCreateSecrets(db: SandboxDb): SandboxSecrets {
  return db.transaction(() => {
    let jwt = getSetting(db, 'jwt_secret');
    if (jwt === null) {
      jwt = randomBytes(32).toString('base64url');
      setSetting(db, 'jwt_secret', jwt);
    }
    let admin = getSetting(db, 'admin_secret');
    if (admin === null) {
      admin = randomBytes(24).toString('base64url');
      setSetting(db, 'admin_secret', admin);
    }
    return { jwtSecret: Buffer.from(jwt, 'base64url'), adminSecret: admin };
  })();
}
