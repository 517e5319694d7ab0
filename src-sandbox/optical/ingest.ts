// Ingesting one optical capture: analyze the image, then store it as a scan (and its fingerprint when the
// quality gate passes) in one transaction. The building block of extract, bind, identify, verify and Label
// enrollment.
import { randomUUID } from 'node:crypto';
import type { ScanReceipt } from '../../src-shared/api/scan';
import { SvcError } from '../http/svc-error';
import { featureFlagsOf } from '../store/accounts';
import type { SandboxStore } from '../store';

import { analyzeCapture, type CaptureAnalysis } from './analyze';
import { UndecodableImageError } from './frame';
import { qualityScore } from './quality';
import { scanReceipt } from '../store/scans';

export interface IngestContext {
  orgId: string;
  teamId: string;
  /** spec: Scanning and identifiers, Options — client UUID grouping related scans. */
  enrollmentSessionId?: string | null;
  now?: () => Date;
}

export interface OpticalCapture {
  scanId: string;
  fingerprintId: string;
  fingerprint: Uint8Array;
  keypoints: number;
  qualityScore: number;
  /** svcId null: the caller sets it when the capture resolves to an optical identifier. */
  receipt: ScanReceipt;
}

const QUALITY_CODES = { low_keypoints: 'SCAN_LOW_KEYPOINTS', no_keypoints: 'SCAN_NO_KEYPOINTS' } as const;

async function analyzeOrRefuse(image: Uint8Array): Promise<CaptureAnalysis> {
  try {
    return await analyzeCapture(image);
  } catch (error) {
    // spec: Bind rules — "an image that cannot be decoded at all stores nothing and has no receipt".
    // spec: Errors — INVALID_DATA "parsed but unusable values (e.g. identify payload the scan service could not read)".
    if (error instanceof UndecodableImageError) throw new SvcError('INVALID_DATA', { reason: 'undecodable_image' });
    throw error;
  }
}

/**
 * Analyzes and stores a capture. Returns the stored scan and fingerprint, or throws SvcError:
 * - INVALID_DATA (detail.reason `undecodable_image`): not a readable PNG/JPEG; nothing stored, no receipt.
 * - SCAN_IDENTICAL_SCAN: the same bytes were stored before; kept as a rejected scan (fingerprintId null).
 * - SCAN_NO_KEYPOINTS / SCAN_LOW_KEYPOINTS: too little detail; kept as a rejected scan (fingerprintId null).
 * Rejections carry `detail: {outcome: 'quality_reject', scan}` (spec: Identify outcomes, Capture rejected;
 * Scan receipts on failure). Label enrollment checks findScanBySha first for its own retry rule.
 */
export async function ingestOpticalCapture(store: SandboxStore, image: Uint8Array, context: IngestContext): Promise<OpticalCapture> {
  // spec: Errors — 503 SCAN_ROUTING_UNAVAILABLE "operation unavailable for this organization (e.g. module
  // not enabled)". Our reading: optical scanning is the module behind the `is_scand_enabled` flag.
  if (!featureFlagsOf(store.accounts.getOrganization(context.orgId)).is_scand_enabled) throw new SvcError('SCAN_ROUTING_UNAVAILABLE');
  const analysis = await analyzeOrRefuse(image);
  const createdAt = (context.now?.() ?? new Date()).toISOString();
  const reject = (code: 'SCAN_IDENTICAL_SCAN' | 'SCAN_LOW_KEYPOINTS' | 'SCAN_NO_KEYPOINTS', firstScanId?: string): SvcError => {
    const scanId = store.optical.insertScan(
      {
        fingerprintId: null,
        imageSha256: analysis.sha256,
        image,
        outcome: 'quality_reject',
        orgId: context.orgId,
        teamId: context.teamId,
        enrollmentSessionId: context.enrollmentSessionId ?? null,
        detail: { code, keypoints: analysis.keypoints, ...(firstScanId ? { identicalTo: firstScanId } : {}) },
      },
      createdAt,
    );
    return new SvcError(code, { outcome: 'quality_reject', scan: scanReceipt(scanId, null) });
  };
  // A rejection is returned, not thrown, from the transaction: the rejected scan must commit.
  const result = store.transaction((): OpticalCapture | SvcError => {
    // spec: Errors, Identifier and scan codes — SCAN_IDENTICAL_SCAN "image bytes identical to a previous capture".
    const earlier = store.optical.findScanBySha(analysis.sha256);
    if (earlier) return reject('SCAN_IDENTICAL_SCAN', earlier.scanId);
    if (analysis.quality !== 'ok' || !analysis.fingerprint) return reject(QUALITY_CODES[analysis.quality === 'ok' ? 'no_keypoints' : analysis.quality]);
    const fingerprintId = randomUUID();
    const scanId = store.optical.insertScan(
      {
        fingerprintId,
        imageSha256: analysis.sha256,
        image,
        outcome: 'extracted',
        orgId: context.orgId,
        teamId: context.teamId,
        enrollmentSessionId: context.enrollmentSessionId ?? null,
      },
      createdAt,
    );
    store.optical.insertFingerprint(
      { fingerprintId, bits: analysis.fingerprint, keypoints: analysis.keypoints, orgId: context.orgId, teamId: context.teamId, scanId },
      createdAt,
    );
    return {
      scanId,
      fingerprintId,
      fingerprint: analysis.fingerprint,
      keypoints: analysis.keypoints,
      qualityScore: qualityScore(analysis.keypoints),
      receipt: scanReceipt(scanId, fingerprintId),
    };
  });
  if (result instanceof SvcError) throw result;
  return result;
}
