// Why sending is paused, as plain values (station.ts in ../ipc declares their zod schema): the main process's core
// reads a saved pause without loading the station contract's schemas (docs/architecture.md, "Start-up").

/** The operator's Pause, or the service refused the API key (docs/sync.md, "Pause and resume"). */
export const SYNC_PAUSE_KINDS = ['operator', 'apiKeyRefused'] as const;
