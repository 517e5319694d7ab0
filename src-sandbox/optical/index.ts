// The optical stand-in (README.md beside this file): decode, keypoints, fingerprint, similarity, index,
// stored scans.
export { decodeFrame, UndecodableImageError, FRAME_WIDTH, type GrayFrame } from './frame';
export { countKeypoints, CORNER_THRESHOLD } from './keypoints';
export { computeFingerprint, FINGERPRINT_BITS, FINGERPRINT_BYTES } from './fingerprint';
export { hammingDistance, similarity, fingerprintsMatch, MATCH_MAX_DISTANCE } from './similarity';
export { bandKeys, probeKeys, BAND_COUNT, BAND_BITS } from './index-keys';
export { classifyKeypoints, qualityScore, MIN_KEYPOINTS, type CaptureQuality } from './quality';
export { analyzeCapture, imageSha256, type CaptureAnalysis } from './analyze';
export { imageFromDataUrl } from './image-data';
export { OPTICAL_MIGRATIONS, ensureOpticalSchema } from '../store/optical-schema';
export { insertFingerprint, getFingerprint, findMatchingFingerprints, type StoredFingerprint, type FingerprintMatch } from '../store/fingerprints';
export { insertScan, findScanBySha, getScan, getScanImage, setScanOutcome, scanReceipt, type ScanRecord, type ScanOutcome, type NewScan } from '../store/scans';
export { ingestOpticalCapture, type IngestContext, type OpticalCapture } from './ingest';
export { findOpticalTagsMatching, findOpticalTagsWithSameMarking, type OpticalTagMatch } from '../store/marking-lookup';
export { markTeamUnreachable, clearUnreachableTeams, unreachableTeams } from '../store/unreachable-teams';
