// Binding identifiers to a Thread, loose or through their Label. spec: Scanning and identifiers, Bind rules;
// States, "a member of a Label binds the whole Label"; Events 2 — "Binding a Label leaves one bind event per
// member identifier ... all share one operation id".
import { randomUUID } from 'node:crypto';
import type { SvcContext } from '../../http/context';
import { actorOf } from '../../http/authority';
import type { SandboxStore } from '../../store';
import type { LabelRow, TagRow } from '../../store/rows';

function bindEvent(
  store: SandboxStore,
  svc: SvcContext,
  threadId: string,
  tag: TagRow,
  at: string,
  operationId: string,
  action: 'tag_bound' | 'tag_unbound',
): void {
  const { actorId, declaredActor } = actorOf(svc);
  store.threads.recordThreadEvent({
    threadId,
    action,
    at,
    actorId,
    declaredActor,
    teamId: svc.teamId,
    operationId,
    targets: [{ kind: 'identifier', id: tag.tag_id }, ...(tag.composite_tag_id ? [{ kind: 'label' as const, id: tag.composite_tag_id }] : [])],
  });
}

/** Binds a loose identifier. */
export function bindLooseTag(store: SandboxStore, svc: SvcContext, tag: TagRow, threadId: string, at: string): void {
  store.tags.setTagThread(tag.tag_id, threadId, at);
  bindEvent(store, svc, threadId, tag, at, randomUUID(), 'tag_bound');
}

/** Binds a Label and every active member; with `activate`, its optical members become identifiable. Returns the bound members. */
export function bindLabel(store: SandboxStore, svc: SvcContext, label: LabelRow, threadId: string, at: string, activate: boolean): TagRow[] {
  const operationId = randomUUID();
  store.labels.setLabelThread(label.composite_tag_id, threadId, at);
  const active = store.tags.labelMembers(label.composite_tag_id).filter((m) => m.archived_at === null);
  for (const member of active) {
    store.tags.setTagThread(member.tag_id, threadId, at);
    if (activate && member.tag_type === 'SVC') store.tags.setTagIdentifiable(member.tag_id, at);
    bindEvent(store, svc, threadId, member, at, operationId, 'tag_bound');
  }
  return store.tags.labelMembers(label.composite_tag_id).filter((m) => m.archived_at === null);
}

/** Unbinds an identifier; a Label member unbinds its whole Label (all members detach, as Label unbind does). */
export function unbindTag(store: SandboxStore, svc: SvcContext, tag: TagRow, threadId: string, at: string): void {
  const operationId = randomUUID();
  if (tag.composite_tag_id) {
    store.labels.setLabelThread(tag.composite_tag_id, null, at);
    for (const member of store.tags.labelMembers(tag.composite_tag_id)) {
      if (member.thread_id !== threadId) continue;
      store.tags.setTagThread(member.tag_id, null, at);
      bindEvent(store, svc, threadId, member, at, operationId, 'tag_unbound');
    }
    return;
  }
  store.tags.setTagThread(tag.tag_id, null, at);
  bindEvent(store, svc, threadId, tag, at, operationId, 'tag_unbound');
}
