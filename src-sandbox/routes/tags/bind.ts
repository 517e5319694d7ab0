// POST /api/v1/tags/bind. spec: Scanning and identifiers (table and Bind rules); States, Identifier bind.
import { BindFieldsSchema, type BindResponse } from '../../../src-shared/api/identifiers';
import type { ScanReceipt } from '../../../src-shared/api/scan';
import type { SandboxDeps } from '../../deps';
import type { SvcContext } from '../../http/context';
import { SvcError } from '../../http/svc-error';
import { ingestOpticalCapture, scanReceipt } from '../../optical';
import type { SandboxStore } from '../../store';

import { bindLabel, bindLooseTag } from './label-bind';
import { editableThread } from './thread-access';

import { labelView, tagView } from './views';
import { parseFields, requireImage, requireValue, type ScanForm } from './scan-form';
import type { LabelRow, TagRow, ThreadRow } from '../../store/rows';

interface Capture {
  scanId: string;
  fingerprintId: string;
}

function refuse(store: SandboxStore, capture: Capture | null, error: SvcError): SvcError {
  // spec: Scan receipts on failure — "bind refused as duplicate" carries the receipt in detail.scan.
  if (!capture) return error;
  store.optical.setScanOutcome(capture.scanId, 'bind_refused', null);
  return new SvcError(error.code, { ...error.detail, scan: scanReceipt(capture.scanId, capture.fingerprintId, null) });
}

/**
 * The Label a bind goes through, if any: among active Labels carrying the identifier, the one owned by the
 * Thread's Team; when only other Teams' Labels carry it → 409 COMPOSITE_TAG_CONFLICT
 * `label_owned_by_other_team` (spec: Bind rules).
 */
function labelFor(store: SandboxStore, candidates: readonly TagRow[], thread: ThreadRow): { label: LabelRow; member: TagRow } | null {
  const inLabels: { label: LabelRow; member: TagRow }[] = [];
  for (const member of candidates) {
    if (!member.composite_tag_id) continue;
    const label = store.labels.getLabelRow(member.composite_tag_id);
    if (label && label.archived_at === null) inLabels.push({ label, member });
  }
  if (inLabels.length === 0) return null;
  const own = inLabels.filter((c) => c.label.owner_team_id === thread.owner_team_id);
  if (own.length === 0) {
    throw new SvcError('COMPOSITE_TAG_CONFLICT', {
      reason: 'label_owned_by_other_team',
      compositeTagId: (inLabels[0] as { label: LabelRow }).label.composite_tag_id,
    });
  }
  // Prefer a Label already on this Thread (a retried bind), then an unbound one.
  return (
    own.find((c) => c.label.bound_thread_id === thread.thread_id) ??
    own.find((c) => c.label.bound_thread_id === null) ??
    (own[0] as { label: LabelRow; member: TagRow })
  );
}

function response(store: SandboxStore, tag: TagRow, receipt: ScanReceipt | null, label?: { label: LabelRow; members: TagRow[] }): BindResponse {
  const body: BindResponse = { tag: tagView(store, store.tags.getTag(tag.tag_id) as TagRow) };
  if (receipt) body.scan = receipt;
  if (label) {
    const view = labelView(store, label.label.composite_tag_id);
    if (view) body.label = view;
    body.boundTags = label.members.map((m) => tagView(store, m));
  }
  return body;
}

export async function bindIdentifier(deps: SandboxDeps, svc: SvcContext, form: ScanForm): Promise<BindResponse> {
  const { store } = deps;
  const fields = parseFields(BindFieldsSchema, form.fields);
  const thread = editableThread(store, svc, fields.threadId);
  const at = () => deps.now().toISOString();
  const optical = fields.tagType === 'SVC';

  let capture: (Capture & { fingerprint: Uint8Array }) | null = null;
  let candidates: TagRow[];
  let value: string | null = null;
  if (optical) {
    const image = requireImage(form, fields.data);
    capture = await ingestOpticalCapture(store, image, {
      orgId: svc.orgId,
      teamId: svc.teamId,
      enrollmentSessionId: fields.options?.enrollmentSessionId ?? null,
      now: deps.now,
    });
    const matches = store.tags.findOpticalTagsMatching(capture.fingerprint).filter((m) => m.orgId === svc.orgId);
    candidates = store.tags.getTagsByIds(matches.map((m) => m.tagId));
    const order = new Map(matches.map((m, i) => [m.tagId, i]));
    candidates.sort((a, b) => (order.get(a.tag_id) ?? 0) - (order.get(b.tag_id) ?? 0));
  } else {
    value = requireValue(form, fields.data);
    candidates = store.tags.findTagsByValue(svc.orgId, fields.tagType, value);
  }
  const receipt = (tag: TagRow | null) => (capture ? scanReceipt(capture.scanId, capture.fingerprintId, tag ? tag.tag_id : null) : null);

  // A refusal is returned, not thrown, from the transaction so the scan's outcome still commits.
  const result = store.transaction((): BindResponse | SvcError => {
    let viaLabel: { label: LabelRow; member: TagRow } | null;
    try {
      viaLabel = labelFor(store, candidates, thread);
    } catch (error) {
      if (error instanceof SvcError) return refuse(store, capture, error);
      throw error;
    }
    if (viaLabel) {
      const { label, member } = viaLabel;
      if (label.bound_thread_id !== null && label.bound_thread_id !== thread.thread_id) {
        // spec: IDENTIFIER_ALREADY_BOUND — "identifier or its Label already on another Thread; detail.compositeTagId".
        return refuse(store, capture, new SvcError('IDENTIFIER_ALREADY_BOUND', { compositeTagId: label.composite_tag_id }));
      }
      const members =
        label.bound_thread_id === thread.thread_id
          ? store.tags.labelMembers(label.composite_tag_id).filter((m) => m.archived_at === null)
          : bindLabel(store, svc, label, thread.thread_id, at(), fields.activateLabel === true);
      if (capture) store.optical.setScanOutcome(capture.scanId, 'bound', member.tag_id);
      return response(store, member, receipt(member), { label, members });
    }

    if (optical && capture) {
      // spec: only optical markings have identity; the nearest loose identifier with this marking is "the" identifier.
      const existing = candidates.find((c) => c.archived_at === null);
      if (existing) {
        if (existing.thread_id !== null && existing.thread_id !== thread.thread_id) {
          return refuse(store, capture, new SvcError('IDENTIFIER_ALREADY_BOUND', { compositeTagId: null, threadId: existing.thread_id }));
        }
        if (existing.thread_id === null) bindLooseTag(store, svc, existing, thread.thread_id, at());
        store.optical.setScanOutcome(capture.scanId, 'bound', existing.tag_id);
        return response(store, existing, receipt(existing));
      }
    } else {
      // A retried bind of the same value to the same Thread lands once (no uniqueness otherwise).
      const same = candidates.find((c) => c.thread_id === thread.thread_id && c.composite_tag_id === null);
      if (same) return response(store, same, null);
    }

    const now = at();
    const tag = store.tags.insertTag(
      {
        tagType: fields.tagType,
        value,
        fingerprintId: capture?.fingerprintId ?? null,
        threadId: null,
        orgId: svc.orgId,
        ownerTeamId: thread.owner_team_id,
        description: fields.tagDescription ?? null,
        // spec: Options `indexing`; our reading: as for Labels, omitted means default (identifiable), `none` verify-only.
        identifiable: optical && fields.options?.indexing !== 'none',
        createdById: svc.principal.serviceAccountId,
      },
      now,
    );
    bindLooseTag(store, svc, tag, thread.thread_id, now);
    if (capture) store.optical.setScanOutcome(capture.scanId, 'bound', tag.tag_id);
    return response(store, tag, receipt(tag));
  });
  if (result instanceof SvcError) throw result;
  return result;
}
