import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FeatureFlags } from '../../src-shared/api/discovery';
import { SANDBOX_FEATURE_FLAGS } from '../domain/discovery/feature-flags';
import { statement, type SandboxDb } from './db';
import type { TeamRole, ServiceAccountRow, TeamRow, OrganizationRow } from './rows';

// Organizations, Teams and Service Accounts. spec: Authentication 1 ("API keys belong to Service
// Accounts, issued by an organization admin"); Resources, Principal (me) and context (Team).

/** Prefix that makes a key recognizable (and refusable) when someone sends it as a bearer token. */
export const API_KEY_PREFIX = 'svc_sk_';

/**
 * Keys are 32 random bytes, so a fast SHA-256 is enough to store them: nobody can guess a preimage, and
 * a lookup by hash stays one indexed read per token exchange.
 */
function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

function slugOf(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'org';
}

export function createOrganization(db: SandboxDb, name: string, at: string, featureFlags?: Partial<FeatureFlags>): { orgId: string; rootTeamId: string } {
  const orgId = randomUUID();
  const rootTeamId = randomUUID();
  db.transaction(() => {
    statement(db, 'INSERT INTO organizations (org_id, name, slug, root_team_id, created_at, feature_flags) VALUES (?, ?, ?, ?, ?, ?)').run(
      orgId,
      name,
      slugOf(name),
      rootTeamId,
      at,
      featureFlags && Object.keys(featureFlags).length ? JSON.stringify(featureFlags) : null,
    );
    // spec: Context headers — "absent or empty means the organization root Team": every org has one.
    statement(db, 'INSERT INTO teams (team_id, org_id, name, is_root, created_at) VALUES (?, ?, ?, 1, ?)').run(rootTeamId, orgId, name, at);
  })();
  return { orgId, rootTeamId };
}

export function createTeam(db: SandboxDb, orgId: string, name: string, at: string): string {
  const teamId = randomUUID();
  statement(db, 'INSERT INTO teams (team_id, org_id, name, is_root, created_at) VALUES (?, ?, ?, 0, ?)').run(teamId, orgId, name, at);
  return teamId;
}

export interface NewServiceAccount {
  orgId: string;
  name: string;
  teams: { teamId: string; role: TeamRole }[];
  orgAdmin?: boolean;
  attributionRequired?: boolean;
}

export function createServiceAccount(db: SandboxDb, input: NewServiceAccount, at: string): { serviceAccountId: string; apiKey: string } {
  const serviceAccountId = randomUUID();
  const apiKey = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  db.transaction(() => {
    statement(
      db,
      `INSERT INTO service_accounts (service_account_id, org_id, name, api_key_hash, org_admin, attribution_required, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(serviceAccountId, input.orgId, input.name, hashApiKey(apiKey), input.orgAdmin ? 1 : 0, input.attributionRequired ? 1 : 0, at);
    const member = statement(db, 'INSERT INTO team_memberships (team_id, service_account_id, role) VALUES (?, ?, ?)');
    for (const t of input.teams) member.run(t.teamId, serviceAccountId, t.role);
  })();
  return { serviceAccountId, apiKey };
}

/** Marks the account revoked; its key and any token it minted stop working. False when unknown. */
export function revokeServiceAccount(db: SandboxDb, serviceAccountId: string, at: string): boolean {
  const r = statement(db, 'UPDATE service_accounts SET revoked_at = COALESCE(revoked_at, ?) WHERE service_account_id = ?').run(at, serviceAccountId);
  return r.changes > 0;
}

export function findServiceAccountByKey(db: SandboxDb, apiKey: string): ServiceAccountRow | undefined {
  return statement(db, 'SELECT * FROM service_accounts WHERE api_key_hash = ?').get(hashApiKey(apiKey)) as ServiceAccountRow | undefined;
}

export function getServiceAccount(db: SandboxDb, serviceAccountId: string): ServiceAccountRow | undefined {
  return statement(db, 'SELECT * FROM service_accounts WHERE service_account_id = ?').get(serviceAccountId) as ServiceAccountRow | undefined;
}

export function getOrganization(db: SandboxDb, orgId: string): OrganizationRow | undefined {
  return statement(db, 'SELECT * FROM organizations WHERE org_id = ?').get(orgId) as OrganizationRow | undefined;
}

/** The organization's feature flags: the sandbox defaults with its own settings over them. */
export function featureFlagsOf(org: OrganizationRow | undefined): FeatureFlags {
  return { ...SANDBOX_FEATURE_FLAGS, ...(org?.feature_flags ? (JSON.parse(org.feature_flags) as Partial<FeatureFlags>) : {}) };
}

/** Changes some of an organization's flags (admin API); the others keep their value. */
export function updateFeatureFlags(db: SandboxDb, orgId: string, changes: Partial<FeatureFlags>): FeatureFlags {
  const org = getOrganization(db, orgId);
  const own = { ...(org?.feature_flags ? (JSON.parse(org.feature_flags) as Partial<FeatureFlags>) : {}), ...changes };
  statement(db, 'UPDATE organizations SET feature_flags = ? WHERE org_id = ?').run(JSON.stringify(own), orgId);
  return { ...SANDBOX_FEATURE_FLAGS, ...own };
}

export function getTeam(db: SandboxDb, teamId: string): TeamRow | undefined {
  return statement(db, 'SELECT * FROM teams WHERE team_id = ?').get(teamId) as TeamRow | undefined;
}

/** Team id → role for every Team the account belongs to. */
export function membershipsOf(db: SandboxDb, serviceAccountId: string): Map<string, TeamRole> {
  const rows = statement(db, 'SELECT team_id, role FROM team_memberships WHERE service_account_id = ?').all(serviceAccountId) as {
    team_id: string;
    role: TeamRole;
  }[];
  return new Map(rows.map((r) => [r.team_id, r.role]));
}

export function teamsOfAccount(db: SandboxDb, serviceAccountId: string): TeamRow[] {
  return statement(
    db,
    `SELECT t.* FROM teams t JOIN team_memberships m ON m.team_id = t.team_id
       WHERE m.service_account_id = ? ORDER BY t.created_at, t.team_id`,
  ).all(serviceAccountId) as TeamRow[];
}
