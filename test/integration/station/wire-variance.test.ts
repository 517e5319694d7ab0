import { afterAll, describe, expect, it } from 'vitest';
import { ALL_VARIATIONS, NO_VARIATIONS, type WireVariations } from '../../helpers/wire-proxy';
import { connectedStation, serviceLabels, startPeer, type Peer, type TestStation } from '../../helpers/peer';

// Each wire variation alone (test/helpers/wire-proxy.ts): the core workflow lands through it, and the part of the
// station that tolerates it is exercised so that this test fails when that tolerance is removed. The core and CLI
// suites run with every variation at once (peer.ts); this file tells which one a failure comes from.

type Name = keyof WireVariations;

const running: { peer: Peer; s: TestStation & { remove(): void } }[] = [];
afterAll(async () => {
  for (const { peer, s } of running) {
    await s.close();
    s.remove();
    await peer.close();
  }
});

async function only(name: Name, value?: WireVariations[Name]): Promise<{ peer: Peer; s: TestStation & { remove(): void } }> {
  const peer = await startPeer({ variations: { ...NO_VARIATIONS, [name]: value ?? ALL_VARIATIONS[name] } });
  const s = await connectedStation(peer);
  running.push({ peer, s });
  return { peer, s };
}

const drain = (s: TestStation) => s.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });

async function threads(peer: Peer, n: number, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i += 1) out.push((await peer.direct.threads.create({ type: 'single', thread: { name: `${prefix} ${i + 1}` } })).created[0]!.threadId);
  return out;
}

/**
 * The core workflow: a Reel of 10 Labels enrolled and synced; one Label bound then unbound, one archived then
 * unarchived; a range bulk-bound; two Labels moved to a new Reel; the refreshed Reel read. Every operation done,
 * none needing attention, and the service holds each change once.
 */
async function workflow(peer: Peer, s: TestStation, name: string): Promise<void> {
  const { reelId } = await s.call('reels.create', {
    name,
    description: 'wire variance',
    expectedIdentifiers: [
      { tagType: 'TEXT', count: 1 },
      { tagType: 'QR', count: 1 },
    ],
  });
  for (let p = 1; p <= 10; p += 1)
    await s.call('labels.enroll', {
      reelId,
      position: p,
      identifiers: [
        { tagType: 'TEXT', value: `${name}-${p}` },
        { tagType: 'QR', value: `${name}-q${p}` },
      ],
    });
  expect(await drain(s)).toMatchObject({ pending: 0, attention: 0, done: 11 });
  const labels = (await s.call('reels.show', { reelId })).labels;
  const at = (p: number) => labels.find((l) => l.position === p)!.labelId;
  const [one, ...range] = await threads(peer, 4, name);

  await s.call('labels.bind', { labelId: at(1), threadId: one! });
  await s.call('labels.archive', { labelId: at(2) });
  expect(await drain(s)).toMatchObject({ pending: 0, attention: 0 });
  let shown = await s.call('reels.show', { reelId, refresh: true });
  expect(shown.labels.filter((l) => l.position <= 2).map((l) => [l.position, l.state])).toEqual([
    [1, 'bound'],
    [2, 'archived'],
  ]);

  await s.call('labels.unbind', { labelId: at(1) });
  await s.call('labels.unarchive', { labelId: at(2) });
  await s.call('bulkBind.commit', { reelId, fromPosition: 3, toPosition: 5, threadIds: range });
  await s.call('labels.move', { reelId, fromPosition: 9, toPosition: 10, target: { newReel: { name: `${name} tail` } } });
  expect(await drain(s)).toMatchObject({ pending: 0, attention: 0 });

  shown = await s.call('reels.show', { reelId, refresh: true });
  expect(shown.labels.map((l) => [l.position, l.state])).toEqual([
    [1, 'enrolled'],
    [2, 'enrolled'],
    [3, 'bound'],
    [4, 'bound'],
    [5, 'bound'],
    [6, 'enrolled'],
    [7, 'enrolled'],
    [8, 'enrolled'],
  ]);
  // The service agrees, read straight from the sandbox.
  const remote = await serviceLabels(peer, shown.serviceId as string);
  expect(remote.map((l) => [l.position, l.bound, l.archived]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
    [1, false, false],
    [2, false, false],
    [3, true, false],
    [4, true, false],
    [5, true, false],
    [6, false, false],
    [7, false, false],
    [8, false, false],
  ]);
  const tail = (await peer.direct.reels.list({ q: `${name} tail` })).items;
  expect(tail).toHaveLength(1);
  expect((await serviceLabels(peer, tail[0]!.collectionId)).map((l) => l.position).sort((a, b) => a - b)).toEqual([9, 10]);
}

/** A Label another bench put at `position` first: the station's enrollment there is refused (409) and needs attention. */
async function refusedEnrollment(peer: Peer, s: TestStation, name: string) {
  const { reelId } = await s.call('reels.create', { name });
  expect(await drain(s)).toMatchObject({ pending: 0, attention: 0 });
  const serviceId = (await s.call('reels.show', { reelId })).serviceId as string;
  await peer.direct.labels.enroll(serviceId, { position: 1, identifiers: [{ tagType: 'TEXT', value: `${name}-other` }], options: { indexing: 'none' } });
  await s.call('labels.enroll', { reelId, position: 1, identifiers: [{ tagType: 'TEXT', value: `${name}-mine` }] });
  expect(await drain(s)).toMatchObject({ pending: 0, attention: 1 });
  const [item] = (await s.call('queue.list', { state: 'attention' })).items.filter((i) => i.subject.includes(name) || i.kind === 'enrollLabel');
  return item!;
}

describe('wire variance, one variation at a time', () => {
  it('unknownMembers: members the station does not know are ignored at every level', async () => {
    const { peer, s } = await only('unknownMembers');
    await workflow(peer, s, 'Unknown members');
    expect(peer.wire.counts.unknownAdded).toBeGreaterThan(100);
  }, 120_000);

  it('specLabelFlags: Labels carry only the spec flags; bind, archive and their landing reads use them', async () => {
    const { peer, s } = await only('specLabelFlags');
    await workflow(peer, s, 'Spec flags');
    expect(peer.wire.counts.labelsReshaped).toBeGreaterThan(10);
  }, 120_000);

  it('omitNulls: an absent optional field reads as null (a Reel without description or transferredAt lands)', async () => {
    const { peer, s } = await only('omitNulls');
    await workflow(peer, s, 'Omitted nulls');
    const { reelId } = await s.call('reels.create', { name: 'Omitted nulls, no description' });
    expect(await drain(s)).toMatchObject({ pending: 0, attention: 0 });
    expect((await s.call('reels.show', { reelId, refresh: true })).serviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(peer.wire.counts.nullsOmitted).toBeGreaterThan(10);
  }, 120_000);

  it('pageCap: every list follows its cursors, whatever page size the service chose', async () => {
    const { peer, s } = await only('pageCap', 3);
    await workflow(peer, s, 'Page cap');
    // Another bench enrolls 12 Labels on a Reel of this station: the refreshed Reel shows them all.
    const { reelId } = await s.call('reels.create', { name: 'Page cap, other bench' });
    expect(await drain(s)).toMatchObject({ pending: 0, attention: 0 });
    const serviceId = (await s.call('reels.show', { reelId })).serviceId as string;
    for (let p = 1; p <= 12; p += 1)
      await peer.direct.labels.enroll(serviceId, { position: p, identifiers: [{ tagType: 'TEXT', value: `other-${p}` }], options: { indexing: 'none' } });
    const shown = await s.call('reels.show', { reelId, refresh: true });
    expect(shown.labels.map((l) => l.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(peer.wire.counts.pageCapped).toBeGreaterThan(0);
  }, 120_000);

  it('rateLimit: a 429 write waits out Retry-After and is resent, not land-checked; nothing needs attention', async () => {
    const { peer, s } = await only('rateLimit', { every: 5, retryAfterSeconds: 1 });
    await workflow(peer, s, 'Rate limit');
    expect(peer.wire.counts.rateLimited).toBeGreaterThan(3);
    const items = (await s.call('queue.list', {})).items;
    const limited = items.filter((i) => i.attempts.some((a) => a.status === 429));
    expect(limited.length).toBeGreaterThan(0);
    for (const item of limited) {
      expect(item.state).toBe('done');
      // Refused (maybe more than once), then resent as it was: no landing check's read between.
      for (const [n, attempt] of item.attempts.entries()) {
        if (attempt.status === 429) {
          expect(attempt).toMatchObject({ code: 'RATE_LIMITED', outcome: 'retry' });
          // Retry-After (1 s, or an HTTP-date 1–2 s ahead) was waited out before the resend.
          expect(Date.parse(item.attempts[n + 1]!.at) - Date.parse(attempt.at)).toBeGreaterThanOrEqual(900);
        } else {
          // The resend names its request (method and path of its own, docs/sync.md "The queue") and was answered 2xx.
          expect(attempt).toMatchObject({ method: expect.stringMatching(/^(POST|PATCH|PUT|DELETE)$/), path: expect.stringMatching(/^\/api\/v1\//) });
          expect(attempt.status).toBeGreaterThanOrEqual(200);
          expect(attempt.status).toBeLessThan(300);
        }
      }
      expect(item.attempts.at(-1)?.outcome).toBe('done');
    }
  }, 180_000);

  it('problemJson: an error answered as application/problem+json keeps its code, reason and request id', async () => {
    const { peer, s } = await only('problemJson');
    await workflow(peer, s, 'Problem JSON');
    const item = await refusedEnrollment(peer, s, 'Problem JSON refused');
    // The service's envelope was read from the problem+json body (not guessed from the status: HTTP_409).
    const refused = item.attempts.find((a) => a.status === 409);
    expect(refused).toMatchObject({ code: 'COMPOSITE_TAG_CONFLICT', reason: 'position_occupied' });
    expect(refused?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(item.attention).toMatchObject({ code: 'STATION_POSITION_TAKEN', status: 409, requestId: refused?.requestId });
    expect(peer.wire.counts.problemJson).toBeGreaterThan(0);
  }, 120_000);

  it('requestIds: any x-request-id string is kept with the error', async () => {
    const { peer, s } = await only('requestIds');
    await workflow(peer, s, 'Request ids');
    const item = await refusedEnrollment(peer, s, 'Request ids refused');
    const refused = item.attempts.find((a) => a.status === 409);
    expect(refused).toMatchObject({ code: 'COMPOSITE_TAG_CONFLICT', reason: 'position_occupied' });
    expect(refused?.requestId).toMatch(/^req_[0-9a-f]{12}\./);
    expect(item.attention).toMatchObject({ code: 'STATION_POSITION_TAKEN', requestId: refused?.requestId });
    expect(peer.wire.counts.requestIdsRewritten).toBeGreaterThan(10);
  }, 120_000);

  it('latency and bandwidth: the workflow lands through 20 ms each way and a 2 Mbit/s link', async () => {
    const { peer, s } = await only('latency', { oneWayMs: 20, jitterMs: 10 });
    peer.wire.set({ bandwidth: { bytesPerSecond: 250_000 } });
    await workflow(peer, s, 'Slow link');
    expect(peer.wire.counts.bytesDown).toBeGreaterThan(0);
  }, 120_000);
});
