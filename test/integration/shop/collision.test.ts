import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { byPosition, runStationAsync as station, serviceLabels, serviceReelsNamed } from '../../helpers/peer';
import { twoBenchesOnOneService } from '../../helpers/shop';

// A collision settled by what was printed (docs/sync.md, "Settling a collision"): two benches, each its own data folder
// and CLI processes, on one sandbox through the fault and wire-variance proxies. Bench A holds the print data of a
// 40-Label Reel; bench B opened it from the service without it. When both enroll one position, A compares both Labels
// with what was printed there: the one that matches stays, nothing is moved past the Reel's 40 positions, and the
// position keeps its print data.

const shop = twoBenchesOnOneService('shop-collision-');
const { a, b } = shop;

interface Label {
  position: number;
  state: string;
  origin: 'here' | 'elsewhere';
  identifiers: { tagType: string; value?: string }[];
  expected: Record<string, string> | null;
}

interface Collision {
  position: number;
  printData: Record<string, string> | null;
  ours: { printCheck: string; values: { tagType: string; value: string | null }[] };
  theirs: { serviceId: string; printCheck: string; values: { tagType: string; value: string | null }[] } | null;
  verdict: string;
  offer: string;
}

async function ok<T>(data: string, ...args: string[]): Promise<T> {
  const out = await station(['--data', data, '--json', ...args]);
  expect(out.code, `${args.join(' ')}: ${out.stdout}${out.stderr}`).toBe(0);
  return out.json() as T;
}

async function refused(data: string, ...args: string[]): Promise<{ code: string; message: string }> {
  const out = await station(['--data', data, '--json', ...args]);
  expect(out.code, `${args.join(' ')}: ${out.stdout}${out.stderr}`).toBe(1);
  return (out.json() as { error: { code: string; message: string } }).error;
}

const serial = (p: number) => `W4711-${String(p).padStart(6, '0')}`;
const text = (l: Label) => l.identifiers.find((i) => i.tagType === 'TEXT')?.value;

/** The one enrollment in attention on a station, after a sync that ends with exit 3. */
async function collisionOn(data: string): Promise<string> {
  const synced = await station(['--data', data, '--json', 'sync', '--until-idle', '--timeout', '60']);
  expect(synced.code, synced.stdout + synced.stderr).toBe(3);
  const queue = await station(['--data', data, '--json', 'queue', '--state', 'attention']);
  expect(queue.code).toBe(3);
  const items = (queue.json() as { items: { opId: string; kind: string; attention: { code: string } }[] }).items;
  expect(items).toHaveLength(1);
  expect(items[0]).toMatchObject({ kind: 'enrollLabel', attention: { code: 'STATION_POSITION_TAKEN' } });
  return items[0]!.opId;
}

describe('a collision settled by what was printed', () => {
  const name = 'Job 4711 wine labels';
  let reelA = '';
  let reelB = '';
  let serviceId = '';

  it('A holds the print data of 40 positions; B opens the Reel from the service without it', async () => {
    reelA = (await ok<{ reelId: string }>(a, 'reel', 'create', '--name', name, '--expect', 'TEXT=1')).reelId;
    const csv = join(a, 'print-data.csv');
    writeFileSync(csv, ['position,text', ...Array.from({ length: 40 }, (_, n) => `${n + 1},${serial(n + 1)}`)].join('\n'));
    expect(await ok(a, 'import', '--reel', reelA, csv, '--expected-only')).toMatchObject({ expected: 40 });
    expect(await ok(a, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });
    serviceId = (await serviceReelsNamed(shop.peer, name))[0]!.collectionId;
    reelB = (await ok<{ reelId: string }>(b, 'reel', 'open', serviceId)).reelId;
  }, 180_000);

  it("B's Label at 16 is wrong, A's is right: A is offered to archive B's and send its own; 16 holds A's, print data kept, nothing past 40", async () => {
    await ok(b, 'enroll', '--reel', reelB, '--position', '16', '--text', 'B-OWN-0016');
    expect(await ok(b, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });
    await ok(a, 'enroll', '--reel', reelA, '--position', '16', '--text', serial(16));
    const opId = await collisionOn(a);

    // Re-placing to the next free position finds none inside the Reel's 40 (every position has its print data).
    const full = await refused(a, 'queue', 'reposition', opId, '--next-free');
    expect(full.code).toBe('STATION_NO_FREE_POSITION');
    expect(full.message).toContain('40');

    const seen = await ok<Collision>(a, 'queue', 'settle', opId);
    const bLabel = (await serviceLabels(shop.peer, serviceId)).find((l) => l.position === 16)!;
    expect(seen).toMatchObject({
      position: 16,
      printData: { TEXT: serial(16) },
      ours: { printCheck: 'match', values: [{ tagType: 'TEXT', value: serial(16) }] },
      theirs: { serviceId: bLabel.compositeTagId, printCheck: 'mismatch', values: [{ tagType: 'TEXT', value: 'B-OWN-0016' }] },
      verdict: 'ours',
      offer: 'archiveTheirs',
    });
    // In words, without --json: both Labels and the offer, naming theirs.
    const words = await station(['--data', a, 'queue', 'settle', opId]);
    expect(words.stdout).toContain('B-OWN-0016');
    expect(words.stdout).toContain(`--archive-theirs --confirm`);
    // What is not offered is refused with why; without --confirm nothing is done.
    expect((await refused(a, 'queue', 'settle', opId, '--discard-ours', '--confirm')).code).toBe('STATION_CONFLICT');
    expect((await station(['--data', a, '--json', 'queue', 'settle', opId, '--archive-theirs'])).code).toBe(2);

    const settled = await ok<{ item: { state: string }; setAsideReel: { name: string } }>(a, 'queue', 'settle', opId, '--archive-theirs', '--confirm');
    expect(settled).toMatchObject({ item: { state: 'pending' }, setAsideReel: { name: `${name} (set aside)` } });
    expect(await ok(a, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });

    const held = byPosition(await serviceLabels(shop.peer, serviceId));
    expect(held.get(16)).toEqual([`TEXT=${serial(16)}`]);
    expect(Math.max(...held.keys())).toBeLessThanOrEqual(40);
    // B's Label is archived on the set-aside Reel, with its values.
    const aside = (await serviceReelsNamed(shop.peer, `${name} (set aside)`))[0]!;
    const archived = (await serviceLabels(shop.peer, aside.collectionId)).find((l) => l.compositeTagId === bLabel.compositeTagId);
    expect(archived).toMatchObject({ archived: true });

    const reel = await ok<{ labels: Label[] }>(a, 'reel', 'show', reelA, '--refresh');
    expect(reel.labels.find((l) => l.position === 16)).toMatchObject({ state: 'enrolled', origin: 'here', expected: { TEXT: serial(16) } });
    expect(reel.labels.every((l) => l.position <= 40)).toBe(true);
    // B sees A's Label at 16 after a refresh.
    const onB = await ok<{ labels: Label[] }>(b, 'reel', 'show', reelB, '--refresh');
    expect(onB.labels.filter((l) => l.position === 16).map((l) => [l.origin, text(l)])).toEqual([['elsewhere', serial(16)]]);
    // The refusal stays counted in the shift summary after it was settled.
    const shift = await ok<{ problems: { attention: number } }>(a, 'report', 'shift');
    expect(shift.problems.attention).toBe(1);
  }, 240_000);

  it("the reverse: B's Label at 17 is the printed one, A's is wrong; settle says so and discards A's, keeping 17's print data", async () => {
    await ok(b, 'enroll', '--reel', reelB, '--position', '17', '--text', serial(17));
    expect(await ok(b, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });
    // A's operator accepts the mismatch at the door (recorded with the Label): it is sent and meets B's Label.
    await ok(a, 'enroll', '--reel', reelA, '--position', '17', '--text', 'A-WRONG-17', '--accept-mismatch');
    const opId = await collisionOn(a);

    const seen = await ok<Collision>(a, 'queue', 'settle', opId);
    expect(seen).toMatchObject({
      position: 17,
      ours: { printCheck: 'mismatch' },
      theirs: { printCheck: 'match', values: [{ tagType: 'TEXT', value: serial(17) }] },
      verdict: 'theirs',
      offer: 'discardOurs',
    });
    const notOffered = await refused(a, 'queue', 'settle', opId, '--archive-theirs', '--confirm');
    expect(notOffered.code).toBe('STATION_CONFLICT');
    expect(notOffered.message).toContain('discard ours');

    const settled = await ok<{ item: { state: string } }>(a, 'queue', 'settle', opId, '--discard-ours', '--confirm');
    expect(settled.item.state).toBe('discarded');
    expect(await ok(a, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });

    expect(byPosition(await serviceLabels(shop.peer, serviceId)).get(17)).toEqual([`TEXT=${serial(17)}`]);
    const reel = await ok<{ labels: Label[] }>(a, 'reel', 'show', reelA, '--refresh');
    expect(reel.labels.find((l) => l.position === 17)).toMatchObject({ origin: 'elsewhere', expected: { TEXT: serial(17) } });
    expect(text(reel.labels.find((l) => l.position === 17)!)).toBe(serial(17));
    const shift = await ok<{ problems: { attention: number } }>(a, 'report', 'shift');
    expect(shift.problems.attention).toBe(2);
  }, 240_000);
});
