// Storing captures: receipts, rejections that are kept, undecodable bytes that store nothing, and the index
// finding a recapture among other tags.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blankImage, freshCapture, lowDetailImage, speckleTag, undecodableImage } from '../../test/fixtures';
import { SvcError } from '../http/svc-error';
import { openSandboxDb, type SandboxDb } from '../store/db';
import { createSandboxStore } from '../store';
import { getFingerprint, findMatchingFingerprints } from '../store/fingerprints';
import { ingestOpticalCapture } from './ingest';
import { findScanBySha, getScan, getScanImage } from '../store/scans';
import { imageSha256 } from './analyze';

const context = { orgId: 'org-1', teamId: 'team-1' };
let db: SandboxDb;

beforeEach(() => {
  db = openSandboxDb(':memory:');
});
afterEach(() => db.close());

async function rejection(promise: Promise<unknown>): Promise<SvcError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SvcError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

const scanCount = () => (db.prepare('SELECT COUNT(*) AS n FROM scans').get() as { n: number }).n;

describe('ingestOpticalCapture', () => {
  it('stores the capture, its fingerprint and returns a receipt with a null svcId', async () => {
    const image = await speckleTag(1, { format: 'jpeg' });
    const capture = await ingestOpticalCapture(createSandboxStore(db), image, context);
    expect(capture.receipt).toEqual({ scanId: capture.scanId, fingerprintId: capture.fingerprintId, svcId: null });
    expect(getScan(db, capture.scanId)).toMatchObject({ fingerprintId: capture.fingerprintId, outcome: 'extracted', orgId: 'org-1' });
    expect(getScanImage(db, capture.scanId)?.equals(image)).toBe(true);
    expect(getFingerprint(db, capture.fingerprintId)?.bits).toEqual(capture.fingerprint);
    expect(findScanBySha(db, imageSha256(image))?.scanId).toBe(capture.scanId);
  });

  it('refuses the same bytes again with SCAN_IDENTICAL_SCAN, keeping the rejected scan without a fingerprint', async () => {
    const image = await speckleTag(2, { format: 'jpeg' });
    const first = await ingestOpticalCapture(createSandboxStore(db), image, context);
    const error = await rejection(ingestOpticalCapture(createSandboxStore(db), image, context));
    expect(error.code).toBe('SCAN_IDENTICAL_SCAN');
    const scan = (error.detail as { scan: { scanId: string; fingerprintId: null } }).scan;
    expect(error.detail).toMatchObject({ outcome: 'quality_reject', scan: { fingerprintId: null, svcId: null } });
    expect(scan.scanId).not.toBe(first.scanId);
    expect(getScan(db, scan.scanId)).toMatchObject({ outcome: 'quality_reject', fingerprintId: null });
    // The earliest capture stays the one findScanBySha names.
    expect(findScanBySha(db, imageSha256(image))?.scanId).toBe(first.scanId);
  });

  it('keeps low-detail and blank captures as rejected scans with SCAN_LOW_KEYPOINTS / SCAN_NO_KEYPOINTS', async () => {
    const low = await rejection(ingestOpticalCapture(createSandboxStore(db), await lowDetailImage(3), context));
    expect(low.code).toBe('SCAN_LOW_KEYPOINTS');
    expect(low.status).toBe(400);
    const blank = await rejection(ingestOpticalCapture(createSandboxStore(db), await blankImage(), context));
    expect(blank.code).toBe('SCAN_NO_KEYPOINTS');
    for (const error of [low, blank]) {
      const scanId = (error.detail as { scan: { scanId: string } }).scan.scanId;
      expect(getScan(db, scanId)).toMatchObject({ outcome: 'quality_reject', fingerprintId: null });
      expect(getScanImage(db, scanId)).toBeDefined();
    }
  });

  it('stores nothing for bytes that are not an image and gives no receipt', async () => {
    const error = await rejection(ingestOpticalCapture(createSandboxStore(db), undecodableImage(), context));
    expect(error.code).toBe('INVALID_DATA');
    expect(error.detail).toEqual({ reason: 'undecodable_image' });
    expect(scanCount()).toBe(0);
  });

  it("finds a fresh capture's tag through the index among other enrolled tags, and nothing for a new tag", async () => {
    const enrolled = new Map<string, number>();
    for (let seed = 10; seed < 40; seed += 1) {
      const capture = await ingestOpticalCapture(createSandboxStore(db), await speckleTag(seed, { width: 800, height: 600, format: 'jpeg' }), context);
      enrolled.set(capture.fingerprintId, seed);
    }
    const recapture = await freshCapture(await speckleTag(25, { width: 800, height: 600 }), 99);
    const probe = await ingestOpticalCapture(createSandboxStore(db), recapture, context);
    const matches = findMatchingFingerprints(db, probe.fingerprint).filter((m) => m.fingerprintId !== probe.fingerprintId);
    expect(matches.map((m) => enrolled.get(m.fingerprintId))).toEqual([25]);
    const stranger = await ingestOpticalCapture(createSandboxStore(db), await speckleTag(77, { width: 800, height: 600, format: 'jpeg' }), context);
    expect(findMatchingFingerprints(db, stranger.fingerprint).map((m) => m.fingerprintId)).toEqual([stranger.fingerprintId]);
  });
});
