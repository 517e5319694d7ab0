import { describe, expect, it } from 'vitest';
import { startWithReadyLine } from '../../helpers/processes';
import { byPosition, runStationAsync as station, serviceLabels } from '../../helpers/peer';
import { twoBenchesOnOneService } from '../../helpers/shop';

// Every workflow on an opened Reel (docs/sync.md, "Benches sharing a Reel"): station B opens the
// Reel station A created, each its own data folder and processes (the CLI; `station serve` for archive, which has no
// CLI form), on one sandbox through the fault and wire-variance proxies. B's report counts the Reel as the service
// holds it, A's Labels included, beside B's own enrollment; B archives and moves Labels of the opened Reel and A sees
// the result after a refresh. What the service holds is read on the sandbox directly.

const shop = twoBenchesOnOneService('shop-opened-');
const { a, b } = shop;

interface Label {
  labelId: string;
  position: number;
  state: string;
  origin: 'here' | 'elsewhere';
  serviceId: string | null;
}

interface Report {
  counts: Record<string, number>;
  total: number;
  enrolledElsewhere: number;
  serviceCounts: Record<string, number> | null;
  enrollment: { saves: number; rate: unknown };
}

async function ok<T>(data: string, ...args: string[]): Promise<T> {
  const out = await station(['--data', data, '--json', ...args]);
  expect(out.code, `${args.join(' ')}: ${out.stdout}${out.stderr}`).toBe(0);
  return out.json() as T;
}

const sync = (data: string) => ok(data, 'sync', '--until-idle', '--timeout', '60');
const show = (data: string, reelId: string) => ok<{ labels: Label[] }>(data, 'reel', 'show', reelId, '--refresh');

describe('report, archive and move on an opened Reel', () => {
  let reelA = '';
  let reelB = '';
  let serviceId = '';

  it("B's report counts the Reel as the service holds it, A's Labels beside B's own enrollment", async () => {
    reelA = (await ok<{ reelId: string }>(a, 'reel', 'create', '--name', 'Opened reel 9', '--expect', 'TEXT=1')).reelId;
    for (const p of [1, 2, 3]) await ok(a, 'enroll', '--reel', reelA, '--position', String(p), '--text', `A-${p}`);
    expect(await sync(a)).toMatchObject({ pending: 0, attention: 0 });
    serviceId = (await ok<{ serviceId: string }>(a, 'reel', 'show', reelA)).serviceId;

    reelB = (await ok<{ reelId: string }>(b, 'reel', 'open', serviceId)).reelId;
    for (const p of [4, 5, 6]) await ok(b, 'enroll', '--reel', reelB, '--position', String(p), '--text', `B-${p}`);
    expect(await sync(b)).toMatchObject({ pending: 0, attention: 0 });
    // A enrolls two more after B opened the Reel: B's report reads them from the service, no refresh asked first.
    for (const p of [7, 8]) await ok(a, 'enroll', '--reel', reelA, '--position', String(p), '--text', `A-${p}`);
    expect(await sync(a)).toMatchObject({ pending: 0, attention: 0 });

    const report = await ok<Report>(b, 'report', '--reel', reelB);
    expect(report.serviceCounts).toMatchObject({ labelCount: 8, activeCount: 8 });
    expect(report.counts).toEqual({ enrolled: 8 });
    expect(report.total).toBe(8);
    expect(report.enrolledElsewhere).toBe(5);
    // The rate is B's own: the three Labels B enrolled.
    expect(report.enrollment.saves).toBe(3);
  }, 240_000);

  it('B archives a Label A enrolled; the service holds it archived and A sees it after a refresh', async () => {
    const target = (await show(b, reelB)).labels.find((l) => l.position === 2)!;
    expect(target).toMatchObject({ origin: 'elsewhere', state: 'enrolled' });
    const served = await startWithReadyLine<{ ready: true; url: string; token: string }>(
      process.execPath,
      ['bin/station.mjs', '--data', b, 'serve', '--port', '0'],
      {
        timeoutMs: 120_000,
      },
    );
    try {
      const response = await fetch(`${new URL(served.ready.url).origin}/api/station/labels.archive`, {
        method: 'POST',
        headers: { authorization: `Bearer ${served.ready.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ labelId: target.labelId }),
      });
      const envelope = (await response.json()) as { ok: boolean; error?: unknown };
      expect(envelope.ok, JSON.stringify(envelope.error)).toBe(true);
    } finally {
      await served.stop();
    }
    expect(await sync(b)).toMatchObject({ pending: 0, attention: 0 });

    const onService = (await serviceLabels(shop.peer, serviceId)).find((l) => l.position === 2)!;
    expect(onService.archived).toBe(true);
    const seenA = await show(a, reelA);
    expect(seenA.labels.find((l) => l.position === 2)).toMatchObject({ origin: 'here', state: 'archived' });
    const report = await ok<Report>(b, 'report', '--reel', reelB);
    expect(report.serviceCounts).toMatchObject({ labelCount: 8, activeCount: 7, archivedCount: 1 });
  }, 240_000);

  it("B moves Labels of the opened Reel, its own and A's, to a new Reel; A sees them leave after a refresh", async () => {
    expect(await ok(b, 'move', '--reel', reelB, '--from', '6', '--to', '7', '--new-reel', 'Moved on from 9')).toMatchObject({ state: 'done', attention: null });

    const left = byPosition(await serviceLabels(shop.peer, serviceId));
    expect([...left.keys()].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 8]);
    const seenA = await show(a, reelA);
    expect(seenA.labels.map((l) => [l.position, l.origin])).toEqual([
      [1, 'here'],
      [2, 'here'],
      [3, 'here'],
      [4, 'elsewhere'],
      [5, 'elsewhere'],
      [8, 'here'],
    ]);
  }, 240_000);
});
