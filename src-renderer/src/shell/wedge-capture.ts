import { routeWedgeScan, useWedge, type ScanInField } from '../components/use-wedge';
import { playTone } from '../components/sounds';
import { station } from '../station-client';
import { StationError } from '../../../src-shared/ipc/station-error';
import { announceRead } from './read-notice';

// Who is told of a scan typed into a field (components/ScanFieldNotice.tsx names it).
type Listener = (scan: ScanInField) => void;
const listeners = new Set<Listener>();

/**
 * Keyboard-wedge capture for the whole station window, so a scan needs no focused text box:
 * while the window has focus, a scan told apart from typing goes to the device supervisor
 * (`devices.submitWedgeScan`). It comes back as a `devices.read` of `keyboard:wedge`, the one path
 * every device's reads take: the bench fills its slots from it, the Devices screen logs it and a
 * test read on the wedge answers. A scan the supervisor refuses (control characters, too long…)
 * sounds the error tone and shows in the Devices read log. A scan typed into a field is taken out
 * of it, used, and named by components/ScanFieldNotice.tsx (docs/devices.md, "Scans typed into a field"). A scan
 * the station did not answer is named as not used (shell/ReadNotice.tsx).
 */
export function useWedgeCapture(enabled = true): void {
  useWedge(
    enabled,
    (text) =>
      routeWedgeScan(text, (scan) => {
        station.call('devices.submitWedgeScan', { text: scan }).then(
          ({ rejected }) => {
            if (rejected) playTone('error');
          },
          (error: unknown) => {
            console.error('The keyboard-wedge scan did not reach the station', error);
            // No station to take it (shell/read-notice.ts): named, not lost.
            if (error instanceof StationError && error.code === 'STATION_UNREACHABLE') {
              playTone('warning');
              announceRead({ kind: 'lost', value: scan });
            } else playTone('error');
          },
        );
      }),
    (scan) => {
      for (const listener of listeners) listener(scan);
    },
  );
}

/** Tells `listener` of every scan typed into a field until the returned function is called. */
export function onScanInField(listener: (scan: ScanInField) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
