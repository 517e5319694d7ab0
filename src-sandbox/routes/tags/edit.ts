// POST /api/v1/tags/unbind, /text, /update. spec: Scanning and identifiers (table); Identifier (tag) —
// name, description, isPrivate editable; archivedAt "timestamp archives, null restores"; value and type
// immutable; States, Identifier bound → unbound.
import { randomUUID } from 'node:crypto';
import type { TagTextBody, TagUnbindBody, TagUpdateBody } from '../../../src-shared/api/identifiers';
import type { Identifier } from '../../../src-shared/api/tag';
import type { SandboxDeps } from '../../deps';
import { actorOf } from '../../http/authority';
import type { SvcContext } from '../../http/context';
import { SvcError } from '../../http/svc-error';
import { unbindTag } from './label-bind';
import { type TagChanges } from '../../store/tags';
import { editableThread } from './thread-access';
import { tagView } from './views';
import type { TagRow } from '../../store/rows';

/** The identifier named by {tagId, threadId}: it must be on that Thread, which the caller may edit. */
function boundTag(deps: SandboxDeps, svc: SvcContext, tagId: string, threadId: string): TagRow {
  editableThread(deps.store, svc, threadId);
  const tag = deps.store.tags.getTag(tagId);
  if (!tag || tag.thread_id !== threadId) throw new SvcError('NOT_FOUND', { reason: 'identifier_not_on_thread', tagId, threadId });
  return tag;
}

export function unbindIdentifier(deps: SandboxDeps, svc: SvcContext, body: TagUnbindBody): { tag: Identifier } {
  const { store } = deps;
  return store.transaction(() => {
    const tag = boundTag(deps, svc, body.tagId, body.threadId);
    unbindTag(store, svc, tag, body.threadId, deps.now().toISOString());
    return { tag: tagView(store, store.tags.getTag(tag.tag_id) as TagRow) };
  });
}

function changeTag(deps: SandboxDeps, svc: SvcContext, tagId: string, threadId: string, changes: TagChanges): { tag: Identifier } {
  const { store } = deps;
  return store.transaction(() => {
    const tag = boundTag(deps, svc, tagId, threadId);
    const at = deps.now().toISOString();
    store.tags.updateTag(tag.tag_id, changes, at);
    // spec: Events 1 — "Every write to a Thread is recorded as an event".
    const { actorId, declaredActor } = actorOf(svc);
    store.threads.recordThreadEvent({
      threadId,
      action: 'tag_updated',
      at,
      actorId,
      declaredActor,
      teamId: svc.teamId,
      operationId: randomUUID(),
      targets: [{ kind: 'identifier', id: tag.tag_id }],
      detail: { changed: Object.keys(changes).filter((k) => changes[k as keyof TagChanges] !== undefined) },
    });
    return { tag: tagView(store, store.tags.getTag(tag.tag_id) as TagRow) };
  });
}

export function setIdentifierText(deps: SandboxDeps, svc: SvcContext, body: TagTextBody): { tag: Identifier } {
  return changeTag(deps, svc, body.tagId, body.threadId, { name: body.name, description: body.description });
}

export function updateIdentifier(deps: SandboxDeps, svc: SvcContext, body: TagUpdateBody): { tag: Identifier } {
  return changeTag(deps, svc, body.tagId, body.threadId, {
    name: body.name,
    description: body.description,
    isPrivate: body.isPrivate,
    archivedAt: body.archivedAt,
  });
}
