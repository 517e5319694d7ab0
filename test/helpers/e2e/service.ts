import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PATHS } from '../../../src-shared/api/paths';
import type { Label } from '../../../src-shared/api/labels';
import { CONTEXT_HEADERS } from '../../../src-shared/api/common';
import type { ServedStation } from './serve';

// What the service itself holds, asked directly (not through the station): the active profile's
// base URL and ids from station.status, its API key from the 0600 key file under the data dir,
// exchanged for a token as any client does (docs/sync.md, "Tokens").

async function serviceContext(station: ServedStation) {
  const status = await station.call('station.status', {});
  const profile = status.profile;
  if (!profile?.orgId || !profile.teamId) throw new Error('the station has no active profile with an organization and a Team');
  const apiKey = readFileSync(join(station.dataDir, 'keys', `${profile.profileId}.key`), 'utf8').trim();
  const auth = await fetch(`${profile.baseUrl}${PATHS.token}`, { headers: { 'x-api-key': apiKey } });
  if (!auth.ok) throw new Error(`token exchange failed: HTTP ${auth.status} ${await auth.text()}`);
  const { token } = (await auth.json()) as { token: string };
  return {
    baseUrl: profile.baseUrl,
    headers: { authorization: `Bearer ${token}`, [CONTEXT_HEADERS.orgId]: profile.orgId, [CONTEXT_HEADERS.teamId]: profile.teamId },
  };
}

/** The Label as the service holds it (`GET /api/v1/composite-tags/{id}`). */
export async function serviceLabel(station: ServedStation, compositeTagId: string): Promise<Label> {
  const { baseUrl, headers } = await serviceContext(station);
  const response = await fetch(`${baseUrl}${PATHS.label(compositeTagId)}`, { headers });
  if (!response.ok) throw new Error(`GET label ${compositeTagId}: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { label: Label }).label;
}

/** Every Label of a Reel as the service holds it (`GET /api/v1/composite-tags?reelCollectionId=…`, all pages). */
export async function serviceReelLabels(station: ServedStation, reelServiceId: string): Promise<Label[]> {
  const { baseUrl, headers } = await serviceContext(station);
  const labels: Label[] = [];
  let cursor: string | null | undefined;
  do {
    const query = new URLSearchParams({ reelCollectionId: reelServiceId, pageSize: '100', ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${baseUrl}${PATHS.labels}?${query}`, { headers });
    if (!response.ok) throw new Error(`GET labels of Reel ${reelServiceId}: HTTP ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { labels: Label[]; nextCursor?: string | null };
    labels.push(...page.labels);
    cursor = page.nextCursor;
  } while (cursor);
  return labels;
}

/**
 * Another bench or app enrolls a Label on the service directly (`POST …/reels/{id}/labels`, multipart, as the spec's
 * enrollment): the station learns of it only from the service.
 */
async function enrollOnService(
  station: ServedStation,
  reelServiceId: string,
  position: number,
  identifiers: { tagType: string; value: string }[],
): Promise<string> {
  const { baseUrl, headers } = await serviceContext(station);
  const form = new FormData();
  form.append('position', String(position));
  form.append('identifiers', JSON.stringify(identifiers));
  const response = await fetch(`${baseUrl}${PATHS.reelLabels(reelServiceId)}`, { method: 'POST', headers, body: form });
  if (!response.ok) throw new Error(`enroll at position ${position}: HTTP ${response.status} ${await response.text()}`);
  const answer = (await response.json()) as { label?: { compositeTagId: string } };
  return answer.label?.compositeTagId ?? '';
}

/**
 * A real collision with another bench on a Reel this station has on the service: the other bench enrolls position
 * `taken` first, this station's enrollment there goes to attention (`STATION_POSITION_TAKEN`), with the longest reason
 * and the most actions (re-place, retry, discard) the Queue and the Label panel show.
 */
export async function collideWithAnotherBench(station: ServedStation, reelId: string, taken: number): Promise<void> {
  const reel = (await station.call('reels.list', {})).reels.find((r) => r.reelId === reelId);
  if (!reel?.serviceId) throw new Error('the Reel is not on the service yet');
  await enrollOnService(station, reel.serviceId, taken, [{ tagType: 'QR', value: `OTHER-BENCH-${taken}` }]);
  await station.call('labels.enroll', { reelId, position: taken, identifiers: [{ tagType: 'QR', value: `THIS-BENCH-${taken}` }] });
  await station.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
}
