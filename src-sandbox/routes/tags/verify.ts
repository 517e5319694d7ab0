// POST /api/v1/tags/verify. spec: Scanning and identifiers, "Verify response by candidate count" — "An
// identifier not bound to the named Thread makes a verify fail instead of matching something else."
import { identifierValuesMatch } from '../../../src-shared/domain/identifier-values';
import { VerifyFieldsSchema, type VerifyResponse } from '../../../src-shared/api/identifiers';
import type { SandboxDeps } from '../../deps';
import { requireMember } from '../../http/authority';
import type { SvcContext } from '../../http/context';
import { SvcError } from '../../http/svc-error';
import { fingerprintsMatch, ingestOpticalCapture, scanReceipt } from '../../optical';
import type { SandboxStore } from '../../store';

import { parseFields, requireImage, requireValue, type ScanForm } from './scan-form';

import { visibleThread } from './thread-access';
import { tagView } from './views';
import type { TagRow } from '../../store/rows';

/** Whether one named candidate verifies: bound to this Thread, active, same type, and the scan matches it. */
function candidateMatches(
  store: SandboxStore,
  tag: TagRow | undefined,
  threadId: string,
  tagType: string,
  probe: { fingerprint: Uint8Array } | { value: string },
): boolean {
  if (!tag || tag.thread_id !== threadId || tag.archived_at !== null || tag.tag_type !== tagType) return false;
  if ('fingerprint' in probe) {
    const stored = tag.fingerprint_id ? store.optical.getFingerprint(tag.fingerprint_id) : undefined;
    return stored !== undefined && fingerprintsMatch(stored.bits, probe.fingerprint);
  }
  return tag.value !== null && identifierValuesMatch(tag.tag_type, tag.value, probe.value);
}

export async function verifyIdentifier(deps: SandboxDeps, svc: SvcContext, form: ScanForm): Promise<VerifyResponse> {
  const { store } = deps;
  const fields = parseFields(VerifyFieldsSchema, form.fields);
  requireMember(svc);
  visibleThread(store, svc, fields.threadId);
  let probe: { fingerprint: Uint8Array } | { value: string };
  let capture: { scanId: string; fingerprintId: string } | null = null;
  if (fields.tagType === 'SVC') {
    const ingested = await ingestOpticalCapture(store, requireImage(form, fields.data), { orgId: svc.orgId, teamId: svc.teamId, now: deps.now });
    capture = ingested;
    probe = { fingerprint: ingested.fingerprint };
  } else {
    probe = { value: requireValue(form, fields.data) };
  }

  let verified: TagRow | null = null;
  let attempted = 0;
  for (const ref of fields.tags) {
    attempted += 1;
    const tag = store.tags.getTag(ref.tagId);
    if (ref.tagType === tag?.tag_type && candidateMatches(store, tag, fields.threadId, fields.tagType, probe)) {
      verified = tag;
      break;
    }
  }
  const failed = verified ? attempted - 1 : attempted;
  const svcId = verified && capture ? verified.tag_id : null;
  if (capture) store.optical.setScanOutcome(capture.scanId, verified ? 'verified' : 'verify_failed', svcId);
  const scan = capture ? { scan: scanReceipt(capture.scanId, capture.fingerprintId, svcId) } : {};

  if (fields.tags.length === 1) {
    if (!verified) throw new SvcError('IDENTIFIER_VERIFY_FAILED', { ...scan });
    return { tag: tagView(store, verified), ...scan };
  }
  // spec: "With several candidates the HTTP status alone is no proof of authenticity; success must be read."
  if (verified) return { success: true, verifiedTag: tagView(store, verified), attemptedCount: attempted, failedCount: failed, ...scan };
  return {
    success: false,
    attemptedCount: attempted,
    failedCount: failed,
    error: { code: 'IDENTIFIER_VERIFY_FAILED', message: 'No named identifier of this Thread matched the scan.' },
    ...scan,
  };
}
