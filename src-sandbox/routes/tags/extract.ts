// POST /api/v1/tags/extract. spec: Scanning and identifiers — "returns {id (fingerprint id), qualityScore,
// annotatedImage?, forensics?, scan?}; bind nothing"; Errors — SCAN_EXTRACTION_FAILURE is "also the answer of
// extract for a quality-rejected capture".
import sharp from 'sharp';
import { ExtractFieldsSchema, type ExtractResponse } from '../../../src-shared/api/identifiers';
import type { SandboxDeps } from '../../deps';
import { requireMember } from '../../http/authority';
import type { SvcContext } from '../../http/context';
import { SvcError } from '../../http/svc-error';
import { decodeFrame, ingestOpticalCapture } from '../../optical';
import { parseFields, requireImage, type ScanForm } from './scan-form';

/** A small gray rendering of what the stand-in analysed (options.returnAnnotatedImage), as a PNG data URL. */
async function annotatedImage(image: Buffer): Promise<string> {
  const frame = await decodeFrame(image);
  const png = await sharp(Buffer.from(frame.pixels), { raw: { width: frame.width, height: frame.height, channels: 1 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export async function extractFingerprint(deps: SandboxDeps, svc: SvcContext, form: ScanForm): Promise<ExtractResponse> {
  const fields = parseFields(ExtractFieldsSchema, form.fields);
  requireMember(svc);
  const image = requireImage(form, fields.data);
  try {
    const capture = await ingestOpticalCapture(deps.store, image, {
      orgId: svc.orgId,
      teamId: svc.teamId,
      enrollmentSessionId: fields.options?.enrollmentSessionId ?? null,
      now: deps.now,
    });
    const body: ExtractResponse = { id: capture.fingerprintId, qualityScore: capture.qualityScore, scan: capture.receipt };
    if (fields.options?.returnAnnotatedImage) body.annotatedImage = await annotatedImage(image);
    return body;
  } catch (error) {
    // Our reading: the keypoint rejections become SCAN_EXTRACTION_FAILURE (the original code kept in
    // detail.reason); SCAN_IDENTICAL_SCAN stays as it is, since it names a different fix (a fresh capture).
    if (error instanceof SvcError && (error.code === 'SCAN_LOW_KEYPOINTS' || error.code === 'SCAN_NO_KEYPOINTS')) {
      throw new SvcError('SCAN_EXTRACTION_FAILURE', { ...error.detail, reason: error.code });
    }
    throw error;
  }
}
