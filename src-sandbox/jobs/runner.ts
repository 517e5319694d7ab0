import { randomUUID } from 'node:crypto';
import type { SandboxDb } from '../store/db';
import { getJobRow, insertJob, markJobDone, markJobFailed, markJobRunning, nextQueuedJob, requeueRunningJobs, setJobProgress } from '../store/jobs';
import type { JobStatus, JobRow } from '../store/rows';

// Background jobs (the spec, Labels and Reels: Reel activation "runs in background"; its progress
// shows in counts.identifiableCount). Jobs are rows in `jobs`, so a restart resumes what was queued or running;
// one job runs at a time (the sandbox is single-node by design).

export interface JobRecord {
  jobId: string;
  kind: string;
  payload: unknown;
  status: JobStatus;
  progress: unknown;
  error: string | null;
  orgId: string | null;
  teamId: string | null;
  createdAt: string;
  finishedAt: string | null;
}

interface JobContext {
  db: SandboxDb;
  now: () => Date;
  /** Stores a progress object on the job row (readable with get()). */
  progress(value: unknown): void;
}

export type JobHandler = (job: JobRecord, ctx: JobContext) => Promise<void> | void;

function toRecord(row: JobRow): JobRecord {
  return {
    jobId: row.job_id,
    kind: row.kind,
    payload: JSON.parse(row.payload) as unknown,
    status: row.status,
    progress: row.progress === null ? null : (JSON.parse(row.progress) as unknown),
    error: row.error,
    orgId: row.org_id,
    teamId: row.team_id,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private running = false;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly db: SandboxDb,
    private readonly now: () => Date,
  ) {
    // A job that was running when the process stopped starts over (handlers must be idempotent).
    requeueRunningJobs(db);
  }

  /** Registers the handler of one job kind (call once per kind, from the area that owns it). */
  register(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`Job kind "${kind}" already has a handler; register each kind once.`);
    this.handlers.set(kind, handler);
    this.kick();
  }

  /** Queues a job; call inside the transaction of the write that needs it so both land together. */
  enqueue(kind: string, payload: unknown, scope: { orgId?: string; teamId?: string } = {}): string {
    const jobId = randomUUID();
    const at = this.now().toISOString();
    insertJob(this.db, { jobId, kind, payload, orgId: scope.orgId ?? null, teamId: scope.teamId ?? null, at });
    this.kick();
    return jobId;
  }

  get(jobId: string): JobRecord | null {
    const row = getJobRow(this.db, jobId);
    return row ? toRecord(row) : null;
  }

  /** Resolves when no runnable job is queued or running (tests and shutdown). */
  idle(): Promise<void> {
    if (!this.running && !this.nextRow()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops taking new jobs; resolves once the current one finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.running) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private nextRow(): JobRow | undefined {
    return nextQueuedJob(this.db, [...this.handlers.keys()]);
  }

  private kick(): void {
    if (this.running || this.stopped) return;
    this.running = true;
    setImmediate(() => void this.loop());
  }

  private async loop(): Promise<void> {
    for (let row = this.nextRow(); row && !this.stopped; row = this.nextRow()) {
      const handler = this.handlers.get(row.kind);
      if (!handler) break;
      const at = () => this.now().toISOString();
      markJobRunning(this.db, row.job_id, at());
      const jobId = row.job_id;
      try {
        await handler(toRecord({ ...row, status: 'running' }), {
          db: this.db,
          now: this.now,
          progress: (value) => setJobProgress(this.db, jobId, value, at()),
        });
        markJobDone(this.db, jobId, at());
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        markJobFailed(this.db, jobId, message, at());
      }
    }
    this.running = false;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
