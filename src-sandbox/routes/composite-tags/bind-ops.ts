// Binding and unbinding a whole Label.
// spec: States and transitions — Label unbound → bound: "every active member identifier binds; one bind event per
// member, sharing one operation id"; bound → unbound: "all members detach". spec: Events 2.
import { randomUUID } from 'node:crypto';
import type { SvcContext } from '../../http/context';
import { actorOf } from '../../http/authority';
import type { SandboxDb } from '../../store/db';
import { setLabelThread } from '../../store/labels';
import { activeMemberIds, bindMember, memberIdsBoundTo, unbindMembers } from '../../store/tags';
import { recordThreadEvent } from '../../store/thread-events';

/** Binds the Label and its active members to the Thread; returns the operation id its events share. */
export function bindLabel(db: SandboxDb, svc: SvcContext, compositeTagId: string, threadId: string, at: string): string {
  const operationId = randomUUID();
  const { actorId, declaredActor } = actorOf(svc);
  setLabelThread(db, compositeTagId, threadId, at);
  for (const tag_id of activeMemberIds(db, compositeTagId)) {
    bindMember(db, tag_id, threadId, at);
    recordThreadEvent(db, {
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

export function unbindLabel(db: SandboxDb, svc: SvcContext, compositeTagId: string, threadId: string, at: string): void {
  const operationId = randomUUID();
  const { actorId, declaredActor } = actorOf(svc);
  const members = memberIdsBoundTo(db, compositeTagId, threadId);
  setLabelThread(db, compositeTagId, null, at);
  unbindMembers(db, compositeTagId, at);
  for (const tag_id of members) {
    recordThreadEvent(db, {
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
