import type { JobRunner } from './jobs/runner';
import type { SandboxDb } from './store/db';

/**
 * What every route plugin receives as its options (`opts.deps`): the database, the clock (tests move it)
 * and the background job runner.
 */
export interface SandboxDeps {
  db: SandboxDb;
  now: () => Date;
  jobs: JobRunner;
}

export interface RoutePluginOptions {
  deps: SandboxDeps;
}
