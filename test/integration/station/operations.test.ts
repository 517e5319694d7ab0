import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speckleTag } from '../../fixtures';
import { tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';
import { startPeerAndStation, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';

// The remaining operations against the real sandbox: Label Collections, Reel update, identifiers,
// archive, bind, bulk-bind (dry run, commit, activation), move with preview, resolve, Thread
// search, and Reel reads merged with the service's state.

let peer: Peer;
let s: TestStation & { remove(): void };
const files = tempDir('core-operations-');
beforeAll(async () => {
  ({ peer, s } = await startPeerAndStation());
}, 60_000);
afterAll(() => stopPeerAndStation(peer, s, files));

const drain = () => s.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });

/** A Reel with `count` Labels; `verifyOnly` positions also get an SVC capture enrolled verify-only (indexing none). */
async function reelWith(name: string, count: number, verifyOnly: readonly number[] = []): Promise<string> {
  const { reelId } = await s.call('reels.create', {
    name,
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  for (let p = 1; p <= count; p += 1) {
    let svc = {};
    if (verifyOnly.includes(p)) {
      const svcImagePath = join(files.path, `${name}-${p}.jpg`);
      writeFileSync(svcImagePath, await speckleTag(6000 + p + name.length * 100, { width: 640, height: 480, format: 'jpeg' }));
      svc = { svcImagePath, indexing: 'none' };
    }
    await s.call('labels.enroll', {
      reelId,
      position: p,
      identifiers: [
        { tagType: 'TEXT', value: `${name}-${p}` },
        { tagType: 'QR', value: `${name}-q${p}` },
      ],
      ...svc,
    });
  }
  return reelId;
}

async function threads(n: number, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i += 1) out.push((await peer.direct.threads.create({ type: 'single', thread: { name: `${prefix} ${i + 1}` } })).created[0]!.threadId);
  return out;
}

describe('operations and reads', () => {
  it('pushes events: Labels changed, queue progress with counts, status with profile and online state', async () => {
    const seen: { name: string; payload: unknown }[] = [];
    const off = s.station.subscribe((name, payload) => seen.push({ name, payload }));
    const reelId = await reelWith('Events', 2);
    await drain();
    const last = <T>(name: string) => seen.filter((e) => e.name === name).at(-1)?.payload as T | undefined;
    // Events are pushed as the station gets to them: wait until the drained state has been announced.
    await until(
      () => last<{ counts: { pending: number } }>('queue.progress')?.counts.pending === 0 && last<{ online: string }>('station.changed')?.online === 'online',
      {
        what: 'queue.progress with nothing pending and station.changed online',
      },
    );
    off();
    const changed = seen.filter((e) => e.name === 'labels.changed').map((e) => e.payload as { reelId: string; labelIds: string[] });
    expect(changed.some((c) => c.reelId === reelId && c.labelIds.length === 1)).toBe(true);
    expect(last<{ counts: { pending: number; done: number } }>('queue.progress')?.counts.pending).toBe(0);
    expect(last('station.changed')).toMatchObject({ online: 'online', profile: { kind: 'remote' } });
  });

  it('discovers the organizations and Teams an API key may act as, saving nothing', async () => {
    const found = await s.call('profiles.discover', { baseUrl: peer.sandbox.baseUrl, apiKey: peer.sandbox.apiKey });
    const org = found.organizations.find((o) => o.orgId === peer.sandbox.orgId);
    expect(org?.teams.map((t) => t.teamId)).toContain(peer.sandbox.teamId);
    expect((await s.call('profiles.list', {})).profiles).toHaveLength(1);
  });

  it('lists the saved profiles with the active one, and selects one', async () => {
    const list = await s.call('profiles.list', {});
    expect(list.profiles).toHaveLength(1);
    expect(list.activeProfileId).toBe(list.profiles[0]?.profileId);
    expect(JSON.stringify(list)).not.toContain(peer.sandbox.apiKey);
    const selected = await s.call('profiles.select', { profileId: list.profiles[0]!.profileId });
    expect(selected).toMatchObject({ kind: 'remote', orgId: peer.sandbox.orgId, teamId: peer.sandbox.teamId });
  });

  it('files a Reel in a Label Collection and updates it', async () => {
    const { collectionId } = await s.call('collections.create', { name: 'Spring run' });
    const { reelId } = await s.call('reels.create', { name: 'Filed reel', collectionId });
    await s.call('reels.update', { reelId, name: 'Filed reel (renamed)', description: 'spring' });
    expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
    const collections = await s.call('collections.list', {});
    const serviceCollectionId = collections.collections.find((c) => c.collectionId === collectionId)?.serviceId;
    expect(serviceCollectionId).toBeTruthy();
    const shown = await s.call('reels.show', { reelId, refresh: true });
    const remote = await peer.direct.reels.get(shown.serviceId as string);
    expect(remote).toMatchObject({ name: 'Filed reel (renamed)', description: 'spring', filedInCollectionId: serviceCollectionId });
  });

  it('adds and removes identifiers, archives and unarchives, binds and unbinds', async () => {
    const reelId = await reelWith('Ops', 2);
    await drain();
    const label = (await s.call('reels.show', { reelId })).labels[0]!;
    await s.call('labels.addIdentifier', { labelId: label.labelId, tagType: 'NFC', value: '04:11:22:33' });
    await s.call('labels.removeIdentifier', { labelId: label.labelId, tagType: 'QR' });
    await s.call('labels.archive', { labelId: label.labelId });
    await drain();
    let remote = await peer.direct.labels.get(label.serviceId as string);
    expect(remote.archived).toBe(true);
    expect(
      remote.members
        ?.filter((m) => m.archivedAt === null)
        .map((m) => `${m.tagType}=${m.value}`)
        .sort(),
    ).toEqual(['NFC=04112233', 'TEXT=Ops-1']);
    expect((await s.call('reels.show', { reelId })).labels[0]?.state).toBe('archived');
    await s.call('labels.unarchive', { labelId: label.labelId });
    const [thread] = await threads(1, 'Ops thread');
    await s.call('labels.bind', { labelId: label.labelId, threadId: thread });
    await drain();
    remote = await peer.direct.labels.get(label.serviceId as string);
    expect(remote.boundThreadId).toBe(thread);
    expect((await s.call('reels.show', { reelId })).labels[0]).toMatchObject({ state: 'bound', boundThreadId: thread });
    await s.call('labels.unbind', { labelId: label.labelId });
    await drain();
    expect((await peer.direct.labels.get(label.serviceId as string)).boundThreadId).toBeNull();
  });

  it('bulk-binds a range: dry run shows blockers, commit binds, activation is reported', async () => {
    // Positions 1–5 carry an optical marking enrolled verify-only: the bind's activation makes them identifiable.
    const reelId = await reelWith('Bulk', 6, [1, 2, 3, 4, 5]);
    expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
    const reelServiceId = (await s.call('reels.show', { reelId })).serviceId as string;
    expect((await peer.direct.reels.get(reelServiceId)).counts?.identifiableCount).toBe(0);
    const ids = await threads(5, 'Bulk thread');
    const dry = await s.call('bulkBind.preflight', { reelId, fromPosition: 1, toPosition: 5, threadIds: ids });
    expect(dry).toMatchObject({ outcome: 'preflight', blockers: [] });
    expect(dry.rows.map((r) => r.position)).toEqual([1, 2, 3, 4, 5]);
    const blocked = await s.call('bulkBind.preflight', { reelId, fromPosition: 2, toPosition: 7, threadIds: [...ids, ids[0]!] });
    expect(blocked.blockers.map((b) => b.kind)).toEqual(expect.arrayContaining(['position_empty', 'thread_repeated']));
    const { opId } = await s.call('bulkBind.commit', { reelId, fromPosition: 1, toPosition: 5, threadIds: ids, activate: true });
    await drain();
    let status = await s.call('bulkBind.status', { opId });
    expect(status.state).toBe('done');
    expect(status.boundCount).toBe(5);
    // The service's answer on the commit: one background job activates the bound Labels' optical markings.
    expect(status.result).toMatchObject({ bound: 5, activation: 'queued' });
    expect(status.activation).toMatchObject({ requested: true, outcome: 'queued', total: 5 });
    const labels = (await s.call('reels.show', { reelId })).labels;
    expect(labels.filter((l) => l.state === 'bound').map((l) => [l.position, l.boundThreadId])).toEqual(ids.map((id, n) => [n + 1, id]));

    // The activation runs after the bind: wait until the range is identifiable, as the progress bar does.
    status = await until(
      async () => {
        const now = await s.call('bulkBind.status', { opId });
        return now.activation.finished ? now : undefined;
      },
      { everyMs: 100, what: 'the bulk-bind activation to finish' },
    );
    expect(status.activation).toMatchObject({ outcome: 'queued', total: 5, identifiable: 5, finished: true, live: true });
    expect(status.identifiableCount).toBe(5);
    const remote = await peer.direct.labels.listAll({ reelCollectionId: reelServiceId });
    expect(
      remote
        .filter((l) => l.identifiable)
        .map((l) => l.position)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    expect((await peer.direct.reels.get(reelServiceId)).counts?.identifiableCount).toBe(5);
  });

  it('previews a move, then moves a range to a new Reel', async () => {
    const reelId = await reelWith('Cut', 8);
    await drain();
    const preview = await s.call('labels.movePreview', { reelId, fromPosition: 5, toPosition: 8, target: { newReel: { name: 'Cut tail' } }, expectedCount: 4 });
    expect(preview).toMatchObject({ count: 4, countMatches: true });
    await s.call('labels.move', { reelId, fromPosition: 5, toPosition: 8, target: { newReel: { name: 'Cut tail' } }, expectedCount: 4 });
    expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
    const reels = (await s.call('reels.list', {})).reels;
    const tail = reels.find((r) => r.name === 'Cut tail');
    expect(tail?.serviceId).toBeTruthy();
    const moved = await s.call('reels.show', { reelId: tail!.reelId, refresh: true });
    expect(moved.labels.map((l) => l.position)).toEqual([5, 6, 7, 8]);
    const source = await s.call('reels.show', { reelId });
    expect(source.labels.map((l) => l.position)).toEqual([1, 2, 3, 4]);
    expect((await peer.direct.labels.listAll({ reelCollectionId: tail!.serviceId as string })).length).toBe(4);
  });

  it('activates a Label and a Reel (queued, sent once, result kept on the operation)', async () => {
    const reelId = await reelWith('Activate', 2);
    await drain();
    const first = (await s.call('reels.show', { reelId })).labels[0]!;
    const label = await s.call('labels.activate', { labelId: first.labelId });
    const reel = await s.call('reels.activate', { reelId });
    expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
    const done = (await s.call('queue.list', { state: 'done' })).items;
    expect(done.find((i) => i.opId === label.opId)?.kind).toBe('activateLabel');
    expect(done.find((i) => i.opId === reel.opId)?.kind).toBe('activateReel');
  });

  it('resolves a scanned value to its Reel position, locally and from the service', async () => {
    const reelId = await reelWith('Resolve', 3);
    const offline = await s.call('labels.resolve', { tagType: 'QR', value: 'Resolve-q2', reelId });
    expect(offline.matches).toEqual([expect.objectContaining({ position: 2, source: 'local' })]);
    await drain();
    const online = await s.call('labels.resolve', { tagType: 'TEXT', value: 'resolve-3' });
    expect(online.matches.map((m) => m.position)).toEqual([3]);
    expect(online.matches[0]?.serviceId).toBeTruthy();
  });

  it('searches Threads for a bulk-bind and merges service-side Labels into the Reel read', async () => {
    await threads(2, 'Findable');
    const found = await s.call('threads.search', { q: 'Findable' });
    expect(found.threads.map((t) => t.name).sort()).toEqual(['Findable 1', 'Findable 2']);
    const reelId = await reelWith('Merge', 1);
    await drain();
    const serviceId = (await s.call('reels.show', { reelId })).serviceId as string;
    await peer.direct.labels.enroll(serviceId, { position: 2, identifiers: [{ tagType: 'TEXT', value: 'FROM-ELSEWHERE' }] });
    const merged = await s.call('reels.show', { reelId, refresh: true });
    expect(merged.labels.map((l) => [l.position, l.state])).toEqual([
      [1, 'enrolled'],
      [2, 'enrolled'],
    ]);
    expect(merged.serviceCounts?.labelCount).toBe(2);
  });
});
