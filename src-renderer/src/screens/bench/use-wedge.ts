import { useEffect, useRef } from 'react';
import { EMPTY_WEDGE_STATE, wedgeIdle, wedgeStep, type WedgeState } from '../../../../src-shared/domain/wedge';

/** Whether keys typed now go into a text box (then they are the person's, not a scanner's). */
export function typingIntoField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset', 'range'].includes(target.type);
}

/**
 * Keyboard-wedge scans captured without a focused text box: every key goes through the
 * devices area's classifier (src-shared/domain/wedge.ts), which tells a scan from typing by
 * inter-key timing. While a burst is in progress, keys are swallowed so a scanned space or
 * Enter does not press the screens' own shortcuts (they skip prevented events).
 *
 * Bursts are timed by the key events' own timestamps (the OS's, i.e. the scanner's), never by
 * when this page gets to run: a page busy for 150 ms while a scanner types receives the keys
 * late but with their real gaps, and the scan stays whole (a timer that ended bursts by the
 * page's clock cut such a scan in two, and its tail arrived as a scan of its own).
 */
export function useWedge(enabled: boolean, onScan: (text: string) => void): void {
  const state = useRef<WedgeState>(EMPTY_WEDGE_STATE);
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (typingIntoField(event.target)) return;
      // A burst whose last key is long before this one is over (typing), by the events' own times.
      const current = wedgeIdle(state.current, event.timeStamp).state;
      const wasInBurst = current.text.length > 0;
      const { state: next, outcome } = wedgeStep(current, { key: event.key, code: event.code, ctrlKey: event.ctrlKey, t: event.timeStamp });
      state.current = next;
      if (outcome?.kind === 'scan') {
        event.preventDefault();
        event.stopImmediatePropagation();
        latest.current(outcome.text);
      } else if (wasInBurst && next.text.length > 0) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    };
    // The station window loses focus: a burst cut off there is no scan.
    const reset = () => {
      state.current = EMPTY_WEDGE_STATE;
    };
    window.addEventListener('keydown', onKey, { capture: true });
    window.addEventListener('blur', reset);
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      window.removeEventListener('blur', reset);
    };
  }, [enabled]);
}

// Where a recognised scan goes. Normally to the device supervisor (`devices.submitWedgeScan`),
// so it comes back as a `devices.read` of `keyboard:wedge` like every other device's read. A
// setup check (the layout test barcode) takes the next scans for itself instead: its text is
// not an identifier.

type WedgeTaker = (text: string) => void;
const takers: WedgeTaker[] = [];

/** Until the returned release is called, wedge scans go to `taker` instead of the supervisor (the latest taker wins). */
export function takeWedgeScans(taker: WedgeTaker): () => void {
  const own = (text: string) => taker(text);
  takers.push(own);
  return () => {
    const at = takers.indexOf(own);
    if (at >= 0) takers.splice(at, 1);
  };
}

/** Hands one scan to the latest taker, or else to `submit`. */
export function routeWedgeScan(text: string, submit: (text: string) => void): void {
  const taker = takers.at(-1);
  if (taker) taker(text);
  else submit(text);
}
