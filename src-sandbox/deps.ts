import type { JobRunner } from './jobs/runner';
import type { SandboxStore } from './store';

/**
 * What every route plugin receives as its options (`opts.deps`): the store (one repository per resource,
 * store/index.ts), the clock (tests move it) and the background job runner. Routes never see the database.
 */
export interface SandboxDeps {
  store: SandboxStore;
  now: () => Date;
  jobs: JobRunner;
}

export interface RoutePluginOptions {
  deps: SandboxDeps;
}
