import type { DeviceStatusCode } from '../../src-shared/ipc/devices';

/**
 * The one error every device binding throws (callers branch on a field, never on the
 * message). `canceled`: the handle was closed while an operation was pending —
 * not a fault. Any other error from an open handle means the device is gone
 * (`disconnected`): close it and reopen later.
 */
export class DeviceError extends Error {
  readonly code: DeviceStatusCode | 'CANCELED';
  readonly canceled: boolean;
  readonly disconnected: boolean;

  constructor(code: DeviceStatusCode | 'CANCELED', message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DeviceError';
    this.code = code;
    this.canceled = code === 'CANCELED';
    this.disconnected = !this.canceled;
  }
}

export function canceledError(what: string): DeviceError {
  return new DeviceError('CANCELED', `${what} was closed while a read was pending.`);
}

/** Wraps whatever a native binding threw into a DeviceError; unknown errors mean disconnect. */
export function asDeviceError(error: unknown, fallback: DeviceStatusCode, what: string): DeviceError {
  if (error instanceof DeviceError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new DeviceError(fallback, `${what}: ${detail}`, { cause: error });
}
