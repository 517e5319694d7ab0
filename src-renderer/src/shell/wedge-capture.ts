import { useEffect } from 'react';
import { routeWedgeScan, useWedge, type ScanInField } from '../components/use-wedge';
import { playTone } from '../components/sounds';
import { station } from '../station-client';
import { StationError } from '../../../src-shared/ipc/station-error';
import { announceRead } from './read-notice';

const WEDGE_DEVICE = 'keyboard:wedge';
/** Scans sent to the station whose read has not come back yet, oldest first. */
const awaitingRead: string[] = [];
/** Takes `scan` off the awaited ones; false when it was not there (already named when the page lost its station). */
const forget = (scan: string): boolean => {
  const at = awaitingRead.lastIndexOf(scan);
  if (at >= 0) awaitingRead.splice(at, 1);
  return at >= 0;
};

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
  // A scan the station took but whose read had not come back when the page lost its station (it died between the
  // two): named as not used, never left to vanish (docs/architecture.md, "When the page loses its station").
  useEffect(() => {
    const offRead = station.on('devices.read', (read) => {
      if (read.device === WEDGE_DEVICE) awaitingRead.shift();
    });
    const offConnection = station.onConnection((connection) => {
      if (connection !== 'lost') return;
      for (const scan of awaitingRead.splice(0)) {
        playTone('warning');
        announceRead({ kind: 'lost', value: scan });
      }
    });
    return () => {
      offRead();
      offConnection();
    };
  }, []);
  useWedge(
    enabled,
    (text) =>
      routeWedgeScan(text, (scan) => {
        // Awaited from now: its read may come back before the call's answer.
        awaitingRead.push(scan);
        station.call('devices.submitWedgeScan', { text: scan }).then(
          ({ rejected }) => {
            if (rejected) {
              forget(scan);
              playTone('error');
            }
          },
          (error: unknown) => {
            const named = !forget(scan);
            console.error('The keyboard-wedge scan did not reach the station', error);
            if (named) return;
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
