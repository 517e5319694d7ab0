import type { SyncPauseKind } from '../../../src-shared/ipc/station';

// Sending paused, and why, in the UI's language (docs/sync.md, "Pause and resume"): the status bar and the Queue
// screen say it from the pause's kind; the station's English (`pauseReason`) stays for the command line and the log.

/**
 * The paused mark, "‖" (U+2016), drawn by the UI's font (system-ui: DejaVu Sans on Debian): "⏸" (U+23F8) is in no
 * font there and showed as a box.
 */
export const PAUSED_MARK = '‖';
/** The running mark beside it. */
export const RUNNING_MARK = '▶';

/** "paused by the operator", or what to do after the service refused the API key. */
export function syncPausedWords(t: (key: string) => string, kind: SyncPauseKind | null): string {
  return kind ? t(`status.pausedBy.${kind}`) : t('status.syncPaused');
}
