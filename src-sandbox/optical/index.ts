// The optical stand-in (README.md beside this file): decode, keypoints, fingerprint, similarity, index,
// stored scans.
export { decodeFrame } from './frame';
export { hammingDistance, fingerprintsMatch, MATCH_MAX_DISTANCE } from './similarity';
export { bandKeys } from './index-keys';
export { analyzeCapture, imageSha256 } from './analyze';
export { imageFromDataUrl } from './image-data';
export { ensureOpticalSchema } from './schema';
export { insertFingerprint, getFingerprint } from './fingerprint-store';
export { findScanBySha, setScanOutcome, scanReceipt, type ScanOutcome } from './scans';
export { ingestOpticalCapture } from './ingest';
export { findOpticalTagsMatching, findOpticalTagsWithSameMarking } from './marking-lookup';
export { markTeamUnreachable, clearUnreachableTeams, unreachableTeams } from './partitions';
