import { KEYBOARD_LAYOUTS, charFor, strokeFor, type LayoutId } from './keyboard-layouts';

// Keyboard-wedge scanners type their reads as key presses (docs/devices.md, "Scanners"):
// the most common scanners and the most fragile (layouts mangle characters, GS gets lost).
// The renderer feeds every key event here; this module tells a scan from a person typing by
// inter-key timing and the terminator, keeps GS (0x1D) when the scanner sends it, and checks
// the host's keyboard layout against a known test barcode.

/** One key event as the renderer sees it (`KeyboardEvent.key`/`.code`), with its time in ms. */
export interface WedgeKey {
  key: string;
  /** Physical key position (`KeyboardEvent.code`), layout-independent. */
  code?: string;
  ctrlKey?: boolean;
  t: number;
}

export interface WedgeOptions {
  /** A burst whose mean gap between keys is below this is a scan. Scanners type at 1–20 ms a key, people at 100+. */
  maxMeanGapMs: number;
  /** A gap longer than this ends a burst: what came before was typed by a person. */
  maxGapMs: number;
  /** Scans shorter than this are treated as typing (a person can hit two keys fast). */
  minLength: number;
  /** Keys (`KeyboardEvent.key`) that end a scan. */
  terminators: readonly string[];
  /**
   * Text the scanner is programmed to send in place of GS (some scanners cannot send
   * Ctrl+] on every layout), e.g. `{GS}`; replaced by 0x1D in the scan.
   */
  gsSequence?: string;
}

export const DEFAULT_WEDGE_OPTIONS: WedgeOptions = { maxMeanGapMs: 35, maxGapMs: 100, minLength: 4, terminators: ['Enter'] };

export interface WedgeState {
  text: string;
  /** Time of every character key in `text`'s burst. */
  times: number[];
}

export type WedgeOutcome = { kind: 'scan'; text: string; meanGapMs: number } | { kind: 'typing'; text: string };

export const EMPTY_WEDGE_STATE: WedgeState = { text: '', times: [] };

const GS = '\u001d';

function meanGap(times: readonly number[]): number {
  if (times.length < 2) return Number.POSITIVE_INFINITY;
  return ((times.at(-1) as number) - (times[0] as number)) / (times.length - 1);
}

function decide(state: WedgeState, options: WedgeOptions, terminated: boolean): WedgeOutcome | undefined {
  if (state.text.length === 0) return undefined;
  const gap = meanGap(state.times);
  const text = options.gsSequence ? state.text.split(options.gsSequence).join(GS) : state.text;
  if (terminated && text.length >= options.minLength && gap <= options.maxMeanGapMs) return { kind: 'scan', text, meanGapMs: gap };
  return { kind: 'typing', text: state.text };
}

/** The character a key event contributes, or undefined for keys that type nothing (Shift, F-keys…). */
function keyChar(key: WedgeKey): string | undefined {
  if (key.ctrlKey && (key.code === 'BracketRight' || key.key === ']' || key.key === GS)) return GS;
  if (key.ctrlKey) return undefined;
  return [...key.key].length === 1 ? key.key : undefined;
}

/**
 * Feeds one key event. Returns the new state and, when a burst ended, what it was: a
 * scan (fast, long enough, ended by a terminator) or typing (everything else).
 */
export function wedgeStep(state: WedgeState, key: WedgeKey, options: WedgeOptions = DEFAULT_WEDGE_OPTIONS): { state: WedgeState; outcome?: WedgeOutcome } {
  const last = state.times.at(-1);
  if (last !== undefined && key.t - last > options.maxGapMs) {
    const flushed = decide(state, options, false);
    const next = wedgeStep(EMPTY_WEDGE_STATE, key, options);
    return { state: next.state, ...(flushed ? { outcome: flushed } : next.outcome ? { outcome: next.outcome } : {}) };
  }
  if (options.terminators.includes(key.key)) {
    const outcome = decide({ text: state.text, times: [...state.times, key.t] }, options, true);
    return { state: EMPTY_WEDGE_STATE, ...(outcome ? { outcome } : {}) };
  }
  const char = keyChar(key);
  if (char === undefined) return { state };
  return { state: { text: state.text + char, times: [...state.times, key.t] } };
}

/** Called when no key came for a while: a pending burst without terminator is typing. */
export function wedgeIdle(state: WedgeState, now: number, options: WedgeOptions = DEFAULT_WEDGE_OPTIONS): { state: WedgeState; outcome?: WedgeOutcome } {
  const last = state.times.at(-1);
  if (last === undefined || now - last <= options.maxGapMs) return { state };
  const outcome = decide(state, options, false);
  return { state: EMPTY_WEDGE_STATE, ...(outcome ? { outcome } : {}) };
}

// --- Layout check at setup ---

/** The test barcode's text: letters and symbols that land elsewhere on the common layouts (y/z, @, brackets, -/_). */
export const LAYOUT_TEST_TEXT = 'Yz-_/@#;:()[]=?';

export type LayoutCheck =
  | { ok: true }
  | { ok: false; scannerLayout: LayoutId; hostLayout: LayoutId; message: string }
  | { ok: false; scannerLayout: undefined; hostLayout: undefined; firstDifference: number; message: string };

/** What a scanner typing as `scannerLayout` produces on a host set to `hostLayout`. */
export function typedAs(text: string, scannerLayout: LayoutId, hostLayout: LayoutId): string | undefined {
  let out = '';
  for (const char of text) {
    const stroke = strokeFor(KEYBOARD_LAYOUTS[scannerLayout], char);
    if (!stroke) return undefined;
    out += charFor(KEYBOARD_LAYOUTS[hostLayout], stroke) ?? '';
  }
  return out;
}

/**
 * Compares the known test barcode text with what arrived through the keyboard and,
 * when they differ, names the layout mismatch that explains it.
 */
export function checkLayout(expected: string, received: string): LayoutCheck {
  if (expected === received) return { ok: true };
  const ids = Object.keys(KEYBOARD_LAYOUTS) as LayoutId[];
  for (const scannerLayout of ids) {
    for (const hostLayout of ids) {
      if (scannerLayout === hostLayout || typedAs(expected, scannerLayout, hostLayout) !== received) continue;
      const scannerName = KEYBOARD_LAYOUTS[scannerLayout].name;
      const hostName = KEYBOARD_LAYOUTS[hostLayout].name;
      return {
        ok: false,
        scannerLayout,
        hostLayout,
        message: `The scanner types as ${scannerName} but this computer's keyboard layout is ${hostName}. Set the scanner's keyboard country to ${hostName} (see its programming guide), or use it in serial or HID POS mode.`,
      };
    }
  }
  let firstDifference = 0;
  while (firstDifference < expected.length && expected[firstDifference] === received[firstDifference]) firstDifference += 1;
  return {
    ok: false,
    scannerLayout: undefined,
    hostLayout: undefined,
    firstDifference,
    message: `The test barcode arrived as "${received}" instead of "${expected}" (first difference at character ${firstDifference + 1}), and no known layout mismatch explains it. Check the scanner's keyboard settings and scan again.`,
  };
}
