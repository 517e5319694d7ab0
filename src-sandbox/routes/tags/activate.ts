// POST /api/v1/tags/activate. spec: States — "Loose optical identifiers: verify-only → identifiable, up to 200
// tagIds, one outcome per identifier; forward-only"; Label rule "a marking that duplicates an indexed one is
// reported and skipped" applied to loose ones too (our reading).
import type { TagActivateBody, TagActivateResponse } from '../../../src-shared/api/identifiers';
import type { SandboxDeps } from '../../deps';
import { requireMember } from '../../http/authority';
import type { SvcContext } from '../../http/context';

type Outcome = TagActivateResponse['results'][number]['outcome'];

export function activateIdentifiers(deps: SandboxDeps, svc: SvcContext, body: TagActivateBody): TagActivateResponse {
  const { store } = deps;
  requireMember(svc);
  return store.transaction((): TagActivateResponse => {
    const at = deps.now().toISOString();
    const results = body.tagIds.map((tagId): { tagId: string; outcome: Outcome } => {
      const tag = store.tags.getTag(tagId);
      if (!tag || tag.org_id !== svc.orgId || tag.owner_team_id !== svc.teamId) return { tagId, outcome: 'not_found' };
      if (tag.tag_type !== 'SVC') return { tagId, outcome: 'not_optical' };
      if (tag.identifiable === 1) return { tagId, outcome: 'already_active' };
      const stored = tag.fingerprint_id && tag.archived_at === null ? store.optical.getFingerprint(tag.fingerprint_id) : undefined;
      if (!stored) return { tagId, outcome: 'failed' };
      const duplicate = store.tags.findOpticalTagsMatching(stored.bits).some((m) => m.tagId !== tag.tag_id && m.identifiable && m.orgId === svc.orgId);
      if (duplicate) return { tagId, outcome: 'duplicate' };
      store.tags.setTagIdentifiable(tag.tag_id, at);
      return { tagId, outcome: 'activated' };
    });
    return { results };
  });
}
