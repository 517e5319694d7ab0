import type { DeviceKind, DeviceStatus } from '../../../src-shared/ipc';

// A device's trouble in a sentence from its code (src-shared/ipc/devices.ts, DeviceStatusCode): what is wrong and
// what to do. The station's own text (errno, the PC/SC or driver message) goes under "Details" beside it.

const DEVICE_CODES = ['PORT_ABSENT', 'PORT_BUSY', 'PORT_DENIED', 'OPEN_FAILED', 'UNPLUGGED', 'NO_PCSC_SERVICE', 'NO_READER', 'DRIVER_UNAVAILABLE', 'CLOSED'];

/** The catalog key of the sentence for a device status code (`devices.problems.PORT_BUSY`), or undefined for other codes. */
export function deviceProblemKey(code: string, kind?: DeviceKind): string | undefined {
  if (!DEVICE_CODES.includes(code)) return undefined;
  // A camera that cannot be opened was most often refused (permission) or is held by another program.
  if (kind === 'camera' && (code === 'OPEN_FAILED' || code === 'PORT_ABSENT')) return `devices.problems.camera_${code}`;
  return `devices.problems.${code}`;
}

/** The sentence key for a device's status, when it has a code; its reason is the raw text. */
export function deviceStatusProblem(status: DeviceStatus, kind: DeviceKind): { key: string; raw: string | undefined } | undefined {
  const key = status.code ? deviceProblemKey(status.code, kind) : undefined;
  return key ? { key, raw: status.reason } : undefined;
}
