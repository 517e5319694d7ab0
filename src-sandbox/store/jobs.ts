// Background jobs (jobs/runner.ts runs them): the `jobs` table. A job is a row, so a restart resumes what
// was queued or running.
import { statement, type SandboxDb } from './db';
import type { JobRow } from './rows';

/** A job that was running when the process stopped starts over (handlers must be idempotent). */
export function requeueRunningJobs(db: SandboxDb): void {
  statement(db, "UPDATE jobs SET status = 'queued' WHERE status = 'running'").run();
}

export interface NewJob {
  jobId: string;
  kind: string;
  payload: unknown;
  orgId: string | null;
  teamId: string | null;
  at: string;
}

export function insertJob(db: SandboxDb, job: NewJob): void {
  statement(db, "INSERT INTO jobs (job_id, kind, payload, status, org_id, team_id, created_at, updated_at) VALUES (?, ?, ?, 'queued', ?, ?, ?, ?)").run(
    job.jobId,
    job.kind,
    JSON.stringify(job.payload ?? {}),
    job.orgId,
    job.teamId,
    job.at,
    job.at,
  );
}

export function getJobRow(db: SandboxDb, jobId: string): JobRow | undefined {
  return statement(db, 'SELECT * FROM jobs WHERE job_id = ?').get(jobId) as JobRow | undefined;
}

/** The oldest queued job of one of these kinds. */
export function nextQueuedJob(db: SandboxDb, kinds: readonly string[]): JobRow | undefined {
  if (kinds.length === 0) return undefined;
  return statement(db, `SELECT * FROM jobs WHERE status = 'queued' AND kind IN (${kinds.map(() => '?').join(',')}) ORDER BY created_at, rowid LIMIT 1`).get(
    ...kinds,
  ) as JobRow | undefined;
}

export function markJobRunning(db: SandboxDb, jobId: string, at: string): void {
  statement(db, "UPDATE jobs SET status = 'running', updated_at = ? WHERE job_id = ?").run(at, jobId);
}

export function setJobProgress(db: SandboxDb, jobId: string, progress: unknown, at: string): void {
  statement(db, 'UPDATE jobs SET progress = ?, updated_at = ? WHERE job_id = ?').run(JSON.stringify(progress), at, jobId);
}

export function markJobDone(db: SandboxDb, jobId: string, at: string): void {
  statement(db, "UPDATE jobs SET status = 'done', updated_at = ?, finished_at = ? WHERE job_id = ?").run(at, at, jobId);
}

export function markJobFailed(db: SandboxDb, jobId: string, error: string, at: string): void {
  statement(db, "UPDATE jobs SET status = 'failed', error = ?, updated_at = ?, finished_at = ? WHERE job_id = ?").run(error, at, at, jobId);
}
