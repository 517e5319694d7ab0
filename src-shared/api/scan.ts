import { z } from 'zod';
import { UuidSchema } from './common';

// spec: Resources and their fields, Scan receipt
export const ScanReceiptSchema = z.object({
  /** Always present once an image was stored; stable identity of the capture. */
  scanId: z.string().min(1),
  /** Null when extraction produced nothing usable (e.g. quality rejection). */
  fingerprintId: z.string().nullable(),
  /** The optical identifier returned to the caller; null on mismatch, no-match, extract, tamper analysis,
   *  and identify with several candidates. */
  svcId: z.string().nullable(),
});
export type ScanReceipt = z.infer<typeof ScanReceiptSchema>;

// spec: Scanning and identifiers — Options: enrollmentSessionId, returnAnnotatedImage, capture metadata
// (device, optics, geolocation), indexing.
export const IndexingModeSchema = z.enum(['default', 'none']);

// gap: spec does not show this; our choice — capture metadata sub-objects are free-form JSON objects,
// and unknown option keys are kept (looseObject) so capture apps can send more metadata.
export const ScanOptionsSchema = z.looseObject({
  enrollmentSessionId: UuidSchema.optional(),
  returnAnnotatedImage: z.boolean().optional(),
  indexing: IndexingModeSchema.optional(),
  device: z.record(z.string(), z.unknown()).optional(),
  optics: z.record(z.string(), z.unknown()).optional(),
  geolocation: z.record(z.string(), z.unknown()).optional(),
});
export type ScanOptions = z.infer<typeof ScanOptionsSchema>;

// spec: Errors, Scan receipts on failure — "On success the receipt is at top-level `scan`; on a stored
// negative outcome ... it is at `detail.scan`. A client records scanId from whichever exists."
export function findScanReceipt(body: unknown): ScanReceipt | null {
  if (typeof body !== 'object' || body === null) return null;
  const top = ScanReceiptSchema.safeParse((body as { scan?: unknown }).scan);
  if (top.success) return top.data;
  const detail = (body as { detail?: unknown }).detail;
  if (typeof detail !== 'object' || detail === null) return null;
  const nested = ScanReceiptSchema.safeParse((detail as { scan?: unknown }).scan);
  return nested.success ? nested.data : null;
}
