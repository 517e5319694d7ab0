import type { StationEventMessage } from '../../src-shared/ipc/preload';
import { StationError, StationErrorCode } from '../../src-shared/ipc/station-error';
import type { KnownEventName, KnownName } from './contract';

/** A call the station has not answered in this long, and said no word of, is given up with STATION_TIMEOUT. */
export const CALL_TIMEOUT_MS = 30_000;

/**
 * Commands that say how far they are with events naming the call: opening a Reel (`reels.openProgress` under the
 * caller's `progressKey`; docs/sync.md, "Opening at shop scale") and starting a print job, which answers once its
 * labels are checked (`print.preflight` under the job's id; docs/print-run.md, "Preflight"). Such a call times out only
 * once no word of it came for CALL_TIMEOUT_MS, however long it takes in all.
 */
const PROGRESS_EVENTS: Partial<Record<KnownName, { event: KnownEventName; key: 'progressKey' | 'jobId' }>> = {
  'reels.open': { event: 'reels.openProgress', key: 'progressKey' },
  'print.start': { event: 'print.preflight', key: 'jobId' },
};

function field(payload: unknown, key: string): unknown {
  return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>)[key] : undefined;
}

/** `call`'s answer, or STATION_TIMEOUT after CALL_TIMEOUT_MS without an answer or (for PROGRESS_EVENTS) a word of it. */
export function timedCall<T>(
  name: KnownName,
  input: unknown,
  call: () => Promise<T>,
  onEvent: (listener: (message: StationEventMessage) => void) => () => void,
): Promise<T> {
  const progress = PROGRESS_EVENTS[name];
  const key = progress ? field(input, progress.key) : undefined;
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () =>
          reject(
            new StationError({
              code: StationErrorCode.timeout,
              message: `${name} took longer than ${CALL_TIMEOUT_MS / 1000} s; the station may be busy. Try again.`,
            }),
          ),
        CALL_TIMEOUT_MS,
      );
    };
    restart();
    const stop =
      progress && key !== undefined
        ? onEvent((message) => message.name === progress.event && field(message.payload, progress.key) === key && restart())
        : undefined;
    call().then(
      (value) => {
        clearTimeout(timer);
        stop?.();
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        stop?.();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
