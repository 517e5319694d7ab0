import { describe, expect, it } from 'vitest';
import { PATHS } from '../../../src-shared/api/paths';
import { CONTEXT_HEADERS } from '../../../src-shared/api/common';
import { byPosition, runStationAsync as station, serviceLabels } from '../../helpers/peer';
import { twoBenchesOnOneService } from '../../helpers/shop';

// A shop of benches on one service (docs/sync.md, "Benches sharing a Reel"): two stations, each its own
// data folder and its own processes (the CLI), on one sandbox through the fault and wire-variance proxies. They meet
// only on the service. What the service holds is read on the sandbox directly.

const shop = twoBenchesOnOneService('shop-shared-');
const { a, b } = shop;

interface Label {
  position: number;
  state: string;
  origin: 'here' | 'elsewhere';
  serviceId: string | null;
  identifiers: { tagType: string; value?: string }[];
}

async function ok<T>(data: string, ...args: string[]): Promise<T> {
  const out = await station(['--data', data, '--json', ...args]);
  expect(out.code, `${args.join(' ')}: ${out.stdout}${out.stderr}`).toBe(0);
  return out.json() as T;
}

const text = (l: Label) => l.identifiers.find((i) => i.tagType === 'TEXT')?.value;
const show = (data: string, reelId: string) => ok<{ labels: Label[]; refreshedAt: string | null }>(data, 'reel', 'show', reelId, '--refresh');

describe('two benches on one Reel', () => {
  const name = 'Shared reel 7';
  let reelA = '';
  let reelB = '';
  let serviceId = '';

  it("B finds A's Reel on the service and opens it: every Label with its origin", async () => {
    reelA = (await ok<{ reelId: string }>(a, 'reel', 'create', '--name', name, '--expect', 'TEXT=1')).reelId;
    for (const p of [1, 2, 3, 4]) await ok(a, 'enroll', '--reel', reelA, '--position', String(p), '--text', `A-${p}`);
    expect(await ok(a, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });

    const found = await ok<{ reels: { serviceId: string; name: string; labelCount: number | null; reelId: string | null }[] }>(
      b,
      'reel',
      'find',
      '--q',
      'shared reel',
    );
    const listed = found.reels.filter((r) => r.name === name);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ labelCount: 4, reelId: null });
    serviceId = listed[0]!.serviceId;

    const opened = await ok<{ reelId: string; labels: Label[] }>(b, 'reel', 'open', serviceId);
    reelB = opened.reelId;
    expect(opened.labels.map((l) => [l.position, l.origin, l.state, text(l)])).toEqual([1, 2, 3, 4].map((p) => [p, 'elsewhere', 'enrolled', `A-${p}`]));
    // Opening again is the same Reel here, and it is listed among the station's own.
    expect((await ok<{ reelId: string }>(b, 'reel', 'open', serviceId)).reelId).toBe(reelB);
    expect((await ok<{ reels: { reelId: string; serviceId: string }[] }>(b, 'reel', 'list', '--q', 'shared')).reels).toEqual([
      expect.objectContaining({ reelId: reelB, serviceId }),
    ]);
    const again = await ok<{ reels: { reelId: string | null }[] }>(b, 'reel', 'find', '--q', name);
    expect(again.reels.map((r) => r.reelId)).toEqual([reelB]);
  }, 180_000);

  it('B enrolls the next positions; A sees them after a refresh, enrolled elsewhere', async () => {
    for (const p of [5, 6]) await ok(b, 'enroll', '--reel', reelB, '--position', String(p), '--text', `B-${p}`);
    expect(await ok(b, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });
    const seen = await show(a, reelA);
    expect(seen.labels.map((l) => [l.position, l.origin, text(l)])).toEqual([
      ...[1, 2, 3, 4].map((p) => [p, 'here', `A-${p}`]),
      [5, 'elsewhere', 'B-5'],
      [6, 'elsewhere', 'B-6'],
    ]);
    expect(seen.refreshedAt).not.toBeNull();
  }, 120_000);

  it('enrolling at a position known to hold a Label from elsewhere is refused at once, naming it', async () => {
    const out = await station(['--data', b, '--json', 'enroll', '--reel', reelB, '--position', '3', '--text', 'B-3']);
    expect(out.code).toBe(1);
    const error = (out.json() as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('STATION_CONFLICT');
    const holder = (await serviceLabels(shop.peer, serviceId)).find((l) => l.position === 3)!;
    expect(error.message).toContain('Position 3');
    expect(error.message).toContain(holder.compositeTagId);
  }, 60_000);

  it('both enroll position 7 offline: one lands, the other waits in attention naming the position; reposition --next-free lands it at 8', async () => {
    shop.peer.proxy.down();
    try {
      await ok(a, 'enroll', '--reel', reelA, '--position', '7', '--text', 'A-7');
      await ok(b, 'enroll', '--reel', reelB, '--position', '7', '--text', 'B-7');
    } finally {
      shop.peer.proxy.up();
    }
    expect(await ok(a, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });
    const synced = await station(['--data', b, '--json', 'sync', '--until-idle', '--timeout', '60']);
    expect(synced.code).toBe(3);
    expect(synced.json()).toMatchObject({ pending: 0, attention: 1 });

    const queue = await station(['--data', b, '--json', 'queue', '--state', 'attention']);
    const items = (queue.json() as { items: { opId: string; kind: string; attention: { code: string; reason: string; actions: string[] } }[] }).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'enrollLabel', attention: { code: 'STATION_POSITION_TAKEN', actions: expect.arrayContaining(['reposition']) } });
    expect(items[0]!.attention.reason).toContain('Position 7');
    expect(items[0]!.attention.reason).toContain('another bench or app');
    // One Label at 7 on the service, and it is A's.
    expect(byPosition(await serviceLabels(shop.peer, serviceId)).get(7)).toEqual(['TEXT=A-7']);

    // No print data and no range here: the Reel's length is not known, and its known extent is 7 (the collision's own
    // position), so --next-free takes the position just after it, as the service appends (docs/sync.md, "Benches
    // sharing a Reel"); a taken position named is refused.
    const taken = await station(['--data', b, '--json', 'queue', 'reposition', items[0]!.opId, '--position', '6']);
    expect((taken.json() as { error: { code: string } }).error.code).toBe('STATION_CONFLICT');
    const moved = await ok<{ fromPosition: number; position: number; state: string }>(b, 'queue', 'reposition', items[0]!.opId, '--next-free');
    expect(moved).toMatchObject({ fromPosition: 7, position: 8, state: 'pending' });
    expect(await ok(b, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });

    // Nothing lost, nothing doubled (byPosition throws on a position held twice).
    const held = byPosition(await serviceLabels(shop.peer, serviceId));
    expect([...held.entries()].sort((x, y) => x[0] - y[0])).toEqual([
      ...[1, 2, 3, 4].map((p) => [p, [`TEXT=A-${p}`]]),
      [5, ['TEXT=B-5']],
      [6, ['TEXT=B-6']],
      [7, ['TEXT=A-7']],
      [8, ['TEXT=B-7']],
    ]);
    // Each bench sees the same eight Labels, each with its origin.
    const seenB = await show(b, reelB);
    expect(seenB.labels.map((l) => [l.position, l.origin, l.state, text(l)])).toEqual([
      ...[1, 2, 3, 4].map((p) => [p, 'elsewhere', 'enrolled', `A-${p}`]),
      [5, 'here', 'enrolled', 'B-5'],
      [6, 'here', 'enrolled', 'B-6'],
      [7, 'elsewhere', 'enrolled', 'A-7'],
      [8, 'here', 'enrolled', 'B-7'],
    ]);
    const seenA = await show(a, reelA);
    expect(seenA.labels.map((l) => [l.position, l.origin])).toEqual([
      [1, 'here'],
      [2, 'here'],
      [3, 'here'],
      [4, 'here'],
      [5, 'elsewhere'],
      [6, 'elsewhere'],
      [7, 'here'],
      [8, 'elsewhere'],
    ]);
  }, 240_000);

  it('verify on the opened Reel draws its lot from every Label on the service', async () => {
    const plan = await ok<{ lotSize: number; positions: number[] }>(b, 'verify', 'plan', '--reel', reelB, '--seed', '7');
    expect(plan.lotSize).toBe(8);
    expect(plan.positions.every((p) => p >= 1 && p <= 8)).toBe(true);
  }, 60_000);

  it('B bulk-binds positions A enrolled; A sees them bound after a refresh', async () => {
    const threads = [];
    for (const n of [1, 2])
      threads.push((await shop.peer.direct.threads.create({ type: 'single', thread: { name: `Shared item ${n}` } })).created[0]!.threadId);
    expect(await ok(b, 'bulk-bind', '--reel', reelB, '--from', '1', '--to', '2', '--threads', threads.join(','))).toMatchObject({
      state: 'done',
      attention: null,
    });
    const onService = (await serviceLabels(shop.peer, serviceId)).filter((l) => l.position <= 2).sort((x, y) => x.position - y.position);
    expect(onService.map((l) => l.boundThreadId)).toEqual(threads);
    const seenA = await show(a, reelA);
    expect(seenA.labels.filter((l) => l.position <= 2).map((l) => [l.position, l.state, l.origin])).toEqual([
      [1, 'bound', 'here'],
      [2, 'bound', 'here'],
    ]);
  }, 120_000);
});

describe('a Reel created on the service by plain HTTP', () => {
  it("opens like any other and takes the bench's Labels", async () => {
    const token = (
      (await (await fetch(`${shop.peer.sandbox.baseUrl}${PATHS.token}`, { headers: { 'x-api-key': shop.peer.sandbox.apiKey } })).json()) as { token: string }
    ).token;
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      [CONTEXT_HEADERS.orgId]: shop.peer.sandbox.orgId,
      [CONTEXT_HEADERS.teamId]: shop.peer.sandbox.teamId,
    };
    const created = await fetch(`${shop.peer.sandbox.baseUrl}${PATHS.reels}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Made in the web app', description: 'by hand', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] }),
    });
    expect(created.status).toBe(201);
    const serviceId = ((await created.json()) as { reel: { collectionId: string } }).reel.collectionId;

    const found = await ok<{ reels: { serviceId: string; labelCount: number | null; reelId: string | null }[] }>(b, 'reel', 'find', '--q', 'web app');
    expect(found.reels).toEqual([expect.objectContaining({ serviceId, labelCount: 0, reelId: null })]);
    const opened = await ok<{ reelId: string; labels: Label[] }>(b, 'reel', 'open', serviceId);
    expect(opened.labels).toEqual([]);
    const reel = await ok<{ name: string; description: string; expectedIdentifiers: unknown }>(b, 'reel', 'show', opened.reelId);
    expect(reel).toMatchObject({ name: 'Made in the web app', description: 'by hand', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] });

    await ok(b, 'enroll', '--reel', opened.reelId, '--position', '1', '--text', 'WEB-1');
    expect(await ok(b, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });
    expect(byPosition(await serviceLabels(shop.peer, serviceId))).toEqual(new Map([[1, ['TEXT=WEB-1']]]));
  }, 120_000);

  it('finding Reels needs the service: offline it says so', async () => {
    shop.peer.proxy.down();
    try {
      const out = await station(['--data', b, '--json', 'reel', 'find']);
      expect(out.code).toBe(1);
      expect((out.json() as { error: { code: string } }).error.code).toBe('STATION_OFFLINE');
    } finally {
      shop.peer.proxy.up();
    }
  }, 60_000);
});
