import { describe, expect, it } from 'vitest';
import { openSandboxDb } from '../store/db';
import { JobRunner } from './runner';

describe('JobRunner', () => {
  it('runs queued jobs in order in the background, records progress, failures and completion', async () => {
    const db = openSandboxDb(':memory:');
    const runner = new JobRunner(db, () => new Date());
    const seen: unknown[] = [];
    const a = runner.enqueue('count', { n: 1 });
    const b = runner.enqueue('count', { n: 2 });
    const c = runner.enqueue('boom', {});
    runner.register('count', (job, ctx) => {
      seen.push(job.payload);
      ctx.progress({ done: true });
    });
    runner.register('boom', () => {
      throw new Error('no luck');
    });
    await runner.idle();
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(runner.get(a)).toMatchObject({ status: 'done', progress: { done: true } });
    expect(runner.get(b)?.status).toBe('done');
    expect(runner.get(c)).toMatchObject({ status: 'failed', error: 'no luck' });
    await runner.stop();
    db.close();
  });

  it('a job left running by a stopped process runs again on the next start', async () => {
    const db = openSandboxDb(':memory:');
    db.prepare("INSERT INTO jobs (job_id, kind, payload, status, created_at, updated_at) VALUES ('j1', 'k', '{}', 'running', 'x', 'x')").run();
    const runner = new JobRunner(db, () => new Date());
    let ran = 0;
    runner.register('k', () => {
      ran += 1;
    });
    await runner.idle();
    expect(ran).toBe(1);
    expect(runner.get('j1')?.status).toBe('done');
    await runner.stop();
    db.close();
  });
});
