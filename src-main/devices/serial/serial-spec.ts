import type { SerialSettingsInput } from '../../../src-shared/ipc/devices';

/** Thrown for a malformed `--serial` / STATION_SERIAL_PORTS entry. */
export class SerialSpecError extends Error {
  readonly code = 'INVALID_SERIAL_SPEC';
}

/** `PATH[:BAUD]` (the CLI's `--serial` and STATION_SERIAL_PORTS entries) → serial settings. */
export function parseSerialSpec(spec: string): SerialSettingsInput {
  const trimmed = spec.trim();
  const colon = trimmed.lastIndexOf(':');
  const tail = colon > 0 ? trimmed.slice(colon + 1) : '';
  if (colon > 0 && /^\d+$/.test(tail)) {
    const baudRate = Number(tail);
    if (baudRate <= 0) throw new SerialSpecError(`"${spec}": the baud rate must be a positive number.`);
    return { path: trimmed.slice(0, colon), baudRate };
  }
  if (!trimmed) throw new SerialSpecError('An empty serial port entry: give PATH or PATH:BAUD, e.g. /dev/ttyACM0:9600.');
  return { path: trimmed };
}

/** STATION_SERIAL_PORTS: comma-separated `PATH[:BAUD]` entries. */
export function parseSerialList(value: string | undefined): SerialSettingsInput[] {
  if (!value?.trim()) return [];
  return value.split(',').filter((s) => s.trim()).map(parseSerialSpec);
}
