export { buildSandboxApp, type SandboxApp, type SandboxAppOptions } from './app';
export { startSandbox, type RunningSandbox, type StartSandboxOptions } from './start';
export { openSandboxDb, type SandboxDb } from './store/db';
export { loadOrCreateSecrets, type SandboxSecrets } from './store/secrets';
export { registerMigrations, type Migration } from './store/migrations';
export type { SandboxDeps, RoutePluginOptions } from './deps';
