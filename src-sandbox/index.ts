export { buildSandboxApp, type SandboxApp, type SandboxAppOptions } from './app';
export { startSandbox, type RunningSandbox, type StartSandboxOptions } from './start';
export { openSandboxDb, type SandboxDb } from './store/db';
export { loadOrCreateSecrets, type SandboxSecrets } from './store/secrets';
export { registerMigrations } from './store/migrations';
export type { Migration } from '../src-shared/domain/migrations';
export type { SandboxDeps, RoutePluginOptions } from './deps';
