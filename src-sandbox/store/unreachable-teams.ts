// A sandbox test hook: Teams whose search partition "could not be searched", so identify's Incomplete
// search outcome (spec: Errors, Identify outcomes — SCAN_SEARCH_INCOMPLETE) can be produced on demand.
import { statement, type SandboxDb } from './db';
import { ensureOpticalSchema } from './optical-schema';

export function markTeamUnreachable(db: SandboxDb, teamId: string, now: Date = new Date()): void {
  ensureOpticalSchema(db);
  statement(db, 'INSERT OR IGNORE INTO optical_unreachable_teams (team_id, created_at) VALUES (?, ?)').run(teamId, now.toISOString());
}

export function clearUnreachableTeams(db: SandboxDb): void {
  ensureOpticalSchema(db);
  statement(db, 'DELETE FROM optical_unreachable_teams').run();
}

export function unreachableTeams(db: SandboxDb): Set<string> {
  ensureOpticalSchema(db);
  return new Set((statement(db, 'SELECT team_id FROM optical_unreachable_teams').all() as { team_id: string }[]).map((r) => r.team_id));
}
