import { randomUUID } from 'node:crypto';
import type { SandboxDb } from '../store/db';

// Background jobs (the spec, Labels and Reels: Reel activation "runs in background"; its progress
// shows in counts.identifiableCount). Jobs are rows in `jobs`, so a restart resumes what was queued or running;
// one job runs at a time (the sandbox is single-node by design).

type JobStatus = 'queued' | 'running' | 'done' | 'failed';

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

interface JobRow {
  job_id: string;
  kind: string;
  payload: string;
  status: JobStatus;
  progress: string | null;
  error: string | null;
  org_id: string | null;
  team_id: string | null;
  created_at: string;
  finished_at: string | null;
}

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
    db.prepare("UPDATE jobs SET status = 'queued' WHERE status = 'running'").run();
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
    this.db
      .prepare("INSERT INTO jobs (job_id, kind, payload, status, org_id, team_id, created_at, updated_at) VALUES (?, ?, ?, 'queued', ?, ?, ?, ?)")
      .run(jobId, kind, JSON.stringify(payload ?? {}), scope.orgId ?? null, scope.teamId ?? null, at, at);
    this.kick();
    return jobId;
  }

  get(jobId: string): JobRecord | null {
    const row = this.db.prepare('SELECT * FROM jobs WHERE job_id = ?').get(jobId) as JobRow | undefined;
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
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return undefined;
    return this.db
      .prepare(`SELECT * FROM jobs WHERE status = 'queued' AND kind IN (${kinds.map(() => '?').join(',')}) ORDER BY created_at, rowid LIMIT 1`)
      .get(...kinds) as JobRow | undefined;
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
      this.db.prepare("UPDATE jobs SET status = 'running', updated_at = ? WHERE job_id = ?").run(at(), row.job_id);
      const jobId = row.job_id;
      try {
        await handler(toRecord({ ...row, status: 'running' }), {
          db: this.db,
          now: this.now,
          progress: (value) => this.db.prepare('UPDATE jobs SET progress = ?, updated_at = ? WHERE job_id = ?').run(JSON.stringify(value), at(), jobId),
        });
        this.db.prepare("UPDATE jobs SET status = 'done', updated_at = ?, finished_at = ? WHERE job_id = ?").run(at(), at(), jobId);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.db.prepare("UPDATE jobs SET status = 'failed', error = ?, updated_at = ?, finished_at = ? WHERE job_id = ?").run(message, at(), at(), jobId);
      }
    }
    this.running = false;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
