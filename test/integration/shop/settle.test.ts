import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabelView } from '../../../src-shared/ipc/reels';
import { speckleTag } from '../../fixtures';
import {
  byPosition,
  connectedStation,
  runStationAsync,
  serviceLabels,
  serviceReelsNamed,
  startPeer,
  stopPeerAndStation,
  type Peer,
  type TestStation,
} from '../../helpers/peer';
import { tempDir } from '../../helpers/tmp';

// A settled collision leaves the Reel whole and every bench knows (docs/sync.md, "Settling a collision", "Print data
// stays with the position", "Every bench knows"): two benches on one sandbox (through the fault and wire-variance
// proxies), each with the print data of a 40-Label Reel. Bench A is a station in this process (the Bench's own calls),
// bench B the CLI on its own data folder. Each settles one collision, so each is once the bench that settles and once
// the bench whose Label was taken off its position.

let peer: Peer | undefined;
let a: (TestStation & { remove(): void }) | undefined;
const dir = tempDir('shop-settle-');
const b = join(dir.path, 'b');
const bench = () => a as TestStation;
const thePeer = () => peer as Peer;

beforeAll(async () => {
  peer = await startPeer();
  a = await connectedStation(peer);
  const { apiKey, orgId, teamId } = peer.sandbox;
  await cli(b, 'connect', '--base-url', peer.proxy.url, '--api-key', apiKey, '--org', orgId, '--team', teamId);
}, 120_000);
afterAll(() => stopPeerAndStation(peer, a, dir));

async function run(data: string, ...args: string[]) {
  return runStationAsync(['--data', data, '--json', ...args]);
}

async function cli<T>(data: string, ...args: string[]): Promise<T> {
  const out = await run(data, ...args);
  expect(out.code, `${args.join(' ')}: ${out.stdout}${out.stderr}`).toBe(0);
  return out.json() as T;
}

interface Notice {
  labelId: string;
  reelName: string;
  position: number;
  to: number | null;
  printedFor: number | null;
}

const serial = (p: number) => `W7-${String(p).padStart(6, '0')}`;
const text = (l: LabelView | undefined) => l?.identifiers.find((i) => i.tagType === 'TEXT')?.value;
const at = (labels: LabelView[], position: number) => labels.find((l) => l.position === position);

/** The one enrollment in attention on B, after a sync that ends with exit 3. */
async function collisionOnB(): Promise<string> {
  expect((await run(b, 'sync', '--until-idle', '--timeout', '60')).code).toBe(3);
  const items = (await run(b, 'queue', '--state', 'attention')).json() as { items: { opId: string; attention: { code: string } }[] };
  expect(items.items.map((i) => i.attention.code)).toEqual(['STATION_POSITION_TAKEN']);
  return items.items[0]!.opId;
}

/** The one enrollment in attention on A, after a sync. */
async function collisionOnA(): Promise<string> {
  expect(await bench().call('sync.run', { untilIdle: true, timeoutSeconds: 60 })).toMatchObject({ attention: 1 });
  const { items } = await bench().call('queue.list', { state: 'attention' });
  expect(items.map((i) => i.attention?.code)).toEqual(['STATION_POSITION_TAKEN']);
  return items[0]!.opId;
}

/**
 * Reel "Wine 7" with the print data of 40 positions on A, opened on B with the same print data: made once, by whichever
 * describe asks first, so each test also runs alone (`-t misprint`).
 */
let wine7: Promise<{ reelA: string; reelB: string; serviceId: string }> | undefined;
const holdWine7 = () =>
  (wine7 ??= (async () => {
    const reelA = (await bench().call('reels.create', { name: 'Wine 7', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] })).reelId;
    const csv = ['position,text', ...Array.from({ length: 40 }, (_, n) => `${n + 1},${serial(n + 1)}`)].join('\n');
    await bench().call('labels.import', { reelId: reelA, csv, expectedOnly: true });
    expect(await bench().call('sync.run', { untilIdle: true, timeoutSeconds: 60 })).toMatchObject({ pending: 0, attention: 0 });
    const serviceId = (await bench().call('reels.show', { reelId: reelA })).serviceId ?? '';
    const file = join(dir.path, 'print-data.csv');
    writeFileSync(file, csv);
    const reelB = (await cli<{ reelId: string }>(b, 'reel', 'open', serviceId, '--print-data', file)).reelId;
    return { reelA, reelB, serviceId };
  })());

describe('a settled collision leaves the Reel whole, and every bench knows', () => {
  const name = 'Wine 7';
  let reelA = '';
  let reelB = '';
  let serviceId = '';
  beforeAll(async () => {
    ({ reelA, reelB, serviceId } = await holdWine7());
  }, 180_000);

  it('A and B each hold the print data of the 40 positions', async () => {
    expect((await bench().call('reels.show', { reelId: reelA })).labelCounts).toEqual({ expected: 40 });
    expect((await cli<{ labels: LabelView[] }>(b, 'reel', 'show', reelB)).labels.filter((l) => l.expected !== null)).toHaveLength(40);
  });

  it("A's Label at 16 carries what was printed for 17: B settles, it goes to 17 with its values, and A is told and keeps 16's print data", async () => {
    // A's operator accepted the mismatch at the door (the Label with its optical tag); B, not yet knowing it, enrolls
    // the printed Label at 16.
    const svcImagePath = join(dir.path, 'tag-17.jpg');
    writeFileSync(svcImagePath, await speckleTag(217, { width: 640, height: 480, format: 'jpeg' }));
    await bench().call('labels.enroll', {
      reelId: reelA,
      position: 16,
      identifiers: [{ tagType: 'TEXT', value: serial(17) }],
      svcImagePath,
      acceptMismatch: true,
    });
    expect(await bench().call('sync.run', { untilIdle: true, timeoutSeconds: 60 })).toMatchObject({ attention: 0 });
    await cli(b, 'enroll', '--reel', reelB, '--position', '16', '--text', serial(16));
    const opId = await collisionOnB();

    const seen = await cli<{ verdict: string; offer: string; theirsPrintedFor: number | null; theirsGoesTo: number | null }>(b, 'queue', 'settle', opId);
    expect(seen).toMatchObject({ verdict: 'ours', offer: 'archiveTheirs', theirsPrintedFor: 17, theirsGoesTo: 17 });
    const words = await runStationAsync(['--data', b, 'queue', 'settle', opId]);
    expect(words.stdout).toContain('carries what was printed for 17: it goes to 17');

    const settled = await cli<{ theirsMovedTo: { position: number } | null }>(b, 'queue', 'settle', opId, '--archive-theirs', '--confirm');
    expect(settled.theirsMovedTo).toMatchObject({ position: 17 });
    expect(await cli(b, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });

    // The service: the printed Label at 16, A's Label (its identifiers, the optical marking too) at 17 where they were
    // printed; the one taken off 16 is archived on the set-aside Reel and holds the marking no more.
    const held = byPosition(await serviceLabels(thePeer(), serviceId));
    expect(held.get(16)).toEqual([`TEXT=${serial(16)}`]);
    expect(held.get(17)?.sort()).toEqual(['SVC', `TEXT=${serial(17)}`]);
    const aside = (await serviceReelsNamed(thePeer(), `${name} (set aside)`))[0]!;
    const setAside = await serviceLabels(thePeer(), aside.collectionId);
    expect(setAside.map((l) => [l.archived, byPosition([l]).get(l.position)])).toEqual([[true, [`TEXT=${serial(17)}`]]]);

    // A at its next refresh: 16 and 17 hold what was printed there, with their print data; 40 positions of it still.
    const onA = (await bench().call('reels.show', { reelId: reelA, refresh: true })).labels;
    expect([text(at(onA, 16)), at(onA, 16)?.expected, at(onA, 16)?.printCheck]).toEqual([serial(16), { TEXT: serial(16) }, 'match']);
    expect([text(at(onA, 17)), at(onA, 17)?.expected, at(onA, 17)?.printCheck]).toEqual([serial(17), { TEXT: serial(17) }, 'match']);
    expect(onA.filter((l) => l.expected !== null)).toHaveLength(40);
    // ... and is told, in its Queue and its report.
    expect((await bench().call('report.reel', { reelId: reelA })).takenElsewhere).toBe(1);
    const { notices } = await bench().call('queue.list', {});
    expect(notices).toEqual([expect.objectContaining({ reelName: name, position: 16, to: 17, printedFor: 17 })]);

    // B sees A's Label at 17.
    const onB = await cli<{ labels: LabelView[] }>(b, 'reel', 'show', reelB, '--refresh');
    expect([at(onB.labels, 16)?.origin, text(at(onB.labels, 17)), at(onB.labels, 17)?.expected]).toEqual(['here', serial(17), { TEXT: serial(17) }]);
  }, 240_000);

  it("the other way: B's Label at 20 is a misprint; A settles, it is set aside, B is told and keeps 20's print data; its value blocks nothing", async () => {
    await cli(b, 'enroll', '--reel', reelB, '--position', '20', '--text', 'W7-MISPRINT', '--accept-mismatch');
    expect(await cli(b, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });
    await bench().call('labels.enroll', { reelId: reelA, position: 20, identifiers: [{ tagType: 'TEXT', value: serial(20) }] });
    const opId = await collisionOnA();

    const seen = await bench().call('queue.collision', { opId });
    expect(seen).toMatchObject({ verdict: 'ours', offer: 'archiveTheirs', theirsPrintedFor: null, theirsGoesTo: null });
    const settled = await bench().call('queue.settle', { opId, action: 'archiveTheirs', theirLabelId: seen.theirs!.serviceId, confirm: true });
    expect(settled).toMatchObject({ theirsMovedTo: null, setAsideReel: { name: `${name} (set aside)` } });
    expect(await bench().call('sync.run', { untilIdle: true, timeoutSeconds: 60 })).toMatchObject({ pending: 0, attention: 0 });

    const onB = await cli<{ labels: LabelView[] }>(b, 'reel', 'show', reelB, '--refresh');
    expect([at(onB.labels, 20)?.origin, text(at(onB.labels, 20)), at(onB.labels, 20)?.expected]).toEqual(['elsewhere', serial(20), { TEXT: serial(20) }]);
    expect(onB.labels.filter((l) => l.expected !== null)).toHaveLength(40);
    const queue = await run(b, 'queue');
    expect((queue.json() as { notices: Notice[] }).notices).toEqual([expect.objectContaining({ reelName: name, position: 20, to: null, printedFor: null })]);
    const words = await runStationAsync(['--data', b, 'queue']);
    expect(words.stdout).toContain(`Your Label at position 20 of Reel "${name}" was taken off the Reel by another bench or app`);
    // Put away, it is listed no more; a refresh that finds nothing new notes nothing again.
    expect(await cli(b, 'queue', 'seen')).toEqual({ seen: 1 });
    await cli(b, 'reel', 'show', reelB, '--refresh');
    expect(((await run(b, 'queue')).json() as { notices: Notice[] }).notices).toEqual([]);

    // The Bench's duplicate check asks labels.resolve: the set-aside Label is there, archived, so it blocks nothing.
    const { matches } = await bench().call('labels.resolve', { tagType: 'TEXT', value: 'W7-MISPRINT' });
    expect(matches.filter((m) => m.serviceId !== null).map((m) => m.archived)).toEqual([true]);
    const real = await bench().call('labels.resolve', { tagType: 'TEXT', value: serial(20), reelId: reelA });
    expect(real.matches.find((m) => m.position === 20)).toMatchObject({ reelName: name, archived: false });
  }, 240_000);
});

describe('a settle cut short after theirs left the position', () => {
  beforeAll(() => holdWine7(), 180_000);
  it('loses no marking, and the next settle takes theirs where it was printed', async () => {
    const name = 'Wine 7';
    const reelA = (await bench().call('reels.list', {})).reels.find((r) => r.name === name)!.reelId;
    const serviceId = (await bench().call('reels.show', { reelId: reelA })).serviceId ?? '';
    const reelB = (await cli<{ reelId: string }>(b, 'reel', 'open', serviceId)).reelId;
    const svcImagePath = join(dir.path, 'tag-25.jpg');
    writeFileSync(svcImagePath, await speckleTag(225, { width: 640, height: 480, format: 'jpeg' }));
    await bench().call('labels.enroll', {
      reelId: reelA,
      position: 24,
      identifiers: [{ tagType: 'TEXT', value: serial(25) }],
      svcImagePath,
      acceptMismatch: true,
    });
    expect(await bench().call('sync.run', { untilIdle: true, timeoutSeconds: 60 })).toMatchObject({ attention: 0 });
    await cli(b, 'enroll', '--reel', reelB, '--position', '24', '--text', serial(24));
    const opId = await collisionOnB();
    const theirs = (await serviceLabels(thePeer(), serviceId)).find((l) => l.position === 24)!;

    // The enrollment at 25 is refused once, after theirs was moved off 24: the settle stops before archiving it, and
    // its optical marking is back on it.
    await thePeer().admin('/faults', {
      pathPrefix: `/api/v1/composite-tags/reels/${serviceId}/labels`,
      method: 'POST',
      status: 409,
      code: 'COMPOSITE_TAG_CONFLICT',
      count: 1,
    });
    const cut = await run(b, 'queue', 'settle', opId, '--archive-theirs', '--confirm');
    expect(cut.code, cut.stdout + cut.stderr).toBe(1);
    expect((cut.json() as { error: { code: string; message: string } }).error.message).toContain(`--theirs ${theirs.compositeTagId}`);
    const aside = (await serviceReelsNamed(thePeer(), `${name} (set aside)`))[0]!;
    const moved = (await serviceLabels(thePeer(), aside.collectionId)).find((l) => l.compositeTagId === theirs.compositeTagId)!;
    expect([moved.archived, byPosition([moved]).get(moved.position)?.sort()]).toEqual([false, ['SVC', `TEXT=${serial(25)}`]]);

    // Compared again, 24 is free; settled with theirs named, it goes to 25 with its marking and is archived where it was.
    expect(await cli(b, 'queue', 'settle', opId)).toMatchObject({ verdict: 'free' });
    const settled = await cli<{ theirsMovedTo: { position: number } | null }>(
      b,
      'queue',
      'settle',
      opId,
      '--archive-theirs',
      '--theirs',
      theirs.compositeTagId,
      '--confirm',
    );
    expect(settled.theirsMovedTo).toMatchObject({ position: 25 });
    expect(await cli(b, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });
    const held = byPosition(await serviceLabels(thePeer(), serviceId));
    expect([held.get(24), held.get(25)?.sort()]).toEqual([[`TEXT=${serial(24)}`], ['SVC', `TEXT=${serial(25)}`]]);
    expect((await serviceLabels(thePeer(), aside.collectionId)).find((l) => l.compositeTagId === theirs.compositeTagId)?.archived).toBe(true);
  }, 240_000);
});

describe('re-placing with --next-free past what a bench has seen', () => {
  it('a race at a position beyond the Labels B has read re-places to the next free position, not "none free"', async () => {
    const name = 'Open reel no print data';
    const reelA = (await bench().call('reels.create', { name, expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] })).reelId;
    for (const position of [1, 2, 3])
      await bench().call('labels.enroll', { reelId: reelA, position, identifiers: [{ tagType: 'TEXT', value: `O-${position}` }] });
    expect(await bench().call('sync.run', { untilIdle: true, timeoutSeconds: 60 })).toMatchObject({ pending: 0, attention: 0 });
    const serviceId = (await bench().call('reels.show', { reelId: reelA })).serviceId ?? '';
    const reelB = (await cli<{ reelId: string }>(b, 'reel', 'open', serviceId)).reelId;

    // Both enroll 6, beyond the 3 B has seen; A's lands first.
    await bench().call('labels.enroll', { reelId: reelA, position: 6, identifiers: [{ tagType: 'TEXT', value: 'A-6' }] });
    expect(await bench().call('sync.run', { untilIdle: true, timeoutSeconds: 60 })).toMatchObject({ pending: 0, attention: 0 });
    await cli(b, 'enroll', '--reel', reelB, '--position', '6', '--text', 'B-6');
    const opId = await collisionOnB();

    const moved = await cli<{ fromPosition: number; position: number }>(b, 'queue', 'reposition', opId, '--next-free');
    expect(moved).toMatchObject({ fromPosition: 6, position: 7 });
    expect(await cli(b, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });
    const held = byPosition(await serviceLabels(thePeer(), serviceId));
    expect([held.get(6), held.get(7)]).toEqual([['TEXT=A-6'], ['TEXT=B-6']]);
  }, 240_000);
});
