import { useEffect, useRef } from 'react';
import { DEFAULT_WEDGE_OPTIONS, EMPTY_WEDGE_STATE, wedgeStep, type WedgeState } from '../../../src-shared/domain/wedge';

/** Whether keys typed now go into a text box (then they are the person's, not a scanner's). */
export function typingIntoField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'file', 'color'].includes(target.type);
}

/** A field that takes scans as its own input (Bulk bind's Thread list): a scan typed there stays there. */
const SCAN_FIELD_ATTRIBUTE = 'data-takes-scans';

type TextField = HTMLInputElement | HTMLTextAreaElement;

function textField(target: EventTarget | null): TextField | undefined {
  if (target instanceof HTMLTextAreaElement) return target;
  if (target instanceof HTMLInputElement && typingIntoField(target)) return target;
  return undefined;
}

/** Puts a React-controlled field's value back (the native setter, then an input event React listens to). */
function restoreValue(field: TextField, value: string): void {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** What a field is called for the operator: its label, else its placeholder or name. */
function fieldName(field: HTMLElement): string {
  const labelled = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement ? field.labels?.[0] : null;
  return (labelled?.textContent ?? field.getAttribute('aria-label') ?? field.getAttribute('placeholder') ?? field.getAttribute('name') ?? '').trim();
}

/** A scan typed while a field had the focus: taken out of the field and used as a scan; `field` names it. */
export interface ScanInField {
  text: string;
  field: string;
}

/**
 * Keyboard-wedge scans captured wherever the focus is: every key goes through the devices area's classifier
 * (src-shared/domain/wedge.ts), which tells a scan from typing by inter-key timing. While a burst is in progress,
 * keys are swallowed so a scanned space or Enter does not press the screens' own shortcuts (they skip prevented
 * events). Focus wanders (docs/devices.md, "Scans typed into a field"): on a select, keys never reach it (no
 * type-ahead changing the Reel, no Enter opening it); in a text field, a scan is taken back out of the field and
 * used like any scan, and `onField` names the field, unless the field takes scans itself (SCAN_FIELD_ATTRIBUTE).
 */
export function useWedge(enabled: boolean, onScan: (text: string) => void, onField?: (scan: ScanInField) => void): void {
  const state = useRef<WedgeState>(EMPTY_WEDGE_STATE);
  /** The focused text field and its value before the burst's first key. */
  const before = useRef<{ field: TextField; value: string } | undefined>(undefined);
  const latest = useRef({ onScan, onField });
  latest.current = { onScan, onField };
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && (target.isContentEditable || target.closest(`[${SCAN_FIELD_ATTRIBUTE}]`))) return;
      const field = textField(target);
      const onSelect = target instanceof HTMLSelectElement;
      // Within a burst: keys since its last one came fast. Judged by the events' own times, never by a timer against
      // the clock: a busy page handles a scanner's keys late, and they are still a scan.
      const lastAt = state.current.times.at(-1);
      const wasInBurst = lastAt !== undefined && event.timeStamp - lastAt <= DEFAULT_WEDGE_OPTIONS.maxGapMs;
      const { state: next, outcome } = wedgeStep(state.current, { key: event.key, code: event.code, ctrlKey: event.ctrlKey, t: event.timeStamp });
      state.current = next;
      // The burst's first character: remember the field as it was.
      if (field && next.text.length === 1) before.current = { field, value: field.value };
      if (outcome?.kind === 'scan') {
        event.preventDefault();
        event.stopImmediatePropagation();
        const typedInto = before.current?.field === field ? before.current : undefined;
        before.current = undefined;
        if (field && typedInto) {
          restoreValue(field, typedInto.value);
          latest.current.onField?.({ text: outcome.text, field: fieldName(field) });
        }
        latest.current.onScan(outcome.text);
      } else if ((wasInBurst && next.text.length > 0 && !field) || (onSelect && [...event.key].length === 1 && !event.ctrlKey && !event.altKey)) {
        // Outside text fields a burst's keys press nothing (a person typing fast into a field keeps every key).
        // A select takes no text: a character typed there is a scan's (or nothing), never a type-ahead jump.
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    };
    // The station window loses focus: a burst cut off there is no scan.
    const reset = () => {
      state.current = EMPTY_WEDGE_STATE;
      before.current = undefined;
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
