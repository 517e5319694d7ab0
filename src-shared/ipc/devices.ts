import { z } from 'zod';
import { TagTypeSchema } from '../api/common';
import { IdentifierReadSchema, ReadRejectCodeSchema } from '../domain/identifier-read';

// The devices part of the station contract (docs/devices.md): list, status, roles, serial
// settings, test read, virtual read injection; events for reads, rejected reads and
// status changes. Camera settings commands live beside these (added by the camera area).

const DeviceKindSchema = z.enum(['scanner', 'nfc', 'camera']);
export type DeviceKind = z.infer<typeof DeviceKindSchema>;

/** How the station talks to the device. `virtual` devices are the demo/test twins. */
const DeviceTransportSchema = z.enum(['serial', 'hid', 'keyboard', 'pcsc', 'media', 'folder', 'virtual']);
export type DeviceTransport = z.infer<typeof DeviceTransportSchema>;

/**
 * Health of one device. `connected`: open and idle; `reading`: a card is on the reader
 * or a read is being assembled; `disconnected`: known but not there (unplugged, service
 * stopped; the station retries by itself); `error`: cannot be used until someone acts.
 */
const DeviceStateSchema = z.enum(['connected', 'reading', 'disconnected', 'error']);
export type DeviceState = z.infer<typeof DeviceStateSchema>;

/** Why a device is not connected; callers branch on this, the reason text is for people. */
const DeviceStatusCodeSchema = z.enum([
  'PORT_ABSENT',
  'PORT_BUSY',
  'PORT_DENIED',
  'OPEN_FAILED',
  'UNPLUGGED',
  'NO_PCSC_SERVICE',
  'NO_READER',
  'DRIVER_UNAVAILABLE',
  'CLOSED',
]);
export type DeviceStatusCode = z.infer<typeof DeviceStatusCodeSchema>;

const DeviceStatusSchema = z.object({
  state: DeviceStateSchema,
  code: DeviceStatusCodeSchema.optional(),
  /** What is wrong and what to do, for the operator. */
  reason: z.string().optional(),
  since: z.string(),
});
export type DeviceStatus = z.infer<typeof DeviceStatusSchema>;

/** The line terminator a serial scanner ends each read with; `custom` uses `customTerminator` (hex). */
const LineTerminatorSchema = z.enum(['CR', 'LF', 'CRLF', 'custom']);
export type LineTerminator = z.infer<typeof LineTerminatorSchema>;

export const SerialSettingsSchema = z.object({
  path: z.string().min(1),
  baudRate: z.number().int().positive().default(9600),
  dataBits: z.union([z.literal(5), z.literal(6), z.literal(7), z.literal(8)]).default(8),
  parity: z.enum(['none', 'even', 'odd', 'mark', 'space']).default('none'),
  stopBits: z.union([z.literal(1), z.literal(1.5), z.literal(2)]).default(1),
  terminator: LineTerminatorSchema.default('CR'),
  /** Hex bytes of a custom terminator, e.g. `"03"` (ETX). Needed when terminator is `custom`. */
  customTerminator: z
    .string()
    .regex(/^([0-9a-fA-F]{2})+$/)
    .optional(),
});
export type SerialSettings = z.infer<typeof SerialSettingsSchema>;
export type SerialSettingsInput = z.input<typeof SerialSettingsSchema>;

/** Keyboard layouts the HID keyboard decoder knows (src-shared/domain/keyboard-layouts.ts). */
const KeyboardLayoutSchema = z.enum(['US', 'DE']);

const UsbIdSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{4}$/, 'a USB id is 4 hex digits, e.g. "0C2E"')
  .transform((id) => id.toUpperCase());

/**
 * A HID scanner in keyboard mode, read directly (it looks like a keyboard, so it is
 * only opened when configured). `layout` is the keyboard country the scanner types as.
 */
export const HidKeyboardSettingsSchema = z.object({
  vendorId: UsbIdSchema,
  productId: UsbIdSchema,
  layout: KeyboardLayoutSchema.default('US'),
});
export type HidKeyboardSettings = z.infer<typeof HidKeyboardSettingsSchema>;
export type HidKeyboardSettingsInput = z.input<typeof HidKeyboardSettingsSchema>;

/**
 * The result of the keyboard-wedge layout test (src-shared/domain/wedge.ts, LAYOUT_TEST_TEXT):
 * the test barcode scanned through the keyboard arrived unchanged (`ok`), or with the layout
 * mismatch that explains the difference (the scanner types as `scannerLayout`, this computer
 * uses `hostLayout`), or mangled in a way no known mismatch explains (both null).
 */
export const WedgeLayoutCheckSchema = z.object({
  ok: z.boolean(),
  scannerLayout: KeyboardLayoutSchema.nullable(),
  hostLayout: KeyboardLayoutSchema.nullable(),
  /** What arrived through the keyboard. */
  received: z.string(),
  /** What is wrong and what to do (English; the UI words it from the fields above). */
  message: z.string(),
  checkedAt: z.string(),
});
export type WedgeLayoutCheck = z.infer<typeof WedgeLayoutCheckSchema>;

const DeviceInfoSchema = z.object({
  /** Stable id: `serial:<path>`, `hid:<VID>:<PID>[:<serial>]`, `pcsc:<reader name>`, `virtual:scanner`, `camera:<name>`. */
  id: z.string().min(1),
  kind: DeviceKindSchema,
  transport: DeviceTransportSchema,
  name: z.string(),
  /** The identifier slot this device feeds (a Label's tagType), or null to place reads by their own tagType. */
  role: TagTypeSchema.nullable(),
  status: DeviceStatusSchema,
  /** USB ids as 4-digit uppercase hex, for HID devices. */
  vendorId: z.string().optional(),
  productId: z.string().optional(),
  serial: SerialSettingsSchema.optional(),
  hidKeyboard: HidKeyboardSettingsSchema.optional(),
  /** The last layout test of the keyboard-wedge scanner (`keyboard:wedge` only); persisted. */
  wedgeLayout: WedgeLayoutCheckSchema.optional(),
});
export type DeviceInfo = z.infer<typeof DeviceInfoSchema>;

/** A read the station refused: it says why, and the device keeps working. */
const ReadRejectedSchema = z.object({
  device: z.string(),
  code: ReadRejectCodeSchema,
  reason: z.string(),
  /** How many bytes arrived (the raw bytes are not echoed). */
  bytes: z.number().int().nonnegative(),
  at: z.string(),
});
export type ReadRejected = z.infer<typeof ReadRejectedSchema>;

const DeviceRef = z.object({ device: z.string().min(1) }).strict();

export const devicesCommands = {
  /** Every known device with its status and role. */
  'devices.list': { input: z.object({}).strict(), output: z.object({ devices: z.array(DeviceInfoSchema) }) },
  /** One device's info and status. Fails with STATION_NOT_FOUND for an unknown id. */
  'devices.status': { input: DeviceRef, output: DeviceInfoSchema },
  /** Sets (or clears with null) the identifier slot a device feeds; persisted. */
  'devices.assignRole': {
    input: z.object({ device: z.string().min(1), role: TagTypeSchema.nullable() }).strict(),
    output: DeviceInfoSchema,
  },
  /** Adds or updates a serial scanner (ptys and many USB adapters do not show in a port listing); persisted. */
  'devices.configureSerial': { input: SerialSettingsSchema.strict(), output: DeviceInfoSchema },
  /** Forgets a configured serial scanner (and its role). */
  'devices.removeSerial': { input: DeviceRef, output: z.object({ removed: z.boolean() }) },
  /** Adds or updates a HID scanner in keyboard mode by USB ids, with the layout it types in; persisted. Its id is `hid:VID:PID`. */
  'devices.configureHidKeyboard': { input: HidKeyboardSettingsSchema.strict(), output: DeviceInfoSchema },
  /** Forgets a configured keyboard-mode HID scanner (and its role). */
  'devices.removeHidKeyboard': { input: DeviceRef, output: z.object({ removed: z.boolean() }) },
  /** Waits for the next read from one device (setup check: "scan the test barcode"). */
  'devices.testRead': {
    input: z.object({ device: z.string().min(1), timeoutMs: z.number().int().min(100).max(120_000).default(15_000) }).strict(),
    output: z.object({ read: IdentifierReadSchema.nullable() }),
  },
  /**
   * A keyboard-wedge scan the renderer recognised (src-shared/domain/wedge.ts: timing,
   * terminator, GS) → a read from device `keyboard:wedge`, typed like a serial scanner
   * line (AIM id, else the device's slot). Returns the read, or why it was refused.
   */
  'devices.submitWedgeScan': {
    input: z.object({ text: z.string().max(16_384) }).strict(),
    output: z.object({ read: IdentifierReadSchema.nullable(), rejected: ReadRejectedSchema.nullable() }),
  },
  /**
   * The keyboard layout test at setup: `text` is what the wedge scanner typed for the layout
   * test barcode (LAYOUT_TEST_TEXT, taken by the renderer instead of being submitted as a
   * scan). Says whether the layout is right or which mismatch explains it; persisted, and
   * shown on `keyboard:wedge` as `wedgeLayout`.
   */
  'devices.checkWedgeLayout': {
    input: z.object({ text: z.string().max(1024) }).strict(),
    output: WedgeLayoutCheckSchema,
  },
  /**
   * Feeds a virtual device as if hardware had sent it (demo "virtual devices" panel).
   * `virtual:scanner`: `data` is the scanner's line, AIM prefix allowed (`]Q1ABC`), `\u001d` for GS.
   * `virtual:nfc`: `data` is the card UID in hex; the card is placed and then removed.
   */
  'devices.inject': {
    input: z.object({ device: z.enum(['virtual:scanner', 'virtual:nfc']), data: z.string().min(1).max(4096) }).strict(),
    output: z.object({ accepted: z.boolean() }),
  },
} as const;

export const devicesEvents = {
  /** One normalized read: `{tagType, value, device, at}` (+ basis, symbology). */
  'devices.read': IdentifierReadSchema,
  /** A device's status changed. */
  'devices.status': z.object({ device: z.string(), status: DeviceStatusSchema }),
  /** A read arrived but was refused (empty, too long, control characters, invalid UTF-8…). */
  'devices.readRejected': ReadRejectedSchema,
  /** The device list changed (plugged, unplugged, configured, removed, role changed). */
  'devices.changed': z.object({ devices: z.array(DeviceInfoSchema) }),
} as const;
