// spec: Threads — `POST /api/v1/threads/permissions` returns "the caller's effective permissions per
// Thread in the current Team context"; spec: Resources, Thread — visible only in the org and Team that
// own it or that it was shared with. Our reading: a Thread shared with the Team is readable there but
// only its owning Team may change it; a transferred Thread is read-only for the sender (spec: States).

export interface ThreadAccessFacts {
  visible: boolean;
  ownedByTeam: boolean;
  member: boolean;
  transferred: boolean;
}

export interface ThreadPermissions {
  canRead: boolean;
  canEdit: boolean;
  canArchive: boolean;
  canShare: boolean;
}

export function threadPermissions(f: ThreadAccessFacts): ThreadPermissions {
  const canRead = f.member && f.visible;
  const canEdit = canRead && f.ownedByTeam && !f.transferred;
  return { canRead, canEdit, canArchive: canEdit, canShare: canEdit };
}

/** Archive with toggle flips each Thread; without it archives the active ones (spec: States, Thread). */
export function archiveTarget(currentlyArchived: boolean, toggle: boolean): 'archive' | 'restore' | 'none' {
  if (toggle) return currentlyArchived ? 'restore' : 'archive';
  return currentlyArchived ? 'none' : 'archive';
}
