// POST /api/v1/tags/identify. spec: Scanning and identifiers (Identify scope); Errors, Identify outcomes (eight).
import { IdentifyFieldsSchema, type IdentifySuccessResponse } from '../../../src-shared/api/identifiers';
import type { ScanReceipt } from '../../../src-shared/api/scan';
import type { SandboxDeps } from '../../deps';
import { requireMember } from '../../http/authority';
import type { SvcContext } from '../../http/context';
import { SvcError } from '../../http/svc-error';
import { ingestOpticalCapture, scanReceipt, type ScanOutcome } from '../../optical';
import type { SandboxStore } from '../../store';

import { decideIdentify, type IdentifyCandidate, type IdentifyDecision } from './identify-outcome';
import { identifyScope } from './identify-scope';
import { parseFields, requireImage, requireValue, type ScanForm } from './scan-form';

import { labelView, tagView } from './views';
import { toThreadSummary as threadView } from '../../store/thread-views';
import type { TagRow, ThreadRow } from '../../store/rows';

/** Server-side searches before an ambiguous answer (spec: Ambiguous match, "attempts (searched twice server-side)"). */
const AMBIGUOUS_ATTEMPTS = 2;

function candidateOf(store: SandboxStore, tag: TagRow): IdentifyCandidate {
  const label = tag.composite_tag_id ? store.labels.getLabelRow(tag.composite_tag_id) : undefined;
  const activeLabel = label && label.archived_at === null ? label : undefined;
  return {
    tagId: tag.tag_id,
    threadId: tag.thread_id ?? activeLabel?.bound_thread_id ?? null,
    compositeTagId: activeLabel ? activeLabel.composite_tag_id : null,
  };
}

interface Search {
  decision: IdentifyDecision;
  teamsSearched: string[];
  teamsUnreachable: string[];
  optical: boolean;
  capture: { scanId: string; fingerprintId: string } | null;
  attempts: number;
}

function thread(store: SandboxStore, threadId: string): ThreadRow {
  const row = store.threads.getThreadRow(threadId);
  if (!row) throw new SvcError('SERVICE_ERROR', { reason: 'bound_thread_missing', threadId });
  return row;
}

/** Answers a decision: the 200 bodies, or throws the outcome's error (spec: Identify outcomes). */
function answer(store: SandboxStore, search: Search): IdentifySuccessResponse {
  const { decision, capture, optical } = search;
  const receipt = (svcId: string | null): ScanReceipt | undefined => (capture ? scanReceipt(capture.scanId, capture.fingerprintId, svcId) : undefined);
  const record = (outcome: ScanOutcome, svcId: string | null = null) => {
    if (capture) store.optical.setScanOutcome(capture.scanId, outcome, svcId);
  };
  const svcIdOf = (tagId: string) => (optical ? tagId : null);
  switch (decision.outcome) {
    case 'identified': {
      const tag = store.tags.getTag(decision.candidate.tagId) as TagRow;
      record('identified', svcIdOf(tag.tag_id));
      const scan = receipt(svcIdOf(tag.tag_id));
      return {
        type: 'identified',
        identified: { tag: tagView(store, tag), thread: threadView(thread(store, decision.candidate.threadId as string)) },
        ...(scan ? { scan } : {}),
      };
    }
    case 'matches': {
      record('matches');
      const scan = receipt(null);
      const matches = decision.candidates.map((c) => ({
        tag: tagView(store, store.tags.getTag(c.tagId) as TagRow),
        thread: threadView(thread(store, c.threadId as string)),
        svcId: svcIdOf(c.tagId),
      }));
      return { type: 'matches', matches, ...(scan ? { scan } : {}) };
    }
    case 'label': {
      const label = labelView(store, decision.candidate.compositeTagId);
      if (!label) throw new SvcError('SERVICE_ERROR', { reason: 'label_missing' });
      record('label', svcIdOf(decision.candidate.tagId));
      const scan = receipt(svcIdOf(decision.candidate.tagId));
      const tags = store.tags
        .labelMembers(decision.candidate.compositeTagId)
        .filter((m) => m.archived_at === null)
        .map((m) => tagView(store, m));
      return { type: 'label', label: { label, tags }, ...(scan ? { scan } : {}) };
    }
    case 'ambiguous': {
      record('ambiguous');
      throw new SvcError('SCAN_AMBIGUOUS_MATCH', {
        outcome: 'ambiguous',
        candidates: decision.candidates.map((c) => ({ tagId: c.tagId, threadId: c.threadId, svcId: svcIdOf(c.tagId) })),
        boundCandidates: decision.candidates.length,
        attempts: search.attempts,
        ...(capture ? { scan: receipt(null) } : {}),
      });
    }
    case 'search_incomplete': {
      record('search_incomplete');
      throw new SvcError('SCAN_SEARCH_INCOMPLETE', {
        outcome: 'search_incomplete',
        teamsSearched: search.teamsSearched,
        teamsUnreachable: search.teamsUnreachable,
        // The sandbox has no partner organizations (no Connections), so no organization is ever unreachable.
        orgsUnreachable: [],
        ...(capture ? { scan: receipt(null) } : {}),
      });
    }
    case 'no_match': {
      record('no_match');
      throw new SvcError('IDENTIFIER_NOT_FOUND', { outcome: 'no_match', teamsSearched: search.teamsSearched, ...(capture ? { scan: receipt(null) } : {}) });
    }
  }
}

export async function identifyIdentifier(deps: SandboxDeps, svc: SvcContext, form: ScanForm): Promise<IdentifySuccessResponse> {
  const { store } = deps;
  const fields = parseFields(IdentifyFieldsSchema, form.fields);
  requireMember(svc);
  const scope = identifyScope({ requested: fields.searchTeamIds, contextTeamId: svc.teamId, callerTeamIds: new Set(svc.principal.memberships.keys()) });
  const down = store.optical.unreachableTeams();
  const teamsUnreachable = scope.filter((t) => down.has(t));
  const teamsSearched = scope.filter((t) => !down.has(t));
  const searchable = new Set(teamsSearched);
  const inScope = (tag: TagRow) => tag.org_id === svc.orgId && searchable.has(tag.owner_team_id);

  if (fields.tagType === 'ANY') {
    // spec: Identify outcomes — IDENTIFIER_NOT_BOUND "identifier exists but is on no Thread (identify by tagId only)".
    const tag = store.tags.getTag(fields.tagId as string);
    const found = tag && tag.archived_at === null && inScope(tag) ? candidateOf(store, tag) : null;
    if (found && found.threadId === null && found.compositeTagId === null) throw new SvcError('IDENTIFIER_NOT_BOUND', { tagId: found.tagId });
    const decision = decideIdentify({ optical: false, candidates: found ? [found] : [], unreachableTeamIds: teamsUnreachable });
    return answer(store, { decision, teamsSearched, teamsUnreachable, optical: tag?.tag_type === 'SVC', capture: null, attempts: 1 });
  }

  if (fields.tagType === 'SVC') {
    const image = requireImage(form, fields.data);
    // Quality rejections (400 SCAN_*_KEYPOINTS / SCAN_IDENTICAL_SCAN, detail.outcome quality_reject) are thrown
    // here, before any partition is searched: they outrank every other outcome.
    const capture = await ingestOpticalCapture(store, image, {
      orgId: svc.orgId,
      teamId: svc.teamId,
      enrollmentSessionId: fields.options?.enrollmentSessionId ?? null,
      now: deps.now,
    });
    const searchOnce = (): IdentifyDecision => {
      const matches = store.tags.findOpticalTagsMatching(capture.fingerprint).filter((m) => m.identifiable);
      const order = new Map(matches.map((m, i) => [m.tagId, i]));
      const tags = store.tags
        .getTagsByIds(matches.map((m) => m.tagId))
        .filter(inScope)
        .sort((a, b) => (order.get(a.tag_id) ?? 0) - (order.get(b.tag_id) ?? 0));
      return decideIdentify({ optical: true, candidates: tags.map((t) => candidateOf(store, t)), unreachableTeamIds: teamsUnreachable });
    };
    let decision = searchOnce();
    let attempts = 1;
    while (decision.outcome === 'ambiguous' && attempts < AMBIGUOUS_ATTEMPTS) {
      decision = searchOnce();
      attempts += 1;
    }
    return answer(store, { decision, teamsSearched, teamsUnreachable, optical: true, capture, attempts });
  }

  const value = requireValue(form, fields.data);
  const tags = store.tags.findTagsByValue(svc.orgId, fields.tagType, value).filter(inScope);
  const decision = decideIdentify({ optical: false, candidates: tags.map((t) => candidateOf(store, t)), unreachableTeamIds: teamsUnreachable });
  return answer(store, { decision, teamsSearched, teamsUnreachable, optical: false, capture: null, attempts: 1 });
}
