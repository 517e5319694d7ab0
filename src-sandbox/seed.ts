import { createOrganization, createServiceAccount, createTeam } from './store/accounts';
import type { SandboxDb } from './store/db';
import { getSetting, setSetting } from './store/settings';

export interface DemoSeed {
  orgId: string;
  rootTeamId: string;
  teamId: string;
  apiKey: string;
}

const DEMO_KEY = 'demo';

/**
 * On the first start, the demo organization "Demo Print Shop" with its root Team, a Team "Bench" and a
 * Service Account that is admin of "Bench" (src-sandbox/README.md). Later starts read the same ids back.
 *
 * Only a hash of every API key is used for lookups (service_accounts.api_key_hash). The demo key's
 * plaintext is kept too, in the `settings` row `demo`, because the CLI must print the same key on every
 * restart and a hash cannot be turned back into a key. It is a local demo credential of a loopback-only
 * service; keys made through the admin API are never stored in plaintext.
 */
export function seedDemo(db: SandboxDb, at: string): DemoSeed {
  return db.transaction(() => {
    const existing = getSetting(db, DEMO_KEY);
    if (existing !== null) return JSON.parse(existing) as DemoSeed;
    const { orgId, rootTeamId } = createOrganization(db, 'Demo Print Shop', at);
    const teamId = createTeam(db, orgId, 'Bench', at);
    const { apiKey } = createServiceAccount(db, { orgId, name: 'Bench station', teams: [{ teamId, role: 'admin' }] }, at);
    const seed: DemoSeed = { orgId, rootTeamId, teamId, apiKey };
    setSetting(db, DEMO_KEY, JSON.stringify(seed));
    return seed;
  })();
}
