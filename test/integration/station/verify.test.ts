import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePositions } from '../../../src-shared/domain/sampling';
import { StationError, type VerifyCheckOutput } from '../../../src-shared/ipc';
import { freshCapture, lowDetailImage, speckleTag } from '../../fixtures';
import { startPeerAndStation, stopPeerAndStation, type Peer, type TestStation } from '../../helpers/peer';
import { tempDir } from '../../helpers/tmp';

// The quality check against the sandbox through the fault and wire proxies: the ISO 2859-1 plan over a Reel's
// enrolled Labels, each sample checked on the service (resolve with the Reel, identify the optical marking), the
// lot's verdict by the plan's numbers, and a sample scanned while the service is out of reach kept for later.

let peer: Peer;
let s: TestStation & { remove(): void };
const files = tempDir('core-verify-');
const drain = () => s.call('sync.run', { untilIdle: true, timeoutSeconds: 60 });

beforeAll(async () => {
  ({ peer, s } = await startPeerAndStation());
}, 60_000);
afterAll(() => stopPeerAndStation(peer, s, files));

async function failure(promise: Promise<unknown>): Promise<StationError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StationError) return error;
    throw error;
  }
  throw new Error('expected the command to fail');
}

async function textReel(name: string, count: number, valueAt: (p: number) => string): Promise<string> {
  const { reelId } = await s.call('reels.create', { name, expectedIdentifiers: [{ tagType: 'TEXT', count: 1 }] });
  for (let p = 1; p <= count; p += 1) await s.call('labels.enroll', { reelId, position: p, identifiers: [{ tagType: 'TEXT', value: valueAt(p) }] });
  expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
  return reelId;
}

describe('verify.plan', () => {
  let reelId: string;
  beforeAll(async () => {
    reelId = await textReel('Plan reel', 60, (p) => `PL-${p}`);
    // One more Label still queued: not on the service, so not in the lot.
    await s.call('sync.pause', {});
    await s.call('labels.enroll', { reelId, position: 61, identifiers: [{ tagType: 'TEXT', value: 'PL-61' }] });
  }, 120_000);
  afterAll(() => s.call('sync.resume', {}));

  it('samples the enrolled Labels by ISO 2859-1 (lot 60 → E, 0.65 follows the arrow down to F: 20, Ac 0, Re 1) and records the seed', async () => {
    const plan = await s.call('verify.plan', { reelId, seed: 42 });
    expect(plan).toMatchObject({
      lotSize: 60,
      codeLetter: 'E',
      planLetter: 'F',
      level: 'II',
      sampleSize: 20,
      accept: 0,
      reject: 1,
      aql: 0.65,
      seed: 42,
      notOnService: 1,
    });
    expect(plan.positions).toEqual(
      samplePositions(
        Array.from({ length: 60 }, (_, i) => i + 1),
        20,
        42,
      ),
    );
    expect(plan.positions.every((p) => p >= 1 && p <= 60)).toBe(true);
    // The same seed draws the same positions; the plan is kept as the Reel's current verification.
    expect((await s.call('verify.plan', { reelId, seed: 42 })).positions).toEqual(plan.positions);
    const status = await s.call('verify.status', { reelId });
    expect(status.verification?.plan.seed).toBe(42);
    expect(status.verification?.samples.map((x) => x.state)).toEqual(new Array(20).fill('waiting'));
    expect(status.verification?.verdict).toMatchObject({ decision: 'pending', inspected: 0, failed: 0 });
  });

  it('draws a random seed when none is given, and records it', async () => {
    const plan = await s.call('verify.plan', { reelId });
    expect(Number.isInteger(plan.seed)).toBe(true);
    expect((await s.call('verify.status', { reelId })).verification?.plan).toEqual(plan);
  });

  it("takes the AQL from Settings when the plan names none (1.5: E's arrow leads up to D, 8 samples)", async () => {
    expect((await s.call('verify.settings.get', {})).aql).toBe(0.65);
    await s.call('verify.settings.set', { aql: 1.5 });
    try {
      expect(await s.call('verify.plan', { reelId, seed: 7 })).toMatchObject({
        codeLetter: 'E',
        planLetter: 'D',
        sampleSize: 8,
        accept: 0,
        reject: 1,
        aql: 1.5,
      });
      expect(await s.call('verify.plan', { reelId, seed: 7, aql: 6.5 })).toMatchObject({
        codeLetter: 'E',
        planLetter: 'E',
        sampleSize: 13,
        accept: 2,
        reject: 3,
      });
    } finally {
      await s.call('verify.settings.set', { aql: 0.65 });
    }
  });

  it('refuses an AQL that is no column of Table 2-A, and a Reel with fewer than two Labels on the service', async () => {
    const bad = await failure(s.call('verify.plan', { reelId, aql: 0.5 }));
    expect(bad.code).toBe('STATION_INVALID_INPUT');
    expect(bad.message).toMatch(/AQL 0.5 is not a column of ISO 2859-1 Table 2-A; choose one of/);
    const { reelId: empty } = await s.call('reels.create', { name: 'Empty reel' });
    const none = await failure(s.call('verify.plan', { reelId: empty }));
    expect(none.code).toBe('STATION_INVALID_INPUT');
    expect(none.message).toMatch(/has 0 Label\(s\) on the service to sample: lot size 0 is too small/);
  });
});

describe('verify.check with values', () => {
  let reelId: string;
  let serviceId: string;
  beforeAll(async () => {
    // Ten Labels; 5 and 6 were enrolled each with the other's printed value (the labels were scanned out of order).
    reelId = await textReel('Values reel', 10, (p) => (p === 5 ? 'VA-6' : p === 6 ? 'VA-5' : `VA-${p}`));
    serviceId = (await s.call('reels.show', { reelId, refresh: true })).serviceId as string;
  }, 120_000);

  it('a lot of 10 is inspected whole (F: 20 ≥ 10); each value must resolve to this position', async () => {
    const plan = await s.call('verify.plan', { reelId, seed: 1 });
    expect(plan).toMatchObject({ lotSize: 10, codeLetter: 'B', planLetter: 'F', sampleSize: 10, accept: 0, reject: 1 });
    expect(plan.positions).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    const passed = await s.call('verify.check', { reelId, position: 1, identifiers: [{ tagType: 'TEXT', value: 'VA-1' }] });
    expect(passed).toMatchObject({
      position: 1,
      pass: true,
      outcome: 'verified',
      requestId: expect.any(String),
      verdict: { decision: 'pending', inspected: 1, failed: 0 },
    });
    expect(passed.code).toBeUndefined();
  });

  it('fails a value the service holds at another position, naming both positions', async () => {
    const failed = await s.call('verify.check', { reelId, position: 5, identifiers: [{ tagType: 'TEXT', value: 'VA-5' }] });
    expect(failed).toMatchObject({ position: 5, pass: false, outcome: 'wrong_position', foundPosition: 6, requestId: expect.any(String), retry: false });
    expect(failed.reason).toBe("position 5 read VA-5, which is position 6's");
    // Re = 1: one failure rejects the lot before the sample is complete.
    expect(failed.verdict).toEqual({ inspected: 2, failed: 1, accept: false, complete: false, decision: 'reject', decidedEarly: true });
    // The service does hold VA-5 at 6 (what the station sent).
    const onService = await peer.direct.labels.resolve({ tagType: 'TEXT', value: 'VA-5', reelCollectionId: serviceId });
    expect(onService.candidates.map((c) => c.position)).toEqual([6]);
  });

  it('fails a value no Label of the Reel has, and refuses to judge a position twice', async () => {
    const unknown = await s.call('verify.check', { reelId, position: 2, identifiers: [{ tagType: 'TEXT', value: 'NOT-PRINTED' }] });
    expect(unknown).toMatchObject({ pass: false, outcome: 'not_on_service' });
    expect(unknown.reason).toMatch(/^position 2 read NOT-PRINTED, which is not on the service/);
    const again = await failure(s.call('verify.check', { reelId, position: 2, identifiers: [{ tagType: 'TEXT', value: 'VA-2' }] }));
    expect(again.code).toBe('STATION_CONFLICT');
    const outside = await failure(s.call('verify.check', { reelId, position: 11, identifiers: [{ tagType: 'TEXT', value: 'VA-11' }] }));
    expect(outside.code).toBe('STATION_INVALID_INPUT');
    expect(outside.message).toMatch(/not in the sample/);
  });

  it('the verdict follows the plan once the whole sample is judged', async () => {
    const { reelId: good } = { reelId: await textReel('Good reel', 4, (p) => `GD-${p}`) };
    const plan = await s.call('verify.plan', { reelId: good, seed: 3 });
    expect(plan).toMatchObject({ lotSize: 4, codeLetter: 'A', sampleSize: 4, accept: 0, reject: 1 });
    let last: VerifyCheckOutput | undefined;
    for (const position of plan.positions)
      last = await s.call('verify.check', { reelId: good, position, identifiers: [{ tagType: 'TEXT', value: `GD-${position}` }] });
    expect(last?.verdict).toEqual({ inspected: 4, failed: 0, accept: true, complete: true, decision: 'accept', decidedEarly: false });
    const status = await s.call('verify.status', { reelId: good });
    expect(status.verification?.decidedAt).toEqual(expect.any(String));
    expect(status.verification?.samples.every((x) => x.state === 'pass')).toBe(true);
  }, 120_000);
});

describe('verify.check with the optical marking', () => {
  let reelId: string;
  const images = new Map<number, Buffer>();
  const file = (name: string, data: Buffer) => {
    const path = join(files.path, name);
    writeFileSync(path, data);
    return path;
  };

  beforeAll(async () => {
    ({ reelId } = await s.call('reels.create', {
      name: 'Optical reel',
      expectedIdentifiers: [
        { tagType: 'SVC', count: 1 },
        { tagType: 'TEXT', count: 1 },
      ],
    }));
    for (let p = 1; p <= 5; p += 1) {
      images.set(p, await speckleTag(700 + p, { width: 640, height: 480, format: 'jpeg' }));
      await s.call('labels.enroll', {
        reelId,
        position: p,
        identifiers: [{ tagType: 'TEXT', value: `OP-${p}` }],
        svcImagePath: file(`enrolled-${p}.jpg`, images.get(p) as Buffer),
      });
    }
    expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
    // Position 5 is bound to an item: its marking identifies its Thread (outcome identified).
    const threadId = (await peer.direct.threads.create({ type: 'single', thread: { name: 'Verify item' } })).created[0]!.threadId;
    const label5 = (await s.call('reels.show', { reelId, refresh: true })).labels.find((l) => l.position === 5)!;
    await s.call('labels.bind', { labelId: label5.labelId, threadId });
    expect(await drain()).toMatchObject({ pending: 0, attention: 0 });
    await s.call('verify.plan', { reelId, seed: 11 });
  }, 120_000);

  const capture = async (name: string, image: Buffer) => file(name, image);

  it('a Reel that expects SVC needs the capture', async () => {
    const missing = await failure(s.call('verify.check', { reelId, position: 1, identifiers: [{ tagType: 'TEXT', value: 'OP-1' }] }));
    expect(missing.code).toBe('STATION_INVALID_INPUT');
    expect(missing.message).toMatch(/expects an optical marking \(SVC\): capture the Label at position 1/);
  });

  it('passes when the capture identifies this Label (label, and identified for a bound one)', async () => {
    const one = await s.call('verify.check', {
      reelId,
      position: 1,
      identifiers: [{ tagType: 'TEXT', value: 'OP-1' }],
      svcImagePath: await capture('check-1.jpg', await freshCapture(images.get(1)!, 1)),
    });
    expect(one).toMatchObject({ pass: true, outcome: 'verified', requestId: expect.any(String) });
    expect(one.reason).toContain('the optical marking identifies this Label');
    const five = await s.call('verify.check', {
      reelId,
      position: 5,
      identifiers: [{ tagType: 'TEXT', value: 'OP-5' }],
      svcImagePath: await capture('check-5.jpg', await freshCapture(images.get(5)!, 2)),
    });
    expect(five).toMatchObject({ pass: true, outcome: 'verified' });
  });

  it("fails a capture of another position's marking, naming both positions", async () => {
    const two = await s.call('verify.check', {
      reelId,
      position: 2,
      identifiers: [{ tagType: 'TEXT', value: 'OP-2' }],
      svcImagePath: await capture('check-2.jpg', await freshCapture(images.get(3)!, 3)),
    });
    expect(two).toMatchObject({ pass: false, outcome: 'wrong_position', foundPosition: 3, requestId: expect.any(String) });
    expect(two.reason).toBe("position 2's optical marking identifies position 3's Label");
  });

  it('keeps the service code and request id of an identify outcome; a rejected capture may be scanned again', async () => {
    const low = await s.call('verify.check', {
      reelId,
      position: 3,
      identifiers: [{ tagType: 'TEXT', value: 'OP-3' }],
      svcImagePath: await capture('low.jpg', await lowDetailImage(4)),
    });
    expect(low).toMatchObject({ pass: false, outcome: 'quality_reject', code: 'SCAN_LOW_KEYPOINTS', requestId: expect.any(String), retry: true });
    const again = await s.call('verify.check', {
      reelId,
      position: 3,
      identifiers: [{ tagType: 'TEXT', value: 'OP-3' }],
      svcImagePath: await capture('check-3.jpg', await freshCapture(images.get(3)!, 4)),
    });
    expect(again).toMatchObject({ pass: true, outcome: 'verified' });

    const unknown = await s.call('verify.check', {
      reelId,
      position: 4,
      identifiers: [{ tagType: 'TEXT', value: 'OP-4' }],
      svcImagePath: await capture('other.jpg', await speckleTag(799, { width: 640, height: 480, format: 'jpeg' })),
    });
    expect(unknown).toMatchObject({ pass: false, outcome: 'no_match', code: 'IDENTIFIER_NOT_FOUND', requestId: expect.any(String), retry: false });
    const status = await s.call('verify.status', { reelId });
    expect(status.expectsSvc).toBe(true);
    expect(status.verification?.verdict).toMatchObject({ inspected: 5, failed: 2, complete: true, decision: 'reject' });
  });
});

describe('verify.check offline', () => {
  it('answers STATION_OFFLINE and keeps the scan; once online, the kept scan is checked', async () => {
    const reelId = await textReel('Offline reel', 3, (p) => `OF-${p}`);
    await s.call('verify.plan', { reelId, seed: 5 });
    peer.proxy.down();
    try {
      const offline = await failure(s.call('verify.check', { reelId, position: 2, identifiers: [{ tagType: 'TEXT', value: 'OF-2' }] }));
      expect(offline.code).toBe('STATION_OFFLINE');
      expect(offline.message).toMatch(/position 2 cannot be checked now\. Its scan is kept on this station/);
      const kept = (await s.call('verify.status', { reelId })).verification?.samples.find((x) => x.position === 2);
      expect(kept).toMatchObject({ state: 'kept', result: null, scanned: { identifiers: [{ tagType: 'TEXT', value: 'OF-2' }], captureSha256: null } });
    } finally {
      peer.proxy.up();
    }
    const checked = await s.call('verify.check', { reelId, position: 2 });
    expect(checked).toMatchObject({ position: 2, pass: true, outcome: 'verified', verdict: { inspected: 1 } });
  }, 120_000);
});
