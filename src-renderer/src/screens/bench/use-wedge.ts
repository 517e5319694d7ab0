import { useEffect, useRef } from 'react';
import { DEFAULT_WEDGE_OPTIONS, EMPTY_WEDGE_STATE, wedgeIdle, wedgeStep, type WedgeState } from '../../../../src-shared/domain/wedge';

/** Whether keys typed now go into a text box (then they are the person's, not a scanner's). */
function typingIntoField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset', 'range'].includes(target.type);
}

/**
 * Keyboard-wedge scans captured without a focused text box: every key goes through the
 * devices area's classifier (src-shared/domain/wedge.ts), which tells a scan from typing by
 * inter-key timing. While a burst is in progress, keys are swallowed so a scanned space or
 * Enter does not press the bench's own shortcuts (they skip prevented events).
 */
export function useWedge(enabled: boolean, onScan: (text: string) => void): void {
  const state = useRef<WedgeState>(EMPTY_WEDGE_STATE);
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (typingIntoField(event.target)) return;
      const wasInBurst = state.current.text.length > 0;
      const { state: next, outcome } = wedgeStep(state.current, { key: event.key, code: event.code, ctrlKey: event.ctrlKey, t: event.timeStamp });
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
    const idle = setInterval(() => {
      state.current = wedgeIdle(state.current, performance.now()).state;
    }, DEFAULT_WEDGE_OPTIONS.maxGapMs);
    window.addEventListener('keydown', onKey, { capture: true });
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      clearInterval(idle);
    };
  }, [enabled]);
}
