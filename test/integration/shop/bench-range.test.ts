import { describe, expect, it } from 'vitest';
import { byPosition, runStationAsync as station, serviceLabels } from '../../helpers/peer';
import { twoBenchesOnOneService } from '../../helpers/shop';

// A Reel split between benches (docs/sync.md, "Benches sharing a Reel"): two stations, each its own
// data folder and its own processes (the CLI), on one sandbox through the fault and wire-variance proxies. Each bench
// keeps its own range of positions, a local setting: enrolling outside it is refused by name unless confirmed.

const shop = twoBenchesOnOneService('shop-range-');
const { a, b } = shop;

type Range = { first: number; last: number } | null;

async function ok<T>(data: string, ...args: string[]): Promise<T> {
  const out = await station(['--data', data, '--json', ...args]);
  expect(out.code, `${args.join(' ')}: ${out.stdout}${out.stderr}`).toBe(0);
  return out.json() as T;
}

async function refused(data: string, ...args: string[]): Promise<{ code: number; error: { code: string; message: string; detail?: unknown } }> {
  const out = await station(['--data', data, '--json', ...args]);
  return { code: out.code, error: (out.json() as { error: { code: string; message: string; detail?: unknown } }).error };
}

describe('one Reel split between two benches', () => {
  let reelA = '';
  let reelB = '';
  let serviceId = '';

  it('B opens the Reel with --positions: its range is kept here, shown with the Reel, and stays when opened again', async () => {
    reelA = (await ok<{ reelId: string }>(a, 'reel', 'create', '--name', 'Split reel', '--expect', 'TEXT=1')).reelId;
    await ok(a, 'reel', 'range', reelA, '1-5');
    for (const p of [1, 2]) await ok(a, 'enroll', '--reel', reelA, '--position', String(p), '--text', `A-${p}`);
    expect(await ok(a, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });
    serviceId = (await ok<{ serviceId: string }>(a, 'reel', 'show', reelA)).serviceId;

    const opened = await ok<{ reelId: string; benchRange: Range }>(b, 'reel', 'open', serviceId, '--positions', '6-10');
    reelB = opened.reelId;
    expect(opened.benchRange).toEqual({ first: 6, last: 10 });
    expect((await ok<{ benchRange: Range }>(b, 'reel', 'show', reelB)).benchRange).toEqual({ first: 6, last: 10 });
    // The range is this station's own: A's stays 1-5, B's is not sent to the service.
    expect((await ok<{ benchRange: Range }>(a, 'reel', 'show', reelA, '--refresh')).benchRange).toEqual({ first: 1, last: 5 });
    expect((await ok<{ reelId: string; benchRange: Range }>(b, 'reel', 'open', serviceId)).benchRange).toEqual({ first: 6, last: 10 });
  }, 180_000);

  it('enrolling outside the range is refused, naming the range and the position; --outside-range enrolls it', async () => {
    const outside = await refused(b, 'enroll', '--reel', reelB, '--position', '4', '--text', 'B-4');
    expect(outside.code).toBe(1);
    expect(outside.error.code).toBe('STATION_OUTSIDE_RANGE');
    expect(outside.error.message).toContain('Position 4');
    expect(outside.error.message).toContain('positions 6–10');
    expect(outside.error.message).toContain('--outside-range');
    expect(outside.error.detail).toEqual({ position: 4, range: { first: 6, last: 10 }, first: 6, last: 10, reel: 'Split reel' });
    // Nothing was queued for it.
    expect((await ok<{ labels: { position: number }[] }>(b, 'reel', 'show', reelB)).labels.map((l) => l.position)).not.toContain(4);

    await ok(b, 'enroll', '--reel', reelB, '--position', '6', '--text', 'B-6');
    await ok(b, 'enroll', '--reel', reelB, '--position', '4', '--text', 'B-4', '--outside-range');
    expect(await ok(b, 'sync', '--until-idle', '--timeout', '60')).toMatchObject({ pending: 0, attention: 0 });
    const held = byPosition(await serviceLabels(shop.peer, serviceId));
    expect([...held.entries()].sort(([x], [y]) => x - y)).toEqual([
      [1, ['TEXT=A-1']],
      [2, ['TEXT=A-2']],
      [4, ['TEXT=B-4']],
      [6, ['TEXT=B-6']],
    ]);
    // The collision check keeps working: on A (range 1-5) position 4, inside its range, is held elsewhere; position 6,
    // outside it, asks first and, confirmed, is still refused as held elsewhere.
    await ok(a, 'reel', 'show', reelA, '--refresh');
    expect((await refused(a, 'enroll', '--reel', reelA, '--position', '4', '--text', 'A-4')).error.code).toBe('STATION_CONFLICT');
    expect((await refused(a, 'enroll', '--reel', reelA, '--position', '6', '--text', 'A-6')).error.code).toBe('STATION_OUTSIDE_RANGE');
    expect((await refused(a, 'enroll', '--reel', reelA, '--position', '6', '--text', 'A-6', '--outside-range')).error.code).toBe('STATION_CONFLICT');
  }, 180_000);

  it('reel range sets and clears the range; a bad range is a usage error naming it', async () => {
    expect((await ok<{ benchRange: Range }>(b, 'reel', 'range', reelB, '11-20')).benchRange).toEqual({ first: 11, last: 20 });
    expect((await refused(b, 'enroll', '--reel', reelB, '--position', '7', '--text', 'B-7')).error.message).toContain('positions 11–20');
    expect((await ok<{ benchRange: Range }>(b, 'reel', 'range', reelB, '--clear')).benchRange).toBeNull();
    await ok(b, 'enroll', '--reel', reelB, '--position', '7', '--text', 'B-7');

    for (const [args, words] of [
      [['20-11'], 'the first position comes before the last'],
      [['5001'], 'FIRST-LAST'],
      [['1-5', '--clear'], 'not both'],
      [[], 'REEL FIRST-LAST'],
    ] as const) {
      const out = await refused(b, 'reel', 'range', reelB, ...args);
      expect(out.code, args.join(' ')).toBe(2);
      expect(out.error.message).toContain(words);
    }
    expect((await refused(b, 'reel', 'open', serviceId, '--positions', 'ten-twenty')).error.message).toContain('--positions must be a range');
  }, 120_000);
});
