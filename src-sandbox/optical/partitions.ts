// A sandbox test hook: Teams whose search partition "could not be searched", so identify's Incomplete
// search outcome (spec: Errors, Identify outcomes — SCAN_SEARCH_INCOMPLETE) can be produced on demand.
import type { SandboxDb } from '../store/db';
import { ensureOpticalSchema } from './schema';

export function markTeamUnreachable(db: SandboxDb, teamId: string, now: Date = new Date()): void {
  ensureOpticalSchema(db);
  db.prepare('INSERT OR IGNORE INTO optical_unreachable_teams (team_id, created_at) VALUES (?, ?)').run(teamId, now.toISOString());
}

export function clearUnreachableTeams(db: SandboxDb): void {
  ensureOpticalSchema(db);
  db.prepare('DELETE FROM optical_unreachable_teams').run();
}

export function unreachableTeams(db: SandboxDb): Set<string> {
  ensureOpticalSchema(db);
  return new Set((db.prepare('SELECT team_id FROM optical_unreachable_teams').all() as { team_id: string }[]).map((r) => r.team_id));
}
