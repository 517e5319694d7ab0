import type { Identifier } from '../../src-shared/api/tag';
import type { FieldEntry, ThreadEvent, ThreadSummary } from '../../src-shared/api/threads';
import type { StoredField } from '../domain/threads/fields';
import type { TagRow, ThreadEventRow, ThreadFieldRow, ThreadRow } from './rows';

/** An identifier with the Reel place of its Label, as a Thread read joins it. */
export type IdentifierRow = TagRow & { reel_id: string | null; position: number | null; reel_name: string | null };

// Rows of the thread tables and their wire shapes (spec: Resources, Thread and Field entry).

export function toThreadSummary(row: ThreadRow): ThreadSummary {
  return {
    threadId: row.thread_id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    labels: JSON.parse(row.labels) as ThreadSummary['labels'],
    lifecycleStatus: row.lifecycle_status,
    ownerId: row.owner_team_id,
    createdById: row.created_by_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    archivedAt: row.archived_at,
    processingLockedAt: row.processing_locked_at,
    processingOperationId: row.processing_operation_id,
    templateId: row.template_id,
    // spec: thumbnail "null when the source is unreadable by the caller"; the sandbox stores none.
    thumbnail: null,
    thumbnailId: row.thumbnail_id,
    transferId: row.transfer_id,
    transferredAt: row.transferred_at,
  };
}

export function toStoredField(row: ThreadFieldRow): StoredField {
  return {
    fieldId: row.field_id,
    name: row.name,
    type: row.type,
    value: JSON.parse(row.value) as Record<string, unknown>,
    position: row.position,
    archivedAt: row.archived_at,
  };
}

export function toFieldEntry(field: StoredField, withArchivedAt = false): FieldEntry {
  const entry: FieldEntry = { fieldId: field.fieldId, name: field.name, type: field.type, value: field.value };
  return withArchivedAt ? { ...entry, archivedAt: field.archivedAt } : entry;
}

export function toEvent(row: ThreadEventRow): ThreadEvent {
  return {
    eventId: row.event_id,
    action: row.action,
    occurredAt: row.occurred_at,
    operationId: row.operation_id,
    actorId: row.actor_id,
    declaredActor: row.declared_actor,
    targets: JSON.parse(row.targets) as Record<string, unknown>[],
  };
}

export function toIdentifier(row: IdentifierRow): Identifier {
  return {
    tagId: row.tag_id,
    tagType: row.tag_type,
    name: row.name,
    description: row.description,
    isPrivate: row.is_private === 1,
    archivedAt: row.archived_at,
    label:
      row.composite_tag_id && row.reel_id !== null && row.position !== null
        ? {
            compositeTagId: row.composite_tag_id,
            reelCollectionId: row.reel_id,
            position: row.position,
            ...(row.reel_name === null ? {} : { reelName: row.reel_name }),
          }
        : null,
    value: row.value,
    fingerprintId: row.fingerprint_id,
    threadId: row.thread_id,
    createdAt: row.created_at,
  };
}
