// Binding and unbinding a whole Label.
// spec: States and transitions — Label unbound → bound: "every active member identifier binds; one bind event per
// member, sharing one operation id"; bound → unbound: "all members detach". spec: Events 2.
import { randomUUID } from 'node:crypto';
import type { SvcContext } from '../../http/context';
import { actorOf } from '../../http/authority';
import type { SandboxDb } from '../../store/db';
import { recordThreadEvent } from '../../store/thread-events';

/** Binds the Label and its active members to the Thread; returns the operation id its events share. */
export function bindLabel(db: SandboxDb, svc: SvcContext, compositeTagId: string, threadId: string, at: string): string {
  const operationId = randomUUID();
  const { actorId, declaredActor } = actorOf(svc);
  db.prepare('UPDATE composite_tags SET bound_thread_id = ?, bound_at = ?, updated_at = ? WHERE composite_tag_id = ?').run(threadId, at, at, compositeTagId);
  const members = db.prepare('SELECT tag_id FROM tags WHERE composite_tag_id = ? AND archived_at IS NULL ORDER BY created_at, rowid').all(compositeTagId) as {
    tag_id: string;
  }[];
  const setTag = db.prepare('UPDATE tags SET thread_id = ?, bound_at = ?, updated_at = ? WHERE tag_id = ?');
  for (const { tag_id } of members) {
    setTag.run(threadId, at, at, tag_id);
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
  const members = db
    .prepare('SELECT tag_id FROM tags WHERE composite_tag_id = ? AND thread_id = ? ORDER BY created_at, rowid')
    .all(compositeTagId, threadId) as { tag_id: string }[];
  db.prepare('UPDATE composite_tags SET bound_thread_id = NULL, bound_at = NULL, updated_at = ? WHERE composite_tag_id = ?').run(at, compositeTagId);
  db.prepare('UPDATE tags SET thread_id = NULL, bound_at = NULL, updated_at = ? WHERE composite_tag_id = ?').run(at, compositeTagId);
  for (const { tag_id } of members) {
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
