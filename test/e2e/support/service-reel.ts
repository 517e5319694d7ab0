import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTEXT_HEADERS } from '../../../src-shared/api/common';
import type { Label } from '../../../src-shared/api/labels';
import { PATHS } from '../../../src-shared/api/paths';
import type { ServedStation } from './serve';

// Every Label of a Reel as the service itself holds it (`GET /api/v1/composite-tags?reelCollectionId=…`,
// all pages), asked with the active profile's API key like service.ts does, not through the station.

export async function serviceReelLabels(station: ServedStation, reelServiceId: string): Promise<Label[]> {
  const { profile } = await station.call('station.status', {});
  if (!profile?.orgId || !profile.teamId) throw new Error('the station has no active profile with an organization and a Team');
  const apiKey = readFileSync(join(station.dataDir, 'keys', `${profile.profileId}.key`), 'utf8').trim();
  const auth = await fetch(`${profile.baseUrl}${PATHS.token}`, { headers: { 'x-api-key': apiKey } });
  if (!auth.ok) throw new Error(`token exchange failed: HTTP ${auth.status} ${await auth.text()}`);
  const { token } = (await auth.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, [CONTEXT_HEADERS.orgId]: profile.orgId, [CONTEXT_HEADERS.teamId]: profile.teamId };
  const labels: Label[] = [];
  let cursor: string | null | undefined;
  do {
    const query = new URLSearchParams({ reelCollectionId: reelServiceId, pageSize: '100', ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${profile.baseUrl}${PATHS.labels}?${query}`, { headers });
    if (!response.ok) throw new Error(`GET labels of Reel ${reelServiceId}: HTTP ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { labels: Label[]; nextCursor?: string | null };
    labels.push(...page.labels);
    cursor = page.nextCursor;
  } while (cursor);
  return labels;
}
