import { playTone } from '../screens/bench/sounds';
import { routeWedgeScan, useWedge } from '../screens/bench/use-wedge';
import { station } from '../station-client';

/**
 * Keyboard-wedge capture for the whole station window, so a scan needs no focused text box:
 * while the window has focus and no text field is focused, a scan told apart from
 * typing goes to the device supervisor (`devices.submitWedgeScan`). It comes back as a
 * `devices.read` of `keyboard:wedge`, the one path every device's reads take: the bench fills
 * its slots from it, the Devices screen logs it and a test read on the wedge answers. A scan
 * the supervisor refuses (control characters, too long…) sounds the error tone and shows in
 * the Devices read log.
 */
export function useWedgeCapture(enabled = true): void {
  useWedge(enabled, (text) =>
    routeWedgeScan(text, (scan) => {
      station.call('devices.submitWedgeScan', { text: scan }).then(
        ({ rejected }) => {
          if (rejected) playTone('error');
        },
        (error: unknown) => {
          console.error('The keyboard-wedge scan did not reach the station', error);
          playTone('error');
        },
      );
    }),
  );
}
