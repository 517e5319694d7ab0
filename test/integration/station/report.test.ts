import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeerAndStation, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';

// The Reel report and the shift summary from a station's real work against the sandbox: Labels by state, the
// enrollment series, attention reasons with the service's codes, gaps and voids with when and which station, the
// bulk-bind with its activation, a Reel activation, and the quality check; the day's Labels per hour, errors and
// finished Reels.

let peer: Peer;
let s: TestStation & { remove(): void };
const drain = () => s.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });
let reelId: string;
let doneReelId: string;

function localDay(at = new Date()): { day: string; utcOffsetMinutes: number } {
  const day = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  return { day, utcOffsetMinutes: -at.getTimezoneOffset() };
}

beforeAll(async () => {
  ({ peer, s } = await startPeerAndStation());
  ({ reelId } = await s.call('reels.create', { name: 'Report reel', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] }));
  for (let p = 1; p <= 6; p += 1) await s.call('labels.enroll', { reelId, position: p, identifiers: [{ tagType: 'TEXT', value: `RP-${p}` }] });
  await s.call('labels.skip', { reelId, position: 7 });
  expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
  // A Label on the service taken back: archived through the queue.
  await s.call('labels.void', { reelId, position: 2 });
  const threads: string[] = [];
  for (const name of ['Item 3', 'Item 4']) threads.push((await peer.direct.threads.create({ type: 'single', thread: { name } })).created[0]!.threadId);
  await s.call('bulkBind.commit', { reelId, fromPosition: 3, toPosition: 4, threadIds: threads, activate: true });
  await s.call('reels.activate', { reelId });
  expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
  // The service refuses the next enrollment: it needs attention, with the service's code and request id.
  await peer.admin('/faults', { pathPrefix: '/api/v1/composite-tags/reels/', method: 'POST', status: 400, code: 'INVALID_REQUEST', count: 1 });
  await s.call('labels.enroll', { reelId, position: 8, identifiers: [{ tagType: 'TEXT', value: 'RP-8' }] });
  expect(await drain()).toMatchObject({ attention: 1 });
  await s.call('verify.plan', { reelId, seed: 9 });

  // A second Reel, all of it on the service: finished today.
  ({ reelId: doneReelId } = await s.call('reels.create', { name: 'Done reel', expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] }));
  for (let p = 1; p <= 3; p += 1) await s.call('labels.enroll', { reelId: doneReelId, position: p, identifiers: [{ tagType: 'TEXT', value: `DN-${p}` }] });
  expect(await drain()).toMatchObject({ pending: 0 });
}, 180_000);
afterAll(() => stopPeerAndStation(peer, s));

describe('report.reel', () => {
  it('counts positions by state and gives the enrollment series', async () => {
    const report = await s.call('report.reel', { reelId });
    expect(report.station).toEqual({ name: hostname(), dataDir: s.dataDir });
    expect(report.counts).toEqual({ enrolled: 3, bound: 2, archived: 1, gap: 1, attention: 1 });
    expect(report.total).toBe(8);
    expect(report.enrollment.saves).toBe(7);
    expect(report.enrollment.rate.count.reduce((a, b) => a + b, 0)).toBe(7);
    expect(report.enrollment.rate.perHour[0]).toBe((report.enrollment.rate.count[0]! * 3600) / report.enrollment.rate.bucketSeconds);
    expect(report.enrollment.timePerLabel.seconds).toHaveLength(6);
    expect(Date.parse(report.enrollment.firstAt!)).toBeLessThanOrEqual(Date.parse(report.enrollment.lastAt!));
  });

  it('names attention reasons with the service code and request id, and gaps and voids with when and which station', async () => {
    const report = await s.call('report.reel', { reelId });
    expect(report.attention).toEqual([{ code: 'INVALID_REQUEST', reason: expect.any(String), count: 1, positions: [8], requestIds: [expect.any(String)] }]);
    expect(report.gapsAndVoids.total).toBe(2);
    expect(report.gapsAndVoids.entries.map((e) => [e.action, e.position, e.station])).toEqual([
      ['skip', 7, hostname()],
      ['void', 2, hostname()],
    ]);
    expect(report.gapsAndVoids.entries.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });

  it('lists the bulk-bind range with its activation and the Reel activation; shows the current quality check', async () => {
    const report = await s.call('report.reel', { reelId });
    expect(report.bulkBinds).toEqual([
      expect.objectContaining({
        fromPosition: 3,
        toPosition: 4,
        threads: 2,
        activate: true,
        state: 'done',
        bound: 2,
        activation: expect.any(String),
        attention: null,
      }),
    ]);
    expect(report.activation.reelActivations).toEqual([expect.objectContaining({ state: 'done' })]);
    expect(report.verification?.plan).toMatchObject({ seed: 9, lotSize: 5 });
    expect(report.verification?.verdict.decision).toBe('pending');
  });
});

describe('report.shift', () => {
  it('gives the day’s Labels per hour, the error rate and the Reels finished', async () => {
    const { day, utcOffsetMinutes } = localDay();
    const shift = await s.call('report.shift', { day, utcOffsetMinutes });
    // 7 saves on the Report reel (one refused, one taken back) and 3 on the Done reel.
    expect(shift.labels).toBe(10);
    expect(shift.perHour.reduce((a, b) => a + b, 0)).toBe(10);
    expect(shift.perHour[new Date().getHours()]).toBeGreaterThan(0);
    expect(shift.errors).toBe(2);
    expect(shift.errorRate).toBeCloseTo(0.2, 6);
    expect(shift.reels.map((r) => [r.name, r.labels, r.errors, r.finished])).toEqual([
      ['Report reel', 7, 2, false],
      ['Done reel', 3, 0, true],
    ]);
    expect(shift.reelsFinished).toBe(1);
  });

  it('keeps a refused save counted once it was sent again and landed (retried or re-placed)', async () => {
    const { day, utcOffsetMinutes } = localDay();
    const { items } = await s.call('queue.list', { state: 'attention' });
    const refused = items.find((i) => i.kind === 'enrollLabel');
    expect(refused).toBeDefined();
    await s.call('queue.retry', { opId: refused!.opId });
    expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
    const shift = await s.call('report.shift', { day, utcOffsetMinutes });
    expect(shift.problems.attention).toBe(1);
    expect(shift.errors).toBe(2);
  });

  it('is empty on another day', async () => {
    const shift = await s.call('report.shift', { day: '2001-01-01', utcOffsetMinutes: 0 });
    expect(shift).toMatchObject({
      labels: 0,
      errors: 0,
      errorRate: null,
      reels: [],
      reelsFinished: 0,
      from: '2001-01-01T00:00:00.000Z',
      to: '2001-01-02T00:00:00.000Z',
    });
  });
});
