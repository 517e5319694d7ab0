import type { TagType } from '../../../../src-shared/api/common';
import type { QualityThresholds } from '../../../../src-shared/domain/image-quality';
import type { DeviceInfo, LineTerminator, SerialSettingsInput } from '../../../../src-shared/ipc';
import { QualityThresholdsSchema } from '../../../../src-shared/ipc/camera';
import { SerialSettingsSchema } from '../../../../src-shared/ipc/devices';

// The Devices screen's forms as plain values: what the fields hold (strings, as inputs give
// them) and how they become the contract's settings. Kept apart from the components so the
// rules are tested without a browser.

// --- Serial scanners (devices.configureSerial) ---

export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
export const DATA_BITS = ['8', '7', '6', '5'] as const;
export const PARITIES = ['none', 'even', 'odd', 'mark', 'space'] as const;
export const STOP_BITS = ['1', '1.5', '2'] as const;
export const TERMINATORS: readonly LineTerminator[] = ['CR', 'LF', 'CRLF', 'custom'];

export interface SerialForm {
  path: string;
  baudRate: string;
  dataBits: (typeof DATA_BITS)[number];
  parity: (typeof PARITIES)[number];
  stopBits: (typeof STOP_BITS)[number];
  terminator: LineTerminator;
  customTerminator: string;
  /** The slot the scanner feeds ('' = by the read's own type). */
  role: TagType | '';
}

export const NEW_SERIAL_FORM: SerialForm = {
  path: '',
  baudRate: '9600',
  dataBits: '8',
  parity: 'none',
  stopBits: '1',
  terminator: 'CR',
  customTerminator: '',
  role: '',
};

/** The form filled from a configured serial scanner (to edit it). */
export function serialFormOf(device: DeviceInfo): SerialForm {
  const s = device.serial;
  if (!s) return { ...NEW_SERIAL_FORM, role: device.role ?? '' };
  return {
    path: s.path,
    baudRate: String(s.baudRate),
    dataBits: String(s.dataBits) as SerialForm['dataBits'],
    parity: s.parity,
    stopBits: String(s.stopBits) as SerialForm['stopBits'],
    terminator: s.terminator,
    customTerminator: s.customTerminator ?? '',
    role: device.role ?? '',
  };
}

export type SerialFormResult =
  { ok: true; settings: SerialSettingsInput; role: TagType | null } | { ok: false; field: 'path' | 'baudRate' | 'customTerminator' };

/** Hex typed by a person (`0x03`, `0d 0a`, `0D:0A`) as the contract's bytes (`03`, `0D0A`). */
export function normalizeHex(text: string): string {
  return text
    .replace(/0x/gi, '')
    .replace(/[\s:,-]/g, '')
    .toUpperCase();
}

export function serialSettingsFromForm(form: SerialForm): SerialFormResult {
  const path = form.path.trim();
  if (!path) return { ok: false, field: 'path' };
  const baudRate = Number(form.baudRate.trim());
  if (!Number.isInteger(baudRate) || baudRate <= 0) return { ok: false, field: 'baudRate' };
  const customTerminator = normalizeHex(form.customTerminator);
  if (form.terminator === 'custom' && !/^([0-9A-F]{2})+$/.test(customTerminator)) return { ok: false, field: 'customTerminator' };
  const settings: SerialSettingsInput = {
    path,
    baudRate,
    dataBits: Number(form.dataBits) as 5 | 6 | 7 | 8,
    parity: form.parity,
    stopBits: Number(form.stopBits) as 1 | 1.5 | 2,
    terminator: form.terminator,
    ...(form.terminator === 'custom' ? { customTerminator } : {}),
  };
  // The contract's own check, so the form never sends what the station refuses.
  if (!SerialSettingsSchema.safeParse(settings).success) return { ok: false, field: 'path' };
  return { ok: true, settings, role: form.role || null };
}

// --- Quality gate thresholds (camera.settings.set) ---

export type ThresholdKey = keyof QualityThresholds;

/** The fields in the order shown; `percent` fields are shares (0–1) shown as 0–100. */
export const THRESHOLD_FIELDS: readonly { key: ThresholdKey; step: number; min: number; max?: number; percent?: boolean }[] = [
  { key: 'minFocus', step: 1, min: 0 },
  { key: 'minContrast', step: 0.01, min: 0 },
  { key: 'minMeanLuminance', step: 1, min: 0, max: 255 },
  { key: 'maxMeanLuminance', step: 1, min: 0, max: 255 },
  { key: 'maxClippedShadows', step: 0.1, min: 0, max: 100, percent: true },
  { key: 'maxClippedHighlights', step: 0.1, min: 0, max: 100, percent: true },
  { key: 'minLongSide', step: 1, min: 1 },
  { key: 'minShortSide', step: 1, min: 1 },
];

export type ThresholdForm = Record<ThresholdKey, string>;

/** Rounds away binary noise (0.35 × 100 = 35.00000000000001). */
const tidy = (value: number) => String(Number(value.toFixed(6)));

/** The form's text of each threshold, with `decimal` as the decimal mark (the UI's language's: "," in German). */
export function thresholdForm(thresholds: QualityThresholds, decimal = '.'): ThresholdForm {
  const out = {} as ThresholdForm;
  for (const field of THRESHOLD_FIELDS) out[field.key] = tidy(field.percent ? thresholds[field.key] * 100 : thresholds[field.key]).replace('.', decimal);
  return out;
}

export type ThresholdResult = { ok: true; thresholds: QualityThresholds } | { ok: false; field: ThresholdKey; problem: 'number' | 'order' };

export function thresholdsFromForm(form: ThresholdForm): ThresholdResult {
  const out = {} as QualityThresholds;
  for (const field of THRESHOLD_FIELDS) {
    const text = form[field.key].trim().replace(',', '.');
    const value = Number(text);
    if (text === '' || !Number.isFinite(value) || value < field.min || (field.max !== undefined && value > field.max))
      return { ok: false, field: field.key, problem: 'number' };
    if (field.key === 'minLongSide' || field.key === 'minShortSide') {
      if (!Number.isInteger(value)) return { ok: false, field: field.key, problem: 'number' };
    }
    out[field.key] = field.percent ? Number((value / 100).toFixed(6)) : value;
  }
  if (out.minMeanLuminance > out.maxMeanLuminance) return { ok: false, field: 'minMeanLuminance', problem: 'order' };
  const parsed = QualityThresholdsSchema.safeParse(out);
  if (!parsed.success) return { ok: false, field: (parsed.error.issues[0]?.path[0] as ThresholdKey | undefined) ?? 'minFocus', problem: 'number' };
  return { ok: true, thresholds: parsed.data };
}
