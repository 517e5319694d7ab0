import { z } from 'zod';
import type { ServiceProfileSummary } from '../../src-shared/ipc/station';
import { statement, type Db } from './database';
import { readSetting, writeSetting } from './settings';

// Connection profiles: which service the station talks to, as which organization and Team (the Connect
// screen, `station connect`). The API key is not here: see api-key-file.ts.

export interface Profile {
  profileId: string;
  kind: 'sandbox' | 'remote';
  name: string;
  baseUrl: string;
  orgId: string | null;
  teamId: string | null;
  /** The names the service gave when connecting (shown instead of ids); kept as a setting per profile. */
  orgName?: string | null;
  teamName?: string | null;
  locale: string | null;
  declaredActor: string | null;
}

interface Row {
  profile_id: string;
  kind: 'sandbox' | 'remote';
  name: string;
  base_url: string;
  org_id: string | null;
  team_id: string | null;
  locale: string | null;
  declared_actor: string | null;
}

const ACTIVE_KEY = 'activeProfileId';
const namesKey = (profileId: string) => `profileNames:${profileId}`;
const NamesSchema = z.object({ orgName: z.string().nullable(), teamName: z.string().nullable() });

/** A stored profile with the organization's and Team's names it was connected with. */
function withNames(db: Db, profile: Profile): Profile {
  const names = readSetting(db, namesKey(profile.profileId), NamesSchema);
  return names ? { ...profile, ...names } : profile;
}

function fromRow(row: Row): Profile {
  return {
    profileId: row.profile_id,
    kind: row.kind,
    name: row.name,
    baseUrl: row.base_url,
    orgId: row.org_id,
    teamId: row.team_id,
    locale: row.locale,
    declaredActor: row.declared_actor,
  };
}

export function summarizeProfile(profile: Profile): ServiceProfileSummary {
  return {
    profileId: profile.profileId,
    kind: profile.kind,
    name: profile.name,
    baseUrl: profile.baseUrl,
    orgId: profile.orgId,
    teamId: profile.teamId,
    orgName: profile.orgName ?? null,
    teamName: profile.teamName ?? null,
  };
}

export function saveProfile(db: Db, profile: Profile): void {
  statement(
    db,
    `INSERT INTO profiles (profile_id, kind, name, base_url, org_id, team_id, locale, declared_actor, created_at)
     VALUES (@profileId, @kind, @name, @baseUrl, @orgId, @teamId, @locale, @declaredActor, @now)
     ON CONFLICT(profile_id) DO UPDATE SET kind = excluded.kind, name = excluded.name, base_url = excluded.base_url,
       org_id = excluded.org_id, team_id = excluded.team_id, locale = excluded.locale, declared_actor = excluded.declared_actor`,
  ).run({
    profileId: profile.profileId,
    kind: profile.kind,
    name: profile.name,
    baseUrl: profile.baseUrl,
    orgId: profile.orgId,
    teamId: profile.teamId,
    locale: profile.locale,
    declaredActor: profile.declaredActor,
    now: new Date().toISOString(),
  });
  if (profile.orgName !== undefined || profile.teamName !== undefined)
    writeSetting(db, namesKey(profile.profileId), { orgName: profile.orgName ?? null, teamName: profile.teamName ?? null });
}

export function getProfile(db: Db, profileId: string): Profile | undefined {
  const row = statement(db, 'SELECT * FROM profiles WHERE profile_id = ?').get(profileId) as Row | undefined;
  return row ? withNames(db, fromRow(row)) : undefined;
}

export function listProfiles(db: Db): Profile[] {
  return (statement(db, 'SELECT * FROM profiles ORDER BY created_at').all() as Row[]).map((row) => withNames(db, fromRow(row)));
}

export function activeProfileId(db: Db): string | null {
  return readSetting(db, ACTIVE_KEY, z.string()) ?? null;
}

export function activeProfile(db: Db): Profile | undefined {
  const id = activeProfileId(db);
  return id ? getProfile(db, id) : undefined;
}

export function setActiveProfile(db: Db, profileId: string): void {
  writeSetting(db, ACTIVE_KEY, profileId);
}
