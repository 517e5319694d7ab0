// Binding identifiers to a Thread, loose or through their Label. spec: Scanning and identifiers, Bind rules;
// States, "a member of a Label binds the whole Label"; Events 2 — "Binding a Label leaves one bind event per
// member identifier ... all share one operation id".
import { randomUUID } from 'node:crypto';
import type { SvcContext } from '../../http/context';
import { actorOf } from '../../http/authority';
import type { SandboxDb } from '../../store/db';
import { recordThreadEvent } from '../../store/thread-events';
import { setLabelThread } from '../../store/labels';
import { labelMembers, setTagIdentifiable, setTagThread, type LabelRow, type TagRow } from '../../store/tags';

function bindEvent(db: SandboxDb, svc: SvcContext, threadId: string, tag: TagRow, at: string, operationId: string, action: 'tag_bound' | 'tag_unbound'): void {
  const { actorId, declaredActor } = actorOf(svc);
  recordThreadEvent(db, {
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
export function bindLooseTag(db: SandboxDb, svc: SvcContext, tag: TagRow, threadId: string, at: string): void {
  setTagThread(db, tag.tag_id, threadId, at);
  bindEvent(db, svc, threadId, tag, at, randomUUID(), 'tag_bound');
}

/** Binds a Label and every active member; with `activate`, its optical members become identifiable. Returns the bound members. */
export function bindLabel(db: SandboxDb, svc: SvcContext, label: LabelRow, threadId: string, at: string, activate: boolean): TagRow[] {
  const operationId = randomUUID();
  setLabelThread(db, label.composite_tag_id, threadId, at);
  const active = labelMembers(db, label.composite_tag_id).filter((m) => m.archived_at === null);
  for (const member of active) {
    setTagThread(db, member.tag_id, threadId, at);
    if (activate && member.tag_type === 'SVC') setTagIdentifiable(db, member.tag_id, at);
    bindEvent(db, svc, threadId, member, at, operationId, 'tag_bound');
  }
  return labelMembers(db, label.composite_tag_id).filter((m) => m.archived_at === null);
}

/** Unbinds an identifier; a Label member unbinds its whole Label (all members detach, as Label unbind does). */
export function unbindTag(db: SandboxDb, svc: SvcContext, tag: TagRow, threadId: string, at: string): void {
  const operationId = randomUUID();
  if (tag.composite_tag_id) {
    setLabelThread(db, tag.composite_tag_id, null, at);
    for (const member of labelMembers(db, tag.composite_tag_id)) {
      if (member.thread_id !== threadId) continue;
      setTagThread(db, member.tag_id, null, at);
      bindEvent(db, svc, threadId, member, at, operationId, 'tag_unbound');
    }
    return;
  }
  setTagThread(db, tag.tag_id, null, at);
  bindEvent(db, svc, threadId, tag, at, operationId, 'tag_unbound');
}
