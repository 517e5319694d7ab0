import { KEYBOARD_LAYOUTS, charFor, type LayoutId } from './keyboard-layouts';

// Pure decoders for the two report kinds HID scanners send (docs/devices.md, "Scanners"):
// keyboard boot reports (scanner in keyboard mode) and HID POS barcode scanner reports
// (usage page 0x8C). The node-hid binding only moves report bytes; all meaning is here.

export const HID_POS_USAGE_PAGE = 0x8c;

// --- Keyboard boot reports (HID 1.11, Appendix B.1): [modifiers, reserved, key1..key6] ---

const MOD_LCTRL = 0x01;
const MOD_LSHIFT = 0x02;
const MOD_LALT = 0x04;
const MOD_RCTRL = 0x10;
const MOD_RSHIFT = 0x20;
const MOD_RALT = 0x40; // AltGr on European layouts

const USAGE_ENTER = 0x28;
const USAGE_KEYPAD_ENTER = 0x58;
const USAGE_ERROR_ROLLOVER = 0x01;

/** Ctrl + key → ASCII control, by key position: how scanners in keyboard mode send GS (Ctrl+]) and friends. */
const CTRL_KEYS = new Map<number, number>([
  [0x2f, 0x1b], // Ctrl+[ → ESC
  [0x31, 0x1c], // Ctrl+\ → FS
  [0x30, 0x1d], // Ctrl+] → GS
]);

export interface UnknownUsage {
  usage: number;
  /** Index of the report in the sequence. */
  report: number;
}

export interface KeyboardDecode {
  /** Completed reads (each ended by Enter). */
  lines: string[];
  /** Text after the last Enter, not yet terminated. */
  pending: string;
  /** Key usages this layout has no character for. */
  unknown: UnknownUsage[];
}

/** What a keyboard decoder carries from one report to the next. */
export interface KeyboardDecoderState {
  /** Keys down in the last report: a key types once when pressed, not while held. */
  held: readonly number[];
  /** Text typed since the last Enter. */
  pending: string;
}

export const INITIAL_KEYBOARD_STATE: KeyboardDecoderState = { held: [], pending: '' };

/** Decodes one 8-byte keyboard boot report on `layoutId`; Enter ends a line. */
export function keyboardReportStep(
  state: KeyboardDecoderState,
  report: Uint8Array,
  layoutId: LayoutId,
  index = 0,
): { state: KeyboardDecoderState; lines: string[]; unknown: UnknownUsage[] } {
  const layout = KEYBOARD_LAYOUTS[layoutId];
  const lines: string[] = [];
  const unknown: UnknownUsage[] = [];
  const mods = report[0] ?? 0;
  const keys = [...report.subarray(2, 8)].filter((u) => u !== 0);
  if (keys.includes(USAGE_ERROR_ROLLOVER)) return { state, lines, unknown }; // too many keys at once: the report carries no keys
  const shift = (mods & (MOD_LSHIFT | MOD_RSHIFT)) !== 0;
  const ctrl = (mods & (MOD_LCTRL | MOD_RCTRL)) !== 0;
  const altGr = (mods & MOD_RALT) !== 0 || (ctrl && (mods & MOD_LALT) !== 0);
  let pending = state.pending;
  for (const usage of keys) {
    if (state.held.includes(usage)) continue;
    if (usage === USAGE_ENTER || usage === USAGE_KEYPAD_ENTER) {
      lines.push(pending);
      pending = '';
      continue;
    }
    if (ctrl && !altGr) {
      const control = CTRL_KEYS.get(usage) ?? (usage >= 0x04 && usage <= 0x1d ? usage - 0x03 : undefined);
      if (control === undefined) unknown.push({ usage, report: index });
      else pending += String.fromCharCode(control);
      continue;
    }
    const char = charFor(layout, { usage, shift, altGr });
    if (char === undefined) unknown.push({ usage, report: index });
    else pending += char;
  }
  return { state: { held: keys, pending }, lines, unknown };
}

/**
 * Decodes a sequence of 8-byte keyboard boot reports into text on `layout`. A key types
 * once when it appears in a report (not while it stays held); Enter ends a line.
 */
export function decodeKeyboardReports(reports: readonly Uint8Array[], layoutId: LayoutId): KeyboardDecode {
  let state = INITIAL_KEYBOARD_STATE;
  const lines: string[] = [];
  const unknown: UnknownUsage[] = [];
  reports.forEach((report, index) => {
    const step = keyboardReportStep(state, report, layoutId, index);
    state = step.state;
    lines.push(...step.lines);
    unknown.push(...step.unknown);
  });
  return { lines, pending: state.pending, unknown };
}

// --- HID POS barcode scanner reports (usage page 0x8C) ---
// The input report most POS scanners send (Honeywell, Zebra and others in "HID POS" mode):
//   byte 0      report id (0x02)
//   byte 1      number of data bytes in this report (0..56)
//   bytes 2..4  AIM symbology identifier (`]Q1`), zero when not sent
//   bytes 5..60 barcode data
//   byte 63     bit 0 set: more reports of this read follow
// node-hid on Linux (hidraw) hands the report id through as byte 0.

const POS_REPORT_ID = 0x02;
const POS_DATA_OFFSET = 5;
const POS_MAX_DATA = 56;

export interface PosReport {
  symbology: string | undefined;
  data: Uint8Array;
  more: boolean;
}

export type PosDecode = { ok: true; report: PosReport } | { ok: false; reason: string };

export function decodePosReport(report: Uint8Array): PosDecode {
  if (report[0] !== POS_REPORT_ID) {
    return { ok: false, reason: `Report id 0x${(report[0] ?? 0).toString(16)} is not a HID POS scanner input report (0x02).` };
  }
  const length = report[1] ?? 0;
  if (length > POS_MAX_DATA || report.length < POS_DATA_OFFSET + length) {
    return { ok: false, reason: `The report says ${length} data bytes but holds ${Math.max(0, report.length - POS_DATA_OFFSET)}.` };
  }
  const aim = report.subarray(2, 5);
  const symbology = aim[0] === 0x5d ? String.fromCharCode(...aim) : undefined;
  return {
    ok: true,
    report: { symbology, data: report.slice(POS_DATA_OFFSET, POS_DATA_OFFSET + length), more: ((report[63] ?? 0) & 1) === 1 },
  };
}

/** A whole read joined from its POS reports: the symbology of the first, the data of all. */
export interface PosRead {
  symbology: string | undefined;
  data: Uint8Array;
}

/** Joins POS reports into reads: a read ends with a report whose "more" bit is clear. */
export function joinPosReports(reports: readonly PosReport[]): { reads: PosRead[]; rest: PosReport[] } {
  const reads: PosRead[] = [];
  let part: PosReport[] = [];
  for (const report of reports) {
    part.push(report);
    if (report.more) continue;
    const total = part.reduce((n, r) => n + r.data.length, 0);
    const data = new Uint8Array(total);
    let at = 0;
    for (const r of part) {
      data.set(r.data, at);
      at += r.data.length;
    }
    reads.push({ symbology: part[0]?.symbology, data });
    part = [];
  }
  return { reads, rest: part };
}
