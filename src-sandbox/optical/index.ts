// The optical stand-in (README.md beside this file): decode, keypoints, fingerprint, similarity, index,
// stored scans.
export { decodeFrame } from './frame';
export { hammingDistance, fingerprintsMatch, MATCH_MAX_DISTANCE } from './similarity';
export { bandKeys } from './index-keys';
export { analyzeCapture, imageSha256 } from './analyze';
export { imageFromDataUrl } from './image-data';
export { ensureOpticalSchema } from '../store/optical-schema';
export { insertFingerprint } from '../store/fingerprints';
export { scanReceipt, type ScanOutcome } from '../store/scans';
export { ingestOpticalCapture } from './ingest';
export { findOpticalTagsMatching } from '../store/marking-lookup';
export { markTeamUnreachable, clearUnreachableTeams } from '../store/unreachable-teams';
