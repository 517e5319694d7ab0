// Binding and unbinding a whole Label.
// spec: States and transitions — Label unbound → bound: "every active member identifier binds; one bind event per
// member, sharing one operation id"; bound → unbound: "all members detach". spec: Events 2.
import { randomUUID } from 'node:crypto';
import type { SvcContext } from '../../http/context';
import { actorOf } from '../../http/authority';
import type { SandboxStore } from '../../store';

/** Binds the Label and its active members to the Thread; returns the operation id its events share. */
export function bindLabel(store: SandboxStore, svc: SvcContext, compositeTagId: string, threadId: string, at: string): string {
  const operationId = randomUUID();
  const { actorId, declaredActor } = actorOf(svc);
  store.labels.setLabelThread(compositeTagId, threadId, at);
  for (const tag_id of store.tags.activeMemberIds(compositeTagId)) {
    store.tags.bindMember(tag_id, threadId, at);
    store.threads.recordThreadEvent({
      threadId,
      action: 'tag_bound',
      at,
      actorId,
      declaredActor,
      teamId: svc.teamId,
      operationId,
      targets: [
        { kind: 'identifier', id: tag_id },
        { kind: 'label', id: compositeTagId },
      ],
    });
  }
  return operationId;
}

export function unbindLabel(store: SandboxStore, svc: SvcContext, compositeTagId: string, threadId: string, at: string): void {
  const operationId = randomUUID();
  const { actorId, declaredActor } = actorOf(svc);
  const members = store.tags.memberIdsBoundTo(compositeTagId, threadId);
  store.labels.setLabelThread(compositeTagId, null, at);
  store.tags.unbindMembers(compositeTagId, at);
  for (const tag_id of members) {
    store.threads.recordThreadEvent({
      threadId,
      action: 'tag_unbound',
      at,
      actorId,
      declaredActor,
      teamId: svc.teamId,
      operationId,
      targets: [
        { kind: 'identifier', id: tag_id },
        { kind: 'label', id: compositeTagId },
      ],
    });
  }
}
