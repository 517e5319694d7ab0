import type { ThreadListQuery } from '../../src-shared/api/threads';
import type { PageSpec } from '../http/pagination';
import { VISIBLE_SQL, visibleParams, type TeamScope } from './repository';

// spec: Threads — "Thread list filters: q, queryCol, bundleId, templateId, tagType, hasResources,
// includeArchived, archivedOnly, createdBy, ownedByTeam, excludeTransferred, transferredOnly,
// withActiveShipment. Archived Threads are hidden by default."
// Our readings where the spec is silent: q is a case-insensitive substring; queryCol `name` (default) or
// `description`, any other value names a field whose text or number is searched; ownedByTeam=true keeps
// only Threads the acting Team owns (false: no filter); hasResources=true matches nothing because the
// sandbox stores no files; withActiveShipment is accepted and annotates nothing (no Shipments here).

export const THREAD_PAGE: PageSpec = {
  columns: { createdAt: 't.created_at', updatedAt: 't.updated_at', name: 't.name' },
  defaultColumn: 'createdAt',
  defaultOrder: 'desc',
  idColumn: 't.thread_id',
};

export type ThreadFilter = Omit<ThreadListQuery, 'cursor' | 'pageSize' | 'order' | 'orderCol'>;

export function threadFilterSql(scope: TeamScope, f: ThreadFilter): { where: string; params: (string | number)[] } {
  const clauses = [VISIBLE_SQL];
  const params: (string | number)[] = [...visibleParams(scope)];
  if (f.q !== undefined && f.q !== '') {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const col = f.queryCol ?? 'name';
    if (col === 'name' || col === 'description') {
      clauses.push(`t.${col} LIKE ? ESCAPE '\\'`);
      params.push(like);
    } else {
      clauses.push(
        `EXISTS (SELECT 1 FROM thread_fields fq WHERE fq.thread_id = t.thread_id AND fq.archived_at IS NULL AND fq.name = ?
           AND COALESCE(json_extract(fq.value, '$.text'), CAST(json_extract(fq.value, '$.number') AS TEXT)) LIKE ? ESCAPE '\\')`,
      );
      params.push(col, like);
    }
  }
  if (f.bundleId) {
    clauses.push('t.bundle_id = ?');
    params.push(f.bundleId);
  }
  if (f.templateId) {
    clauses.push('t.template_id = ?');
    params.push(f.templateId);
  }
  if (f.tagType) {
    clauses.push('EXISTS (SELECT 1 FROM tags g WHERE g.thread_id = t.thread_id AND g.tag_type = ? AND g.archived_at IS NULL)');
    params.push(f.tagType);
  }
  if (f.hasResources === true) clauses.push('0');
  if (f.archivedOnly === true) clauses.push('t.archived_at IS NOT NULL');
  else if (f.includeArchived !== true) clauses.push('t.archived_at IS NULL');
  if (f.createdBy) {
    clauses.push('t.created_by_id = ?');
    params.push(f.createdBy);
  }
  if (f.ownedByTeam === true) {
    clauses.push('t.owner_team_id = ?');
    params.push(scope.teamId);
  }
  if (f.transferredOnly === true) clauses.push('t.transferred_at IS NOT NULL');
  else if (f.excludeTransferred === true) clauses.push('t.transferred_at IS NULL');
  return { where: clauses.map((c) => `(${c})`).join(' AND '), params };
}
